import { useEffect, useState } from 'react';
import { Alert, App, Button, Col, Collapse, Descriptions, Form, Input, InputNumber, Row, Select, Space, Statistic } from 'antd';
import { ExperimentOutlined, ReloadOutlined, SaveOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DESIGN_REQUIREMENTS, DesignParams, type DesignMethod, type DesignPreview, type ExperimentDetail } from '@breedwise/contracts/doe';
import { TaskProgress, useTask } from '../../../../components/task';
import { fieldRules } from '../../../../components/form/zod-form';
import { api } from '../../api';
import { DictSelect } from '../../components/DictSelect';
import { FieldMap } from '../../components/FieldMap';

const rules = fieldRules(DesignParams);

/** What each method asks for besides rows and columns. */
const showFor = (method: DesignMethod | undefined, param: string) => !!method && (DESIGN_REQUIREMENTS[method] as readonly string[]).includes(param);

/**
 * The design editor: parameters, a preview drawn from the engine, re-randomise (a new seed), and save
 * (the previewed seed, run as a task with progress).
 */
export function DesignPanel({ experiment, onSaved }: { experiment: ExperimentDetail; onSaved(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const [preview, setPreview] = useState<DesignPreview | null>(null);
  const [busy, setBusy] = useState<'preview' | 'save' | null>(null);
  const [taskId, setTaskId] = useState<number | null>(null);
  const task = useTask(taskId);
  const method = Form.useWatch('designMethod', form) as DesignMethod | undefined;

  useEffect(() => {
    const saved = experiment.design?.params as Record<string, unknown> | undefined;
    form.setFieldsValue({
      planName: experiment.planName ?? `${experiment.name}`,
      designMethod: experiment.designMethod,
      reps: experiment.reps,
      blockCount: experiment.blockCount,
      rows: experiment.rows,
      cols: experiment.cols,
      checkStart: experiment.checkStart,
      checkEnd: experiment.checkEnd,
      checkInterval: experiment.checkInterval,
      filler: experiment.filler ?? 'Filler',
      checkInsert: 'all',
      layout: { order: 'serpentine', direction: 'rows', startCorner: 'bottom-left', repsArrangement: 'rows' },
      numbering: { mode: 'block', startNumber: 1 },
      ...(saved ? { layout: saved.layout, numbering: saved.numbering, checkInsert: saved.checkInsert } : {}),
    });
  }, [experiment, form]);

  useEffect(() => {
    if (task.data?.status === 'succeeded') {
      void message.success(t('doe.design.saved'));
      setTaskId(null);
      void queryClient.invalidateQueries({ queryKey: api.doe.experiment.$key });
      onSaved();
    }
  }, [task.data?.status, message, t, onSaved, queryClient]);

  const params = () => {
    const v = form.getFieldsValue(true);
    return { ...v, id: experiment.id, numbering: { ...v.numbering, digits: v.numbering?.digits ?? null } };
  };
  const run = async (seed: number | null) => {
    const ok = await form.validateFields().then(
      () => true,
      () => false,
    );
    if (!ok) return;
    setBusy('preview');
    try {
      // Spec section 8: design method errors show in a modal; section 9: design calls may take long (the client allows 30 minutes).
      setPreview(await api.doe.experiment.preview({ ...params(), seed }, { errorMode: 'modal' }));
    } catch {
      // The modal has told the user (spec section 8: design errors show in a modal).
    } finally {
      setBusy(null);
    }
  };
  const save = async () => {
    if (!preview) return;
    setBusy('save');
    try {
      const { taskId: id } = await api.doe.experiment.design({ ...params(), seed: preview.seed }, { errorMode: 'modal' });
      setTaskId(id);
    } catch {
      // Shown in a modal.
    } finally {
      setBusy(null);
    }
  };

  const s = preview?.summary;
  const eff = preview?.statistics.aEfficiency;
  return (
    <div data-testid="design-panel">
      <Form form={form} layout="vertical" data-testid="design-form" onValuesChange={() => setPreview((p) => (p ? { ...p } : p))}>
        <Row gutter={12}>
          <Col xs={24} md={8}>
            <Form.Item name="planName" label={t('doe.design.planName')} rules={rules.planName} required>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="designMethod" label={t('doe.experiment.designMethod')} rules={rules.designMethod} required>
              <DictSelect dictType="doe_design_method" allowClear={false} />
            </Form.Item>
          </Col>
          <Col xs={12} md={3}>
            <Form.Item name="rows" label={t('doe.design.rows')} rules={rules.rows} required extra={experiment.fieldName ? undefined : t('doe.design.noField')}>
              <InputNumber min={1} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={3}>
            <Form.Item name="cols" label={t('doe.design.cols')} rules={rules.cols} required>
              <InputNumber min={1} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item name="filler" label={t('doe.design.filler')} rules={rules.filler}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          {(showFor(method, 'reps') || method === 'latin' || method === 'entry-order' || method === 'crd') && (
            <Col xs={12} md={3}>
              <Form.Item name="reps" label={t('doe.experiment.reps')} rules={rules.reps} required={showFor(method, 'reps')}>
                <InputNumber min={1} max={100} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          )}
          {showFor(method, 'blockCount') && (
            <Col xs={12} md={4}>
              <Form.Item
                name="blockCount"
                label={method === 'alpha' ? t('doe.design.blocksPerRep') : t('doe.design.blockCount')}
                rules={rules.blockCount}
                required
              >
                <InputNumber min={1} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          )}
          {method === 'entry-order' && (
            <>
              <Col xs={8} md={3}>
                <Form.Item name="checkStart" label={t('doe.design.checkStart')} rules={rules.checkStart} required>
                  <InputNumber min={1} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col xs={8} md={3}>
                <Form.Item name="checkInterval" label={t('doe.design.checkInterval')} rules={rules.checkInterval} required>
                  <InputNumber min={1} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col xs={8} md={3}>
                <Form.Item name="checkEnd" label={t('doe.design.checkEnd')} rules={rules.checkEnd}>
                  <InputNumber min={1} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col xs={12} md={4}>
                <Form.Item name="checkInsert" label={t('doe.design.checkInsert')}>
                  <Select
                    options={[
                      { value: 'all', label: t('doe.design.insertAll') },
                      { value: 'rotate', label: t('doe.design.insertRotate') },
                    ]}
                  />
                </Form.Item>
              </Col>
            </>
          )}
          {method === 'diagonal' && (
            <Col xs={12} md={4}>
              <Form.Item name="checkPercent" label={t('doe.design.checkPercent')}>
                <InputNumber min={1} max={50} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          )}
          {(method === 'split' || method === 'strip') && (
            <>
              <Col xs={12} md={4}>
                <Form.Item name={['factor', 'name']} label={t('doe.design.factorName')} required>
                  <Input maxLength={30} />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item name={['factor', 'levels']} label={t('doe.design.factorLevels')} required>
                  <Select mode="tags" tokenSeparators={[',', '，']} />
                </Form.Item>
              </Col>
            </>
          )}
        </Row>
        <Collapse
          size="small"
          style={{ marginBottom: 16 }}
          items={[
            {
              key: 'layout',
              label: t('doe.design.layoutSection'),
              children: (
                <Row gutter={12}>
                  <Col xs={12} md={4}>
                    <Form.Item name={['layout', 'order']} label={t('doe.design.order')}>
                      <Select options={['serpentine', 'cartesian'].map((v) => ({ value: v, label: t(`doe.design.orders.${v}`) }))} />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={4}>
                    <Form.Item name={['layout', 'direction']} label={t('doe.design.direction')}>
                      <Select options={['rows', 'columns'].map((v) => ({ value: v, label: t(`doe.design.directions.${v}`) }))} />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={4}>
                    <Form.Item name={['layout', 'startCorner']} label={t('doe.design.startCorner')}>
                      <Select
                        options={['bottom-left', 'bottom-right', 'top-left', 'top-right'].map((v) => ({ value: v, label: t(`doe.design.corners.${v}`) }))}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={4}>
                    <Form.Item name={['layout', 'repsArrangement']} label={t('doe.design.repsArrangement')}>
                      <Select options={['rows', 'columns'].map((v) => ({ value: v, label: t(`doe.design.arrangements.${v}`) }))} />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={3}>
                    <Form.Item name={['numbering', 'mode']} label={t('doe.design.numbering')}>
                      <Select options={['block', 'continuous'].map((v) => ({ value: v, label: t(`doe.design.numberings.${v}`) }))} />
                    </Form.Item>
                  </Col>
                  <Col xs={6} md={2}>
                    <Form.Item name={['numbering', 'startNumber']} label={t('doe.design.startNumber')}>
                      <InputNumber min={0} style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                  <Col xs={6} md={3}>
                    <Form.Item name={['numbering', 'digits']} label={t('doe.design.digits')} extra={t('doe.design.digitsHelp')}>
                      <InputNumber min={1} max={9} style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                </Row>
              ),
            },
          ]}
        />
        <Space wrap>
          <Button
            type="primary"
            icon={<ExperimentOutlined />}
            loading={busy === 'preview'}
            onClick={() => run(preview?.seed ?? experiment.seed ?? null)}
            data-testid="design-preview"
          >
            {t('doe.design.preview')}
          </Button>
          <Button icon={<ReloadOutlined />} disabled={!preview} loading={busy === 'preview'} onClick={() => run(null)} data-testid="design-rerandomise">
            {t('doe.design.rerandomise')}
          </Button>
          <Button icon={<SaveOutlined />} disabled={!preview || taskId !== null} loading={busy === 'save'} onClick={save} data-testid="design-save">
            {t('doe.design.save')}
          </Button>
        </Space>
      </Form>
      {taskId !== null && (
        <div style={{ marginTop: 16 }}>
          <Alert type="info" showIcon title={t('doe.design.saving')} />
          <TaskProgress taskId={taskId} compact />
        </div>
      )}
      {preview && s && (
        <div style={{ marginTop: 16 }}>
          <Row gutter={16} style={{ marginBottom: 12 }}>
            <Col xs={12} md={4}>
              <Statistic title={t('doe.design.seed')} value={preview.seed} groupSeparator="" valueStyle={{ fontSize: 18 }} />
            </Col>
            <Col xs={12} md={4}>
              <Statistic title={t('doe.design.plots')} value={s.plots} valueStyle={{ fontSize: 18 }} />
            </Col>
            <Col xs={12} md={4}>
              <Statistic title={t('doe.design.fillers')} value={s.fillers} valueStyle={{ fontSize: 18 }} />
            </Col>
            <Col xs={12} md={4}>
              <Statistic title={t('doe.design.treatments')} value={`${s.entries} + ${s.checks}`} valueStyle={{ fontSize: 18 }} />
            </Col>
            <Col xs={12} md={4}>
              <Statistic title={t('doe.design.efficiency')} value={eff === null || eff === undefined ? '—' : eff.toFixed(4)} valueStyle={{ fontSize: 18 }} />
            </Col>
            <Col xs={12} md={4}>
              <Statistic
                title={t('doe.design.blocks')}
                value={s.blockSize ? `${s.blocksPerRep} × ${s.blockSize}` : (s.blocksPerRep ?? '—')}
                valueStyle={{ fontSize: 18 }}
              />
            </Col>
          </Row>
          <Descriptions
            size="small"
            style={{ marginBottom: 8 }}
            items={[
              { key: 'grid', label: t('doe.design.grid'), children: `${s.rows} × ${s.cols}` },
              { key: 'tiers', label: t('doe.design.tiers'), children: s.tiers },
              { key: 'digits', label: t('doe.design.digits'), children: s.digits },
            ]}
          />
          <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('doe.design.previewHint')} />
          <FieldMap plots={preview.plots} rows={s.rows} cols={s.cols} exportName={`${experiment.code}-preview`} testId="preview-map" />
        </div>
      )}
    </div>
  );
}
