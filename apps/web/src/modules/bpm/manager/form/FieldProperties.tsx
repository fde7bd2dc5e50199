import { Button, Col, Form, Input, InputNumber, Row, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DYNAMIC_FIELD_TYPES, type DynamicField, type FormCondition, type FormConditionGroup } from '@breedwise/contracts';

const CHOICE = new Set(['select', 'multiSelect', 'radio']);
const NUMERIC = new Set(['number', 'integer']);
const OPS: FormCondition['op'][] = ['eq', 'ne', 'in', 'notIn', 'empty', 'notEmpty', 'gt', 'lt'];
type Mode = 'all' | 'any';

/** A condition's value as typed: numbers for gt/lt, a comma list for in/notIn, else text ("true"/"false" for switches). */
function parseValue(op: FormCondition['op'], text: string, other?: DynamicField): FormCondition['value'] {
  if (op === 'empty' || op === 'notEmpty') return undefined;
  if (op === 'gt' || op === 'lt') return Number(text);
  if (op === 'in' || op === 'notIn')
    return text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  if (other?.type === 'switch') return text === 'true';
  if (other && NUMERIC.has(other.type) && text.trim() !== '' && Number.isFinite(Number(text))) return Number(text);
  return text;
}
const showValue = (v: FormCondition['value']) => (Array.isArray(v) ? v.join(', ') : v === undefined ? '' : String(v));

/** Conditions on other fields, all or any of them (hidden when / required when). */
function ConditionEditor({
  group,
  fields,
  onChange,
  testId,
}: {
  group: FormConditionGroup | undefined;
  fields: DynamicField[];
  onChange(g: FormConditionGroup | undefined): void;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  const mode: Mode = group?.any?.length ? 'any' : 'all';
  const list = (mode === 'any' ? group?.any : group?.all) ?? [];
  const emit = (next: FormCondition[], m: Mode = mode) => onChange(next.length ? { [m]: next } : undefined);
  const byName = (n: string) => fields.find((f) => f.name === n);
  return (
    <div data-testid={testId}>
      {list.length > 1 && (
        <Select
          size="small"
          value={mode}
          style={{ width: 160, marginBottom: 6 }}
          onChange={(m: Mode) => emit(list, m)}
          options={[
            { value: 'all', label: t('bpm.form.designer.matchAll') },
            { value: 'any', label: t('bpm.form.designer.matchAny') },
          ]}
        />
      )}
      {list.map((c, i) => {
        const other = byName(c.field);
        const choice = other && CHOICE.has(other.type) && (c.op === 'eq' || c.op === 'ne');
        return (
          <Space.Compact key={i} style={{ width: '100%', marginBottom: 6 }} size="small">
            <Select
              style={{ width: '38%' }}
              value={c.field || undefined}
              placeholder={t('bpm.form.designer.field')}
              onChange={(v: string) => emit(list.map((x, j) => (j === i ? { ...x, field: v } : x)))}
              options={fields.map((f) => ({ value: f.name, label: `${labelOf(f, i18n.language)} (${f.name})` }))}
              data-testid={`${testId}-field`}
            />
            <Select
              style={{ width: '28%' }}
              value={c.op}
              onChange={(op: FormCondition['op']) => emit(list.map((x, j) => (j === i ? { ...x, op, value: parseValue(op, showValue(x.value), other) } : x)))}
              options={OPS.map((op) => ({ value: op, label: t(`bpm.form.ops.${op}`) }))}
              data-testid={`${testId}-op`}
            />
            {c.op === 'empty' || c.op === 'notEmpty' ? (
              <Input style={{ width: '26%' }} disabled />
            ) : choice ? (
              <Select
                style={{ width: '26%' }}
                value={showValue(c.value) || undefined}
                onChange={(v: string) => emit(list.map((x, j) => (j === i ? { ...x, value: v } : x)))}
                options={(other.options ?? []).map((o) => ({ value: o.value, label: labelOf(o, i18n.language) }))}
                data-testid={`${testId}-value`}
              />
            ) : (
              <Input
                style={{ width: '26%' }}
                defaultValue={showValue(c.value)}
                onBlur={(e) => emit(list.map((x, j) => (j === i ? { ...x, value: parseValue(x.op, e.target.value, other) } : x)))}
                data-testid={`${testId}-value`}
              />
            )}
            <Button icon={<DeleteOutlined />} onClick={() => emit(list.filter((_, j) => j !== i))} aria-label={t('common.delete')} />
          </Space.Compact>
        );
      })}
      <Button
        size="small"
        type="dashed"
        icon={<PlusOutlined />}
        disabled={!fields.length}
        onClick={() => emit([...list, { field: fields[0]?.name ?? '', op: 'eq', value: '' }])}
        data-testid={`${testId}-add`}
      >
        {t('bpm.form.designer.addCondition')}
      </Button>
    </div>
  );
}

/** A label in the page's language, else the other one. */
export function labelOf(x: { label: DynamicField['label'] }, language: string): string {
  const lang = language === 'en' ? 'en' : 'zh-CN';
  return x.label[lang] || x.label[lang === 'en' ? 'zh-CN' : 'en'];
}

/** The properties of the selected field: name, labels, type, options, required and hidden rules, limits. */
export function FieldProperties({ field, others, onChange }: { field: DynamicField; others: DynamicField[]; onChange(f: DynamicField): void }) {
  const { t } = useTranslation();
  const set = (patch: Partial<DynamicField>) => {
    const next = { ...field, ...patch } as Record<string, unknown>;
    for (const k of Object.keys(next)) if (next[k] === undefined) delete next[k];
    onChange(next as DynamicField);
  };
  const requiredMode = typeof field.required === 'object' ? 'when' : field.required ? 'always' : 'never';
  return (
    <Form layout="vertical" size="small" data-testid="form-field-props" key={field.name}>
      <Row gutter={8}>
        <Col span={12}>
          <Form.Item label={t('bpm.form.designer.name')} extra={t('bpm.form.designer.nameHelp')}>
            <Input defaultValue={field.name} onBlur={(e) => set({ name: e.target.value.trim() })} data-testid="field-name" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label={t('bpm.form.designer.type')}>
            <Select
              value={field.type}
              onChange={(type: DynamicField['type']) =>
                set({
                  type,
                  options: CHOICE.has(type) ? (field.options ?? []) : undefined,
                  min: NUMERIC.has(type) ? field.min : undefined,
                  max: NUMERIC.has(type) ? field.max : undefined,
                  defaultValue: undefined,
                })
              }
              options={DYNAMIC_FIELD_TYPES.map((v) => ({ value: v, label: t(`bpm.form.types.${v}`) }))}
              data-testid="field-type"
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label={t('bpm.form.designer.labelZh')}>
            <Input
              defaultValue={field.label['zh-CN']}
              maxLength={200}
              onBlur={(e) => set({ label: { ...field.label, 'zh-CN': e.target.value } })}
              data-testid="field-label-zh"
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label={t('bpm.form.designer.labelEn')}>
            <Input
              defaultValue={field.label.en}
              maxLength={200}
              onBlur={(e) => set({ label: { ...field.label, en: e.target.value } })}
              data-testid="field-label-en"
            />
          </Form.Item>
        </Col>
      </Row>
      {CHOICE.has(field.type) && (
        <Form.Item label={t('bpm.form.designer.options')}>
          {(field.options ?? []).map((o, i) => (
            <Space.Compact key={i} size="small" style={{ width: '100%', marginBottom: 6 }}>
              <Input
                style={{ width: '30%' }}
                placeholder={t('bpm.form.designer.optionValue')}
                defaultValue={o.value}
                onBlur={(e) => set({ options: field.options!.map((x, j) => (j === i ? { ...x, value: e.target.value.trim() } : x)) })}
                data-testid="option-value"
              />
              <Input
                style={{ width: '30%' }}
                placeholder="中文"
                defaultValue={o.label['zh-CN']}
                onBlur={(e) => set({ options: field.options!.map((x, j) => (j === i ? { ...x, label: { ...x.label, 'zh-CN': e.target.value } } : x)) })}
                data-testid="option-zh"
              />
              <Input
                style={{ width: '30%' }}
                placeholder="English"
                defaultValue={o.label.en}
                onBlur={(e) => set({ options: field.options!.map((x, j) => (j === i ? { ...x, label: { ...x.label, en: e.target.value } } : x)) })}
                data-testid="option-en"
              />
              <Button icon={<DeleteOutlined />} onClick={() => set({ options: field.options!.filter((_, j) => j !== i) })} aria-label={t('common.delete')} />
            </Space.Compact>
          ))}
          <Button
            size="small"
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => {
              const n = (field.options?.length ?? 0) + 1;
              set({ options: [...(field.options ?? []), { value: `option${n}`, label: { 'zh-CN': `选项${n}`, en: `Option ${n}` } }] });
            }}
            data-testid="option-add"
          >
            {t('bpm.form.designer.addOption')}
          </Button>
        </Form.Item>
      )}
      <Form.Item label={t('bpm.form.designer.required')}>
        <Select
          value={requiredMode}
          onChange={(m: string) => set({ required: m === 'always' ? true : m === 'when' ? { all: [] } : undefined })}
          options={['never', 'always', 'when'].map((v) => ({ value: v, label: t(`bpm.form.designer.requiredModes.${v}`) }))}
          data-testid="field-required"
        />
      </Form.Item>
      {requiredMode === 'when' && (
        <Form.Item>
          <ConditionEditor
            testId="required-when"
            group={field.required as FormConditionGroup}
            fields={others}
            onChange={(g) => set({ required: g ?? { all: [] } })}
          />
        </Form.Item>
      )}
      <Form.Item label={t('bpm.form.designer.hiddenWhen')} extra={t('bpm.form.designer.hiddenHelp')}>
        <ConditionEditor testId="hidden-when" group={field.hidden} fields={others} onChange={(g) => set({ hidden: g })} />
      </Form.Item>
      <Row gutter={8}>
        {NUMERIC.has(field.type) && (
          <>
            <Col span={12}>
              <Form.Item label={t('bpm.form.designer.min')}>
                <InputNumber style={{ width: '100%' }} value={field.min} onChange={(v) => set({ min: v ?? undefined })} data-testid="field-min" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label={t('bpm.form.designer.max')}>
                <InputNumber style={{ width: '100%' }} value={field.max} onChange={(v) => set({ max: v ?? undefined })} data-testid="field-max" />
              </Form.Item>
            </Col>
          </>
        )}
        {(field.type === 'text' || field.type === 'textarea') && (
          <Col span={12}>
            <Form.Item label={t('bpm.form.designer.maxLength')}>
              <InputNumber
                style={{ width: '100%' }}
                min={1}
                max={10000}
                precision={0}
                value={field.maxLength}
                onChange={(v) => set({ maxLength: v ?? undefined })}
              />
            </Form.Item>
          </Col>
        )}
        <Col span={12}>
          <Form.Item label={t('bpm.form.designer.span')}>
            <Select
              value={field.span ?? 12}
              onChange={(v: number) => set({ span: v })}
              options={[
                { value: 24, label: t('bpm.form.designer.spans.full') },
                { value: 12, label: t('bpm.form.designer.spans.half') },
                { value: 8, label: t('bpm.form.designer.spans.third') },
              ]}
            />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={8}>
        <Col span={12}>
          <Form.Item label={t('bpm.form.designer.helpZh')}>
            <Input
              defaultValue={field.help?.['zh-CN']}
              maxLength={200}
              onBlur={(e) => set({ help: e.target.value || field.help?.en ? { 'zh-CN': e.target.value, en: field.help?.en ?? '' } : undefined })}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label={t('bpm.form.designer.helpEn')}>
            <Input
              defaultValue={field.help?.en}
              maxLength={200}
              onBlur={(e) => set({ help: e.target.value || field.help?.['zh-CN'] ? { 'zh-CN': field.help?.['zh-CN'] ?? '', en: e.target.value } : undefined })}
            />
          </Form.Item>
        </Col>
      </Row>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('bpm.form.designer.variableHelp', { name: field.name })}
      </Typography.Text>
    </Form>
  );
}
