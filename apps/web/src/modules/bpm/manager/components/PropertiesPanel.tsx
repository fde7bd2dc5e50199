import { useEffect, useState } from 'react';
import { Alert, Checkbox, Divider, Empty, Form, Input, InputNumber, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { parseExpression } from '@breedwise/expr';
import { parseDuration } from '@breedwise/workflow';
import { SERVICE_STRATEGIES, type RuleRow } from '@breedwise/contracts/bpm';
import { RuleEditor } from './RuleEditor';
import { FormPicker } from './FormPicker';

/** The parts of bpmn-js the panel uses (typed here: bpmn-js ships loose types for its services). */
export interface BpmnElement {
  id: string;
  type: string;
  businessObject: BusinessObject;
}
export interface BusinessObject {
  id: string;
  name?: string;
  $type: string;
  get(name: string): unknown;
  loopCharacteristics?: { $type: string; isSequential?: boolean };
  conditionExpression?: { body?: string };
  sourceRef?: BusinessObject;
  targetRef?: BusinessObject;
  outgoing?: BusinessObject[];
  default?: BusinessObject;
  flowElements?: BusinessObject[];
  eventDefinitions?: { $type: string; timeDuration?: { body?: string } }[];
}
export interface Modeling {
  updateProperties(element: BpmnElement, props: Record<string, unknown>): void;
  updateModdleProperties(element: BpmnElement, moddleElement: unknown, props: Record<string, unknown>): void;
  updateLabel(element: BpmnElement, text: string): void;
}
export interface Moddle {
  create(type: string, attrs?: Record<string, unknown>): unknown;
}
export interface ElementRegistry {
  get(id: string): BpmnElement | undefined;
  filter(fn: (e: BpmnElement) => boolean): BpmnElement[];
}

/** The condition text without its `${ }` wrapper, and its parse error if any (checked as it is typed). */
function conditionError(text: string): string | null {
  if (!text.trim()) return null;
  try {
    parseExpression(text);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

/**
 * Our properties panel: what the server executes. User task: name, form, countersign (all/any over a
 * list variable), reject target and, for the deployed version, its assignment rule. Gateway output:
 * condition (the safe expression language) and default flow. Exclusive gateway: every output's condition
 * and which one is the default. End event: outcome. Service task: a strategy from the server's fixed list
 * and its retries. Timer event: an ISO 8601 duration.
 */
export function PropertiesPanel({
  element,
  modeling,
  moddle,
  registry,
  rules,
  onRuleSaved,
}: {
  element: BpmnElement | null;
  modeling: Modeling;
  moddle: Moddle;
  registry: ElementRegistry;
  rules: RuleRow[] | null;
  onRuleSaved(): void;
}) {
  const { t } = useTranslation();
  const [, force] = useState(0);
  const [duration, setDuration] = useState('');
  const bo = element?.businessObject;
  const timerDef = bo?.eventDefinitions?.find((d) => d.$type === 'bpmn:TimerEventDefinition');
  useEffect(() => {
    setDuration(timerDef?.timeDuration?.body?.trim() ?? '');
  }, [timerDef]);
  if (!element || !bo) return <Empty description={t('bpm.designer.pick')} />;
  const set = (props: Record<string, unknown>) => {
    modeling.updateProperties(element, props);
    force((n) => n + 1);
  };
  const userTasks = registry.filter((e) => e.type === 'bpmn:UserTask' && e.id !== element.id);
  const isUserTask = element.type === 'bpmn:UserTask';
  const isFlow = element.type === 'bpmn:SequenceFlow';
  const fromGateway = isFlow && bo.sourceRef?.$type === 'bpmn:ExclusiveGateway';
  const isEnd = element.type === 'bpmn:EndEvent';
  const countersign = bo.loopCharacteristics ? ((bo.get('bw:countersign') as string | undefined) ?? 'all') : 'none';
  const rule = rules?.find((r) => r.taskKey === element.id) ?? null;
  const isService = element.type === 'bpmn:ServiceTask';
  const isCatch = element.type === 'bpmn:IntermediateCatchEvent';
  const durationError = duration.trim() && !parseDuration(duration) ? t('bpm.designer.durationInvalid') : null;
  const isExclusive = element.type === 'bpmn:ExclusiveGateway';
  const setDefault = (gateway: BusinessObject, flow: BusinessObject, on: boolean) => {
    const flowElement = registry.get(flow.id)!;
    // A default path has no condition (BPMN ignores it): it is taken when no other condition holds.
    if (on && flow.conditionExpression) modeling.updateProperties(flowElement, { conditionExpression: undefined });
    modeling.updateProperties(registry.get(gateway.id)!, { default: on ? flow : undefined });
    force((n) => n + 1);
  };
  return (
    <Form layout="vertical" size="small" data-testid="bpm-properties">
      <Typography.Text type="secondary">
        {t(`bpm.designer.types.${element.type.replace('bpmn:', '')}`, { defaultValue: element.type.replace('bpmn:', '') })} · {element.id}
      </Typography.Text>
      <Form.Item label={t('bpm.designer.name')} style={{ marginTop: 8 }}>
        <Input key={`${element.id}-name`} defaultValue={bo.name ?? ''} onBlur={(e) => modeling.updateLabel(element, e.target.value)} data-testid="prop-name" />
      </Form.Item>
      {(isUserTask || element.type === 'bpmn:StartEvent') && (
        <Form.Item label={t('bpm.designer.form')} extra={t('bpm.designer.formHelp')}>
          <FormPicker
            key={`${element.id}-form`}
            value={(bo.get('bw:formKey') as string | undefined) || undefined}
            onChange={(v) => set({ 'bw:formKey': v || undefined })}
          />
        </Form.Item>
      )}
      {isUserTask && (
        <>
          <Form.Item label={t('bpm.designer.countersign')} extra={countersign !== 'none' ? t('bpm.designer.countersignHelp') : undefined}>
            <Select
              value={countersign}
              data-testid="prop-countersign"
              onChange={(v) => {
                if (v === 'none') set({ loopCharacteristics: undefined, 'bw:countersign': undefined, 'bw:collection': undefined });
                else
                  set({
                    loopCharacteristics: bo.loopCharacteristics ?? moddle.create('bpmn:MultiInstanceLoopCharacteristics', { isSequential: false }),
                    'bw:countersign': v,
                    'bw:collection': (bo.get('bw:collection') as string) || 'reviewers',
                  });
              }}
              options={[
                { value: 'none', label: t('bpm.designer.countersignNone') },
                { value: 'all', label: t('bpm.designer.countersignAll') },
                { value: 'any', label: t('bpm.designer.countersignAny') },
              ]}
            />
          </Form.Item>
          <Form.Item label={t('bpm.designer.rejectTarget')} extra={t('bpm.designer.rejectHelp')}>
            <Select
              allowClear
              value={(bo.get('bw:rejectTarget') as string) || undefined}
              placeholder={t('bpm.designer.rejectEnds')}
              onChange={(v) => set({ 'bw:rejectTarget': v || undefined })}
              options={userTasks.map((u) => ({ value: u.id, label: `${u.businessObject.name || u.id}` }))}
              data-testid="prop-reject-target"
            />
          </Form.Item>
          <Divider style={{ margin: '8px 0' }} />
          <Form.Item label={t('bpm.designer.assignee')}>
            {rule ? (
              <RuleEditor rule={rule} onSaved={onRuleSaved} vertical />
            ) : (
              <Typography.Text type="secondary">{t('bpm.designer.assigneeAfterDeploy')}</Typography.Text>
            )}
          </Form.Item>
        </>
      )}
      {fromGateway && (
        <>
          <FlowCondition
            flow={element}
            modeling={modeling}
            moddle={moddle}
            disabled={bo.sourceRef?.default?.id === bo.id}
            onChange={() => force((n) => n + 1)}
          />
          <Form.Item>
            <Checkbox
              checked={bo.sourceRef?.default?.id === bo.id}
              onChange={(e) => setDefault(bo.sourceRef!, bo, e.target.checked)}
              data-testid="prop-default"
            >
              {t('bpm.designer.defaultFlow')}
            </Checkbox>
          </Form.Item>
        </>
      )}
      {isExclusive && (
        <Form.Item label={t('bpm.designer.outgoing')} extra={t('bpm.designer.outgoingHelp')}>
          {(bo.outgoing ?? []).length === 0 && <Typography.Text type="secondary">{t('bpm.designer.noOutgoing')}</Typography.Text>}
          {(bo.outgoing ?? []).map((flow) => {
            const isDefault = bo.default?.id === flow.id;
            const target = flow.targetRef?.name || flow.targetRef?.id || '';
            return (
              <div key={flow.id} className="bw-gateway-flow" data-testid="gateway-flow" data-target={target}>
                <Typography.Text strong ellipsis>
                  → {target}
                </Typography.Text>
                <FlowCondition
                  flow={registry.get(flow.id)!}
                  modeling={modeling}
                  moddle={moddle}
                  disabled={isDefault}
                  compact
                  onChange={() => force((n) => n + 1)}
                />
                <Checkbox checked={isDefault} onChange={(e) => setDefault(bo, flow, e.target.checked)} data-testid="gateway-flow-default">
                  {t('bpm.designer.defaultFlowShort')}
                </Checkbox>
              </div>
            );
          })}
        </Form.Item>
      )}
      {isEnd && (
        <Form.Item label={t('bpm.designer.outcome')}>
          <Select
            value={(bo.get('bw:outcome') as string) || 'approved'}
            onChange={(v) => set({ 'bw:outcome': v === 'approved' ? undefined : v })}
            options={[
              { value: 'approved', label: t('bpm.instanceStatus.approved') },
              { value: 'rejected', label: t('bpm.instanceStatus.rejected') },
            ]}
          />
        </Form.Item>
      )}
      {isService && (
        <>
          <Form.Item label={t('bpm.designer.strategy')} extra={t('bpm.designer.strategyHelp')}>
            <Select
              value={(bo.get('bw:strategy') as string) || undefined}
              placeholder={t('bpm.designer.strategyPick')}
              onChange={(v) => set({ 'bw:strategy': v })}
              options={SERVICE_STRATEGIES.map((s) => ({ value: s, label: t(`bpm.strategies.${s}`) }))}
              optionRender={(o) => (
                <div>
                  <div>{o.label}</div>
                  <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'normal' }}>
                    {t(`bpm.strategyHelp.${o.value as string}`)}
                  </Typography.Text>
                </div>
              )}
              data-testid="prop-strategy"
            />
          </Form.Item>
          <Form.Item label={t('bpm.designer.retries')} extra={t('bpm.designer.retriesHelp')}>
            <InputNumber
              min={0}
              max={10}
              precision={0}
              value={Number((bo.get('bw:retries') as string | undefined) ?? 3)}
              onChange={(v) => set({ 'bw:retries': v === null || v === 3 ? undefined : String(v) })}
              data-testid="prop-retries"
            />
          </Form.Item>
        </>
      )}
      {isCatch &&
        (timerDef ? (
          <Form.Item
            label={t('bpm.designer.duration')}
            extra={t('bpm.designer.durationHelp')}
            validateStatus={durationError ? 'error' : undefined}
            help={durationError ?? undefined}
          >
            <Input
              value={duration}
              placeholder="PT30M"
              onChange={(e) => setDuration(e.target.value)}
              onBlur={() => {
                if (!duration.trim() || !parseDuration(duration)) return;
                modeling.updateModdleProperties(element, timerDef, {
                  timeDuration: moddle.create('bpmn:FormalExpression', { body: duration.trim() }),
                });
                force((n) => n + 1);
              }}
              data-testid="prop-duration"
            />
          </Form.Item>
        ) : (
          <Alert type="info" showIcon message={t('bpm.designer.timerOnly')} />
        ))}
      {element.type === 'bpmn:ScriptTask' && <Alert type="warning" showIcon message={t('bpm.designer.noScripts')} />}
    </Form>
  );
}

/** One gateway output's condition in the safe expression language, checked as it is typed, stored on blur. */
function FlowCondition({
  flow,
  modeling,
  moddle,
  disabled,
  compact,
  onChange,
}: {
  flow: BpmnElement;
  modeling: Modeling;
  moddle: Moddle;
  disabled: boolean;
  compact?: boolean;
  onChange(): void;
}) {
  const { t } = useTranslation();
  const bo = flow.businessObject;
  const [condition, setCondition] = useState('');
  useEffect(() => {
    setCondition(bo.conditionExpression?.body?.replace(/^\$\{\s*|\s*\}$/g, '') ?? '');
  }, [bo, bo.conditionExpression]);
  const error = conditionError(condition);
  return (
    <Form.Item
      label={compact ? undefined : t('bpm.designer.condition')}
      extra={compact ? undefined : t('bpm.designer.conditionHelp')}
      validateStatus={error ? 'error' : undefined}
      help={error ?? undefined}
      style={compact ? { marginBottom: 4 } : undefined}
    >
      <Input
        value={disabled ? '' : condition}
        disabled={disabled}
        placeholder={disabled ? t('bpm.designer.defaultNoCondition') : 'quantity > 100'}
        onChange={(e) => setCondition(e.target.value)}
        onBlur={() => {
          if (conditionError(condition)) return;
          const text = condition.trim();
          modeling.updateProperties(flow, { conditionExpression: text ? moddle.create('bpmn:FormalExpression', { body: `\${${text}}` }) : undefined });
          onChange();
        }}
        data-testid="prop-condition"
      />
    </Form.Item>
  );
}
