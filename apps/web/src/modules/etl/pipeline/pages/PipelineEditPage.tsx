import { useEffect, useMemo, useState } from 'react';
import { App, Button, Card, Col, Form, Input, InputNumber, Row, Select, Space, Switch, Table, Tag, Typography, Upload } from 'antd';
import { DeleteOutlined, PlayCircleOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@breedwise/contracts';
import { DateFormat, etlPermissions as P, ValueType, type PipelineCreate, type PipelinePreview, type RunRow } from '@breedwise/contracts/etl';
import { TaskProgress } from '../../../../components/task/TaskProgress';
import { usePage, useRecordTitle } from '../../../../lib/page-context';
import { usePermission } from '../../../../lib/permissions';
import { api } from '../../api';
import { etlPaths } from '../../paths';
import { LINE_COLOURS, RUN_COLOURS, useBusinessTypes } from '../components/labels';
import { RunReport } from '../components/RunReport';

const pipeline = api.etl.pipeline;
const SOURCE_KINDS = ['file', 'fieldbook', 'postgres', 'http'] as const;

type FormValues = PipelineCreate & { source: Record<string, unknown> };

const blank = (): FormValues => ({
  name: '',
  businessType: '',
  source: { kind: 'file', format: 'csv' },
  mapping: [{ source: '', target: '', convert: 'text' }],
  schedule: { kind: 'none' },
  loadValidRows: false,
});

/** A pipeline's editor: source, mapping onto the business type's fields, schedule; preview, run now, run history. */
export default function PipelineEditPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { params } = usePage();
  const id = params.id ? Number(params.id) : null;
  const locale = (i18n.language === 'en' ? 'en' : 'zh-CN') as Locale;
  const canSave = usePermission(id ? P.pipelineEdit : P.pipelineAdd);
  const canRun = usePermission(P.pipelineRun);
  const [form] = Form.useForm<FormValues>();
  const types = useBusinessTypes();
  const detail = useQuery({ queryKey: [...pipeline.get.key, id], queryFn: () => pipeline.get({ id: id! }), enabled: id !== null });
  useRecordTitle('etl.pipeline.editTitle', detail.data?.name);
  useEffect(() => {
    if (detail.data) form.setFieldsValue(detail.data as unknown as FormValues);
  }, [detail.data, form]);
  const businessType = Form.useWatch('businessType', form);
  const sourceKind = Form.useWatch(['source', 'kind'], form) as string | undefined;
  const scheduleKind = Form.useWatch(['schedule', 'kind'], form) as string | undefined;
  const target = types.data?.find((b) => b.type === businessType);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const body = values as unknown as PipelineCreate;
      const saved = id ? await pipeline.update({ ...body, id } as never) : await pipeline.create(body as never);
      void message.success(t('etl.saved'));
      await queryClient.invalidateQueries({ queryKey: pipeline.$key });
      if (!id) navigate(etlPaths.edit(saved.id), { replace: true });
    } finally {
      setSaving(false);
    }
  };

  const typeOptions = (types.data ?? []).map((b) => ({ value: b.type, label: `${b.label[locale]}${b.builtin ? '' : ` (${b.type})`}` }));
  const fieldOptions = (target?.fields ?? []).map((f) => ({ value: f.key, label: `${f.label[locale]} (${f.key})${f.required ? ' *' : ''}` }));
  const convertOptions = ValueType.options.map((v) => ({ value: v, label: t(`etl.convert.${v}`) }));

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Form form={form} layout="vertical" initialValues={blank()} disabled={!canSave} data-testid="pipeline-form">
        <Card size="small" title={t('etl.pipeline.settings')}>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item name="name" label={t('etl.pipeline.name')} rules={[{ required: true }]}>
                <Input maxLength={100} data-testid="pipeline-name" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="businessType" label={t('etl.pipeline.businessType')} rules={[{ required: true }]}>
                <Select options={typeOptions} showSearch optionFilterProp="label" data-testid="pipeline-type" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name={['source', 'kind']} label={t('etl.pipeline.sourceKind')}>
                <Select options={SOURCE_KINDS.map((k) => ({ value: k, label: t(`etl.source.${k}`) }))} data-testid="pipeline-source" />
              </Form.Item>
            </Col>
            {sourceKind === 'file' && (
              <Col xs={24} md={8}>
                <Form.Item name={['source', 'format']} label={t('etl.pipeline.format')} initialValue="csv">
                  <Select
                    options={[
                      { value: 'csv', label: 'CSV' },
                      { value: 'xlsx', label: 'Excel (xlsx)' },
                    ]}
                  />
                </Form.Item>
              </Col>
            )}
            {(sourceKind === 'postgres' || sourceKind === 'http') && (
              <Col xs={24} md={16}>
                <Form.Item name={['source', 'url']} label={t('etl.pipeline.url')} extra={t(`etl.pipeline.urlHint.${sourceKind}`)} rules={[{ required: true }]}>
                  <Input maxLength={2000} />
                </Form.Item>
              </Col>
            )}
            {sourceKind === 'postgres' && (
              <>
                <Col span={24}>
                  <Form.Item name={['source', 'query']} label={t('etl.pipeline.query')} extra={t('etl.pipeline.queryHint')} rules={[{ required: true }]}>
                    <Input.TextArea rows={4} style={{ fontFamily: 'monospace' }} />
                  </Form.Item>
                </Col>
                <Col xs={12} md={6}>
                  <Form.Item name={['source', 'rowLimit']} label={t('etl.pipeline.rowLimit')} initialValue={10000}>
                    <InputNumber min={1} max={100000} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
              </>
            )}
            {sourceKind === 'http' && (
              <>
                <Col xs={12} md={6}>
                  <Form.Item name={['source', 'jsonPath']} label={t('etl.pipeline.jsonPath')} extra={t('etl.pipeline.jsonPathHint')} initialValue="">
                    <Input maxLength={200} placeholder="data.rows" />
                  </Form.Item>
                </Col>
                <Col xs={12} md={6}>
                  <Form.Item name={['source', 'maxBytes']} label={t('etl.pipeline.maxBytes')} initialValue={5 * 1024 * 1024}>
                    <InputNumber min={1024} max={20 * 1024 * 1024} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
              </>
            )}
            {(sourceKind === 'postgres' || sourceKind === 'http') && (
              <Col xs={12} md={6}>
                <Form.Item name={['source', 'timeoutSeconds']} label={t('etl.pipeline.timeout')} initialValue={30}>
                  <InputNumber min={1} max={300} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            )}
            <Col xs={12} md={6}>
              <Form.Item name={['schedule', 'kind']} label={t('etl.pipeline.schedule')}>
                <Select
                  options={[
                    { value: 'none', label: t('etl.schedule.none') },
                    { value: 'interval', label: t('etl.schedule.interval'), disabled: sourceKind === 'file' || sourceKind === 'fieldbook' },
                  ]}
                />
              </Form.Item>
            </Col>
            {scheduleKind === 'interval' && (
              <Col xs={12} md={6}>
                <Form.Item name={['schedule', 'minutes']} label={t('etl.schedule.minutes')} initialValue={60}>
                  <InputNumber min={5} max={44640} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            )}
            <Col xs={24} md={6}>
              <Form.Item name="loadValidRows" label={t('etl.pipeline.loadValidRows')} valuePropName="checked" extra={t('etl.pipeline.loadValidRowsHint')}>
                <Switch data-testid="pipeline-valid-rows" />
              </Form.Item>
            </Col>
          </Row>
        </Card>
        <Card
          size="small"
          title={t('etl.mapping.title')}
          style={{ marginTop: 16 }}
          extra={<Typography.Text type="secondary">{t('etl.mapping.hint')}</Typography.Text>}
        >
          <Form.List name="mapping">
            {(fields, { add, remove }) => (
              <>
                <Row gutter={8} style={{ fontWeight: 500, marginBottom: 8 }}>
                  <Col span={6}>{t('etl.mapping.source')}</Col>
                  <Col span={6}>{t('etl.mapping.target')}</Col>
                  <Col span={4}>{t('etl.mapping.convert')}</Col>
                  <Col span={3}>{t('etl.mapping.format')}</Col>
                  <Col span={4}>{t('etl.mapping.lookup')}</Col>
                </Row>
                {fields.map((f, i) => (
                  <MappingLineRow
                    key={f.key}
                    index={i}
                    name={f.name}
                    fieldOptions={fieldOptions}
                    convertOptions={convertOptions}
                    target={target}
                    onRemove={() => remove(f.name)}
                  />
                ))}
                <Button icon={<PlusOutlined />} onClick={() => add({ source: '', target: '', convert: 'text' })} data-testid="mapping-add">
                  {t('etl.mapping.add')}
                </Button>
              </>
            )}
          </Form.List>
        </Card>
      </Form>
      {canSave && (
        <Space>
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="pipeline-save">
            {t('common.save')}
          </Button>
          <Button onClick={() => navigate(etlPaths.list)}>{t('common.back')}</Button>
        </Space>
      )}
      {id !== null && detail.data && canRun && (
        <RunPanel id={id} needsFile={detail.data.source.kind === 'file' || detail.data.source.kind === 'fieldbook'} businessType={detail.data.businessType} />
      )}
    </Space>
  );
}

function MappingLineRow(props: {
  index: number;
  name: number;
  fieldOptions: { value: string; label: string }[];
  convertOptions: { value: string; label: string }[];
  target: { fields: { key: string; lookups: string[] }[] } | undefined;
  onRemove(): void;
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const targetKey = Form.useWatch(['mapping', props.name, 'target'], form) as string | undefined;
  const convert = Form.useWatch(['mapping', props.name, 'convert'], form) as string | undefined;
  const lookups = props.target?.fields.find((f) => f.key === targetKey)?.lookups ?? [];
  return (
    <Row gutter={8} data-testid={`mapping-${props.index}`}>
      <Col span={6}>
        <Form.Item name={[props.name, 'source']} rules={[{ required: true }]}>
          <Input placeholder={t('etl.mapping.sourceHint')} data-testid="mapping-source" />
        </Form.Item>
      </Col>
      <Col span={6}>
        <Form.Item name={[props.name, 'target']} rules={[{ required: true }]}>
          <Select options={props.fieldOptions} data-testid="mapping-target" />
        </Form.Item>
      </Col>
      <Col span={4}>
        <Form.Item name={[props.name, 'convert']}>
          <Select options={props.convertOptions} data-testid="mapping-convert" />
        </Form.Item>
      </Col>
      <Col span={3}>
        {convert === 'date' && (
          <Form.Item name={[props.name, 'format']} initialValue="YYYY-MM-DD">
            <Select options={DateFormat.options.map((f) => ({ value: f, label: f }))} />
          </Form.Item>
        )}
      </Col>
      <Col span={4}>
        {lookups.length > 0 && (
          <Form.Item name={[props.name, 'lookup']}>
            <Select allowClear options={lookups.map((l) => ({ value: l, label: t(`etl.lookup.${l}`) }))} />
          </Form.Item>
        )}
      </Col>
      <Col span={1}>
        <Button type="text" danger icon={<DeleteOutlined />} onClick={props.onRemove} aria-label={t('common.delete')} />
      </Col>
    </Row>
  );
}

/** Preview, run now (with the task's progress), the run's row report and the run history. */
function RunPanel({ id, needsFile, businessType }: { id: number; needsFile: boolean; businessType: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [taskId, setTaskId] = useState<number | null>(null);
  const [runId, setRunId] = useState<number | null>(null);
  const [loadedOnly, setLoadedOnly] = useState(false);
  const [preview, setPreview] = useState<PipelinePreview | null>(null);
  const [busy, setBusy] = useState(false);
  const types = useBusinessTypes();
  const runs = useQuery({
    queryKey: [...pipeline.runs.key, id],
    queryFn: () => pipeline.runs({ pipelineId: id, pageNum: 1, pageSize: 20 }),
    refetchInterval: (q) => (q.state.data?.rows.some((r) => r.status === 'queued' || r.status === 'running') ? 1500 : false),
  });
  const businessId = useMemo(() => {
    if (!businessType.startsWith('data:')) return null;
    return types.data ? businessType : null;
  }, [businessType, types.data]);
  const tables = useQuery({
    queryKey: [...api.etl.business.page.key, 'all'],
    queryFn: () => api.etl.business.page({ pageNum: 1, pageSize: 200 }),
    enabled: businessId !== null,
  });
  const table = tables.data?.rows.find((b) => b.businessType === businessType);
  const formOf = () => {
    const form = new FormData();
    if (file) form.append('file', file);
    return form;
  };
  const run = async () => {
    setBusy(true);
    try {
      const started = await pipeline.run({ id, form: formOf() });
      setTaskId(started.taskId);
      setRunId(started.runId);
      await queryClient.invalidateQueries({ queryKey: pipeline.runs.key });
    } finally {
      setBusy(false);
    }
  };
  const doPreview = async () => {
    setBusy(true);
    try {
      setPreview(await pipeline.preview({ id, form: formOf() }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Card size="small" title={t('etl.run.title')}>
        <Space wrap>
          {needsFile && (
            <Upload
              accept=".csv,.xlsx,text/csv"
              maxCount={1}
              beforeUpload={(f) => {
                setFile(f);
                return false;
              }}
              onRemove={() => setFile(null)}
            >
              <Button icon={<UploadOutlined />} data-testid="run-file">
                {t('etl.run.chooseFile')}
              </Button>
            </Upload>
          )}
          <Button onClick={() => void doPreview()} loading={busy} disabled={needsFile && !file} data-testid="run-preview">
            {t('etl.run.preview')}
          </Button>
          <Button type="primary" icon={<PlayCircleOutlined />} onClick={() => void run()} loading={busy} disabled={needsFile && !file} data-testid="run-now">
            {t('etl.run.now')}
          </Button>
        </Space>
        {taskId !== null && (
          <div style={{ marginTop: 12 }}>
            <TaskProgress taskId={taskId} />
          </div>
        )}
        {preview && (
          <div style={{ marginTop: 12 }} data-testid="run-preview-table">
            <Typography.Title level={5}>{t('etl.run.previewTitle')}</Typography.Title>
            <Table
              size="small"
              rowKey={(r) => String(r.row)}
              dataSource={preview.rows}
              pagination={false}
              scroll={{ x: 'max-content' }}
              columns={[
                { title: t('etl.report.row'), dataIndex: 'row', width: 60 },
                ...preview.columns.map((c) => ({ title: c, dataIndex: c, render: (v: unknown) => (v === null || v === undefined ? '' : String(v)) })),
              ]}
            />
            {preview.report.length > 0 && <RunReport lines={preview.report} />}
          </div>
        )}
      </Card>
      <Card size="small" title={t('etl.run.history')}>
        <Table<RunRow>
          size="small"
          rowKey="id"
          data-testid="run-history"
          dataSource={runs.data?.rows ?? []}
          pagination={false}
          scroll={{ x: 900 }}
          onRow={(r) => ({ onClick: () => (setRunId(r.id), setLoadedOnly(false)), style: { cursor: 'pointer' } })}
          rowClassName={(r) => (r.id === runId ? 'ant-table-row-selected' : '')}
          columns={[
            { title: t('etl.run.id'), dataIndex: 'id', width: 70 },
            {
              title: t('etl.run.statusLabel'),
              dataIndex: 'status',
              width: 100,
              render: (s: RunRow['status']) => <Tag color={RUN_COLOURS[s]}>{t(`etl.run.status.${s}`)}</Tag>,
            },
            { title: t('etl.run.trigger'), dataIndex: 'trigger', width: 90, render: (v: string) => t(`etl.run.triggers.${v}`) },
            { title: t('etl.run.file'), dataIndex: 'fileName', width: 140, ellipsis: true },
            ...(['total', 'inserted', 'updated', 'unchanged', 'refused'] as const).map((k) => ({
              title: t(`etl.report.${k}`),
              dataIndex: k,
              width: 80,
              render: (v: number) => (k === 'total' || !v ? v : <Tag color={LINE_COLOURS[k]}>{v}</Tag>),
            })),
            { title: t('etl.run.by'), dataIndex: 'createdBy', width: 100 },
            { title: t('etl.run.at'), dataIndex: 'createdAt', width: 170, render: (v: string) => new Date(v).toLocaleString() },
            {
              title: '',
              key: 'data',
              width: 120,
              render: (_: unknown, r: RunRow) =>
                r.inserted + r.updated > 0 ? (
                  <Typography.Link
                    onClick={(e) => {
                      e.stopPropagation();
                      // A business data table has its data page; a built-in type lists the run's loaded records.
                      if (table) navigate(etlPaths.data(table.id, r.id));
                      else {
                        setRunId(r.id);
                        setLoadedOnly(true);
                      }
                    }}
                    data-testid="run-data"
                  >
                    {t('etl.run.loadedRows')}
                  </Typography.Link>
                ) : null,
            },
          ]}
        />
      </Card>
      {runId !== null && <RunDetailCard runId={runId} loadedOnly={loadedOnly} onLoadedOnly={setLoadedOnly} />}
    </>
  );
}

function RunDetailCard({ runId, loadedOnly, onLoadedOnly }: { runId: number; loadedOnly: boolean; onLoadedOnly: (v: boolean) => void }) {
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: [...pipeline.runDetail.key, runId],
    queryFn: () => pipeline.runDetail({ id: runId }),
    refetchInterval: (q) => (q.state.data && (q.state.data.status === 'queued' || q.state.data.status === 'running') ? 1500 : false),
  });
  const d = detail.data;
  if (!d) return null;
  return (
    <Card size="small" title={t('etl.run.reportTitle', { id: d.id })} data-testid="run-report">
      <Space wrap style={{ marginBottom: 8 }}>
        <Tag color={RUN_COLOURS[d.status]} data-testid="run-status">
          {t(`etl.run.status.${d.status}`)}
        </Tag>
        {(['inserted', 'updated', 'unchanged', 'refused'] as const).map((k) => (
          <Tag key={k} color={LINE_COLOURS[k]} data-testid={`run-count-${k}`}>
            {t(`etl.report.${k}`)} {d[k]}
          </Tag>
        ))}
      </Space>
      {d.message && <Typography.Paragraph type={d.status === 'succeeded' ? undefined : 'danger'}>{d.message}</Typography.Paragraph>}
      <Space style={{ marginBottom: 8 }}>
        <Switch size="small" checked={loadedOnly} onChange={onLoadedOnly} data-testid="run-loaded-only" />
        <Typography.Text>{t('etl.report.loadedOnly')}</Typography.Text>
      </Space>
      <RunReport lines={loadedOnly ? d.report.filter((l) => l.status === 'inserted' || l.status === 'updated') : d.report} />
    </Card>
  );
}
