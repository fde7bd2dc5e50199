import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Checkbox,
  Col,
  Collapse,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Row,
  Segmented,
  Select,
  Space,
  Statistic,
  Tag,
  Typography,
  type FormInstance,
} from 'antd';
import { CheckCircleFilled, DeleteOutlined, ExperimentOutlined, PlusOutlined, ReloadOutlined, SaveOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { describeIssue, errorMessages, formatMessage, type Locale } from '@breedwise/contracts';
import {
  DESIGN_REQUIREMENTS,
  DesignParams,
  ExperimentSiteAdd,
  designIssueParams,
  designIssues,
  type DesignMethod,
  type DesignPreview,
  type ExperimentDetail,
} from '@breedwise/contracts/doe';
import { TaskProgress, useTask } from '../../../../components/task';
import { ContractFormModal } from '../../../../components/form/ContractFormModal';
import { Field } from '../../../../components/form/Field';
import { fieldRules } from '../../../../components/form/zod-form';
import { ApiError } from '../../../../lib/request';
import { api } from '../../api';
import { DictSelect } from '../../components/DictSelect';
import { FieldMap } from '../../components/FieldMap';
import { FieldSelect } from '../../field/components/FieldSelect';
import { LocationSelect } from '../../location/components/LocationSelect';
import { validBlockCounts } from './block-counts';

const rules = fieldRules(DesignParams);
const SiteAddForm = ExperimentSiteAdd.omit({ id: true });

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
/** The form's values as the contract reads them (empty inputs are "not given"). */
function cleaned(v: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) out[k] = x && typeof x === 'object' && !Array.isArray(x) ? cleaned(x as Record<string, unknown>) : blank(x);
  return out;
}

/**
 * Every problem of the design form at once, from the contract (the zod schema and the section 5 rules
 * shared with the server): field problems go under their fields, the others are answered as a list.
 */
function checkAll(form: FormInstance, values: Record<string, unknown>, ctx: Parameters<typeof designIssues>[1], locale: Locale, known: Set<string>): string[] {
  const text = (code: string, params: Record<string, unknown>) => {
    const entry = errorMessages[code];
    return entry ? formatMessage(entry[locale], params) : code;
  };
  const byField = new Map<string, string[]>();
  const general: string[] = [];
  const put = (field: string, message: string) => {
    if (!known.has(field.split('.')[0])) return general.push(message);
    byField.set(field, [...(byField.get(field) ?? []), message]);
  };
  const parsed = DesignParams.safeParse(cleaned(values));
  if (!parsed.success) for (const issue of parsed.error.issues) put(issue.path.map(String).join('.'), describeIssue(issue as never, locale, text).message);
  const v: Record<string, unknown> = parsed.success ? { ...parsed.data } : cleaned(values);
  const method = v.designMethod as DesignMethod | undefined;
  if (method && DESIGN_REQUIREMENTS[method]) {
    const n = (k: string) => (typeof v[k] === 'number' ? (v[k] as number) : null);
    const issues = designIssues(
      {
        designMethod: method,
        reps: n('reps'),
        blockCount: n('blockCount'),
        rows: n('rows'),
        cols: n('cols'),
        checkStart: n('checkStart'),
        checkInterval: n('checkInterval'),
        factor: (v.factor as { name: string; levels: string[] } | undefined) ?? null,
      },
      ctx,
    );
    for (const i of issues) {
      if (byField.has(i.field)) continue;
      put(i.field, text(i.errorCode, designIssueParams(i, method, locale)));
    }
  }
  form.setFields([...byField].map(([name, errors]) => ({ name: name.split('.'), errors })));
  return general;
}

/** A server refusal on the fields it names; the rest answered as a list. */
function serverProblems(form: FormInstance, err: unknown, known: Set<string>): string[] {
  if (!(err instanceof ApiError)) return [(err as Error).message];
  const fields = err.errors.filter((e) => known.has(e.field.split('.')[0]));
  form.setFields(fields.map((e) => ({ name: e.field.split('.'), errors: [e.message] })));
  return fields.length ? err.errors.filter((e) => !fields.includes(e)).map((e) => e.message) : [err.message];
}

/** What each method asks for besides rows and columns. */
const showFor = (method: DesignMethod | undefined, param: string) => !!method && (DESIGN_REQUIREMENTS[method] as readonly string[]).includes(param);

/**
 * The design editor: parameters, a preview drawn from the engine, re-randomise (a new seed), and save
 * (the previewed seed, run as a task with progress).
 */
export function DesignPanel({ experiment, onSaved, canEdit = true }: { experiment: ExperimentDetail; onSaved(): void; canEdit?: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = (i18n.language as Locale) || 'zh-CN';
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const [preview, setPreview] = useState<DesignPreview | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState<'preview' | 'save' | null>(null);
  const [taskId, setTaskId] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const [siteId, setSiteId] = useState<number | null>(experiment.sites[0]?.id ?? null);
  const task = useTask(taskId);
  const method = Form.useWatch('designMethod', form) as DesignMethod | undefined;
  const reps = Form.useWatch('reps', form) as number | null | undefined;
  const sharePlots = Form.useWatch('sharePlots', form) as boolean | undefined;
  const sites = experiment.sites;
  const site = sites.find((s) => s.id === siteId) ?? sites[0] ?? null;
  const suggestions = useMemo(
    () => (method ? validBlockCounts(method, experiment.entryCount, experiment.checkCount, reps ?? null) : []),
    [method, experiment.entryCount, experiment.checkCount, reps],
  );
  const refreshDetail = () => queryClient.invalidateQueries({ queryKey: api.doe.experiment.$key });

  useEffect(() => {
    const first = !site || site.seq === 1;
    const saved = (site?.design?.params ?? (first ? experiment.design?.params : undefined)) as Record<string, unknown> | undefined;
    // Rows and columns start from the chosen field (the whole field) unless a design says otherwise.
    const rows = (saved?.rows as number | undefined) ?? (first ? experiment.rows : null) ?? site?.fieldRows ?? null;
    const cols = (saved?.cols as number | undefined) ?? (first ? experiment.cols : null) ?? site?.fieldCols ?? null;
    setPreview(null);
    setProblems([]);
    form.resetFields();
    form.setFieldsValue({
      planName: site?.design?.planName ?? (first ? experiment.planName : null) ?? (first ? experiment.name : `${experiment.name} ${site!.locationName}`),
      designMethod: (saved?.designMethod as DesignMethod | undefined) ?? experiment.designMethod,
      reps: (saved?.reps as number | undefined) ?? experiment.reps,
      blockCount: (saved?.blockCount as number | undefined) ?? experiment.blockCount,
      rows,
      cols,
      sharePlots: false,
      checkStart: experiment.checkStart,
      checkEnd: experiment.checkEnd,
      checkInterval: experiment.checkInterval,
      filler: experiment.filler ?? 'Filler',
      checkInsert: 'all',
      layout: { order: 'serpentine', direction: 'rows', startCorner: 'bottom-left', repsArrangement: 'rows' },
      numbering: { mode: 'block', startNumber: 1 },
      ...(saved ? { layout: saved.layout, numbering: saved.numbering, checkInsert: saved.checkInsert } : {}),
    });
  }, [experiment, site, form]);

  useEffect(() => {
    if (task.data?.status === 'succeeded') {
      void message.success(t('doe.design.saved'));
      setTaskId(null);
      // Saved: what shows is no longer a preview (the saved design is on the experiment's page).
      setPreview(null);
      void queryClient.invalidateQueries({ queryKey: api.doe.experiment.$key });
      onSaved();
    }
  }, [task.data?.status, message, t, onSaved, queryClient]);

  const params = () => {
    const v = form.getFieldsValue(true);
    return {
      ...v,
      id: experiment.id,
      siteId: site?.id ?? null,
      sharePlots: !!v.sharePlots,
      numbering: { ...v.numbering, digits: v.numbering?.digits ?? null },
    };
  };
  const known = () => new Set([...Object.keys(form.getFieldsValue(true)), 'factor', 'sharePlots']);
  /** Checks the whole form on the client (every problem at once, under its field); false when something is wrong. */
  const check = () => {
    form.setFields(Object.keys(form.getFieldsValue(true)).map((name) => ({ name, errors: [] })));
    const general = checkAll(
      form,
      params(),
      { entries: experiment.entryCount, checks: experiment.checkCount, fieldRows: site?.fieldRows ?? null, fieldCols: site?.fieldCols ?? null },
      locale,
      known(),
    );
    setProblems(general);
    return general.length === 0 && form.getFieldsError().every((f) => f.errors.length === 0);
  };
  const run = async (seed: number | null) => {
    if (!check()) return;
    setBusy('preview');
    try {
      // Section 9: design calls may take long (the client allows 30 minutes). Refusals go under their fields.
      setPreview(await api.doe.experiment.preview({ ...params(), seed }, { errorMode: 'silent' }));
    } catch (err) {
      setProblems(serverProblems(form, err, known()));
    } finally {
      setBusy(null);
    }
  };
  const save = async () => {
    if (!preview || !check()) return;
    setBusy('save');
    try {
      const { taskId: id } = await api.doe.experiment.design({ ...params(), seed: preview.seed }, { errorMode: 'silent' });
      setTaskId(id);
    } catch (err) {
      setProblems(serverProblems(form, err, known()));
    } finally {
      setBusy(null);
    }
  };
  const removeSite = async () => {
    if (!site) return;
    try {
      await api.doe.experiment.removeSite({ id: site.id }, { errorMode: 'silent' });
      setSiteId(sites.find((s) => s.id !== site.id)?.id ?? null);
      await refreshDetail();
    } catch (err) {
      void message.error((err as Error).message);
    }
  };
  const conflicts = preview?.conflicts ?? [];

  const s = preview?.summary;
  const eff = preview?.statistics.aEfficiency;
  return (
    <div data-testid="design-panel">
      <Space wrap style={{ marginBottom: 12 }} data-testid="design-sites">
        <Typography.Text strong>{t('doe.design.sites')}</Typography.Text>
        {sites.length > 0 && (
          <Segmented
            value={site?.id}
            onChange={(v) => setSiteId(v as number)}
            options={sites.map((s) => ({
              value: s.id,
              label: (
                <span data-testid={`design-site-${s.seq}`}>
                  {s.locationName} · {s.fieldName} {s.design && <CheckCircleFilled style={{ color: '#52c41a' }} />}
                </span>
              ),
            }))}
          />
        )}
        {canEdit && (
          <Button icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="design-site-add">
            {t('doe.design.addSite')}
          </Button>
        )}
        {canEdit && site && sites.length > 1 && !site.design && (
          <Popconfirm title={t('doe.design.removeSiteConfirm', { name: site.locationName })} onConfirm={removeSite}>
            <Button danger icon={<DeleteOutlined />} data-testid="design-site-remove">
              {t('doe.design.removeSite')}
            </Button>
          </Popconfirm>
        )}
      </Space>
      {site && (
        <Typography.Paragraph type="secondary" data-testid="design-site-field">
          {t('doe.design.siteField', { location: site.locationName, field: site.fieldName, rows: site.fieldRows, cols: site.fieldCols })}
        </Typography.Paragraph>
      )}
      {problems.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="design-problems"
          title={t('doe.design.problems')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          }
        />
      )}
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
            <Form.Item name="rows" label={t('doe.design.rows')} rules={rules.rows} required extra={site ? undefined : t('doe.design.noField')}>
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
            <Col xs={24} md={8}>
              <Form.Item
                name="blockCount"
                label={method === 'alpha' ? t('doe.design.blocksPerRep') : t('doe.design.blockCount')}
                rules={rules.blockCount}
                required
                extra={
                  suggestions.length > 0 && (
                    <span data-testid="design-block-suggestions">
                      {t('doe.design.validBlockCounts')}{' '}
                      {suggestions.map((n) => (
                        <Tag key={n} style={{ cursor: 'pointer', marginInlineEnd: 4 }} onClick={() => form.setFieldsValue({ blockCount: n })}>
                          {n}
                        </Tag>
                      ))}
                    </span>
                  )
                }
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
          <Button
            icon={<SaveOutlined />}
            disabled={!preview || taskId !== null || (conflicts.length > 0 && !sharePlots)}
            loading={busy === 'save'}
            onClick={save}
            data-testid="design-save"
          >
            {t('doe.design.save')}
          </Button>
        </Space>
        {conflicts.length > 0 && (
          <Alert
            type="warning"
            showIcon
            style={{ marginTop: 12 }}
            data-testid="design-conflicts"
            title={t('doe.design.conflicts', {
              field: site?.fieldName ?? '',
              plots: conflicts.reduce((n, c) => n + c.plots, 0),
              experiments: conflicts.map((c) => `${c.name} (${c.code})`).join(', '),
            })}
            description={
              <Form.Item name="sharePlots" valuePropName="checked" style={{ marginBottom: 0 }}>
                <Checkbox data-testid="design-share">{t('doe.design.sharePlots')}</Checkbox>
              </Form.Item>
            }
          />
        )}
      </Form>
      <ContractFormModal
        open={adding}
        title={t('doe.design.addSite')}
        schema={SiteAddForm}
        onClose={() => setAdding(false)}
        testId="design-site-form"
        successMessage={t('crud.saved')}
        onSubmit={async (values) => {
          const added = await api.doe.experiment.addSite({ ...values, id: experiment.id }, { errorMode: 'silent' });
          await refreshDetail();
          setSiteId(added.id);
        }}
      >
        {(f) => <SiteFields form={f} />}
      </ContractFormModal>
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
          <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('doe.design.previewHint')} data-testid="design-preview-hint" />
          <FieldMap plots={preview.plots} rows={s.rows} cols={s.cols} exportName={`${experiment.code}-preview`} testId="preview-map" />
        </div>
      )}
    </div>
  );
}

function SiteFields({ form }: { form: FormInstance }) {
  const { t } = useTranslation();
  const locationId = Form.useWatch('locationId', form) as number | undefined;
  return (
    <Row gutter={12}>
      <Field name="locationId" label={t('doe.experiment.location')} span={12}>
        <LocationSelect onChange={() => form.setFieldValue('fieldId', undefined)} />
      </Field>
      <Field name="fieldId" label={t('doe.experiment.field')} span={12}>
        <FieldSelect locationId={locationId} disabled={!locationId} />
      </Field>
    </Row>
  );
}
