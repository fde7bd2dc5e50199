import { useMemo, useState } from 'react';
import { App, Button, Card, Col, Form, Input, InputNumber, Modal, Popconfirm, Row, Select, Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { ExperimentFields, Permissions, type ExperimentRow, type ExperimentStatus, type FilterItem } from '@breedwise/contracts';
import { DataTable } from '../../../components/data-table/DataTable';
import { FilterButton, type FilterFieldConfig } from '../../../components/filter-drawer';
import { DictTag } from '../../../components/common';
import { applyServerErrors, fieldRules } from '../../../components/form/zod-form';
import { queryClient } from '../../../lib/query';
import { usePermission } from '../../../shell/permissions';
import { doeKeys, experimentApi } from '../api';
import { DictSelect, ExperimentStatusTag, FieldSelect, LocationSelect, ProjectSelect } from '../components/selects';

const P = Permissions.doe;
const rules = fieldRules(ExperimentFields);
const STATUSES: ExperimentStatus[] = ['temporary', 'designed', 'finished', 'harvested'];

/** Experiments of the current crop: filter, add (then design), open for viewing or editing. */
export default function ExperimentListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<ExperimentStatus | undefined>();
  const [projectId, setProjectId] = useState<number | undefined>();
  const [filters, setFilters] = useState<FilterItem[]>([]);
  const [adding, setAdding] = useState(false);
  const canAdd = usePermission(P.experimentAdd);
  const canEdit = usePermission(P.experimentEdit);
  const canRemove = usePermission(P.experimentRemove);

  const refresh = () => queryClient.invalidateQueries({ queryKey: doeKeys.experiment });
  const columns = useMemo<ColumnsType<ExperimentRow>>(() => [
    { title: t('doe.experiment.code'), dataIndex: 'code', key: 'code', sorter: true, fixed: 'left', width: 130 },
    {
      title: t('doe.experiment.name'), dataIndex: 'name', key: 'name', sorter: true, width: 220,
      render: (v: string, r) => <Typography.Link strong onClick={() => navigate(`/doe/exp/design/viewExperiment/${r.id}`)} data-testid="experiment-link">{v}</Typography.Link>,
    },
    { title: t('common.status'), dataIndex: 'status', key: 'status', sorter: true, width: 150, render: (v: ExperimentStatus, r) => <ExperimentStatusTag status={v} locked={r.locked} /> },
    { title: t('doe.experiment.project'), dataIndex: 'projectName', key: 'projectName', width: 160, ellipsis: true },
    { title: t('doe.experiment.yearSeason'), key: 'year', sorter: true, width: 130, render: (_, r) => <Space size={4}>{r.year}<DictTag dictType="doe_season" appKey="doe" value={r.season} /></Space> },
    { title: t('doe.experiment.location'), key: 'place', width: 200, ellipsis: true, render: (_, r) => [r.locationName, r.fieldName].filter(Boolean).join(' / ') || '—' },
    { title: t('doe.experiment.designMethod'), dataIndex: 'designMethod', key: 'designMethod', sorter: true, width: 150, render: (v: string) => <DictTag dictType="doe_design_method" appKey="doe" value={v} /> },
    { title: t('doe.experiment.stage'), dataIndex: 'stage', key: 'stage', width: 120, render: (v: string | null) => <DictTag dictType="doe_exp_stage" appKey="doe" value={v} /> },
    { title: t('doe.experiment.entries'), key: 'entryCount', width: 110, render: (_, r) => `${r.entryCount} (${t('doe.experiment.checksShort', { n: r.checkCount })})` },
    { title: t('doe.experiment.plots'), dataIndex: 'plotCount', key: 'plotCount', width: 90 },
    { title: t('doe.experiment.sowingDate'), dataIndex: 'sowingDate', key: 'sowingDate', sorter: true, width: 120 },
    { title: t('common.updatedAt'), dataIndex: 'updatedAt', key: 'updatedAt', sorter: true, width: 150, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
    {
      title: t('common.actions'), key: 'actions', fixed: 'right', width: 170,
      render: (_, r) => (
        <Space size={2}>
          <Button type="link" size="small" onClick={() => navigate(`/doe/exp/design/viewExperiment/${r.id}`)}>{t('common.view')}</Button>
          {canEdit && !r.locked && <Button type="link" size="small" onClick={() => navigate(`/doe/exp/design/editExperiment/${r.id}`)} data-testid="experiment-edit">{t('doe.experiment.design')}</Button>}
          {canRemove && !r.locked && (r.status === 'temporary' || r.status === 'designed') && (
            <Popconfirm title={t('common.deleteConfirm', { name: r.name })} okText={t('common.ok')} cancelText={t('common.cancel')}
              onConfirm={async () => { await experimentApi.remove(r.id); void message.success(t('doe.common.deleted')); void refresh(); }}>
              <Button type="link" size="small" danger>{t('common.delete')}</Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  // eslint-disable-next-line react-hooks/exhaustive-deps
  ], [t, canEdit, canRemove]);

  const filterFields = useMemo<FilterFieldConfig[]>(() => [
    { key: 'name', label: t('doe.experiment.name'), type: 'text', repeatable: true },
    { key: 'code', label: t('doe.experiment.code'), type: 'text', repeatable: true },
    { key: 'status', label: t('common.status'), type: 'select', options: STATUSES.map((s) => ({ value: s, label: t(`doe.experiment.status.${s}`) })) },
    { key: 'year', label: t('doe.common.year'), type: 'number', repeatable: true },
    { key: 'reps', label: t('doe.experiment.reps'), type: 'number', repeatable: true },
    { key: 'sowingDate', label: t('doe.experiment.sowingDate'), type: 'date' },
    { key: 'createdAt', label: t('common.createdAt'), type: 'date' },
  ], [t]);
  const params = useMemo(() => ({ keyword: keyword || undefined, status, projectId, filters: filters.length ? filters : undefined }), [keyword, status, projectId, filters]);

  return (
    <div className="bw-page">
      <Card title={t('doe.experiment.title')} variant="borderless">
        <DataTable<ExperimentRow>
          testId="experiment-table"
          queryKey={doeKeys.experiment}
          tableName="doe.experiment"
          params={params}
          fetch={experimentApi.page}
          columns={columns}
          rowKey="id"
          toolbar={
            <>
              <Input.Search allowClear placeholder={t('doe.experiment.keyword')} style={{ width: 220 }} onSearch={(v) => setKeyword(v.trim())} />
              <ProjectSelect style={{ width: 200 }} placeholder={t('doe.experiment.project')} value={projectId} onChange={(v) => setProjectId(v as number | undefined)} />
              <Select<ExperimentStatus | 'all'> style={{ width: 130 }} value={status ?? 'all'} onChange={(v) => setStatus(v === 'all' ? undefined : v)}
                options={[{ value: 'all', label: t('common.all') }, ...STATUSES.map((s) => ({ value: s, label: t(`doe.experiment.status.${s}`) }))]} aria-label={t('common.status')} />
              <FilterButton name="doe.experiment" fields={filterFields} value={filters} onChange={setFilters} />
              {canAdd && <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="experiment-add">{t('doe.experiment.add')}</Button>}
            </>
          }
        />
      </Card>
      <NewExperimentModal open={adding} onClose={() => setAdding(false)} onCreated={(row) => { setAdding(false); void refresh(); navigate(`/doe/exp/design/editExperiment/${row.id}`); }} />
    </div>
  );
}

function NewExperimentModal({ open, onClose, onCreated }: { open: boolean; onClose(): void; onCreated(row: ExperimentRow): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const locationId = Form.useWatch('locationId', form) as number | undefined;
  const save = async () => {
    const ok = await form.validateFields().then(() => true, () => false);
    if (!ok) return;
    setSaving(true);
    try {
      onCreated(await experimentApi.create(form.getFieldsValue()));
      form.resetFields();
    } catch (err) {
      applyServerErrors(form, err);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open={open} title={t('doe.experiment.addTitle')} onCancel={onClose} onOk={save} confirmLoading={saving} okText={t('common.save')} cancelText={t('common.cancel')} width={720} destroyOnHidden maskClosable={false}>
      <Form form={form} layout="vertical" data-testid="experiment-form" initialValues={{ year: new Date().getFullYear(), season: 'spring', designMethod: 'alpha', reps: 2 }}>
        <Row gutter={16}>
          <Col span={12}><Form.Item name="name" label={t('doe.experiment.name')} rules={rules.name} required><Input maxLength={100} /></Form.Item></Col>
          <Col span={12}><Form.Item name="projectId" label={t('doe.experiment.project')}><ProjectSelect /></Form.Item></Col>
          <Col span={12}><Form.Item name="locationId" label={t('doe.experiment.location')}><LocationSelect onChange={() => form.setFieldValue('fieldId', undefined)} /></Form.Item></Col>
          <Col span={12}><Form.Item name="fieldId" label={t('doe.experiment.field')}><FieldSelect locationId={locationId} /></Form.Item></Col>
          <Col span={6}><Form.Item name="year" label={t('doe.common.year')} rules={rules.year} required><InputNumber style={{ width: '100%' }} /></Form.Item></Col>
          <Col span={6}><Form.Item name="season" label={t('doe.common.season')} rules={rules.season} required><DictSelect dictType="doe_season" allowClear={false} /></Form.Item></Col>
          <Col span={6}><Form.Item name="designMethod" label={t('doe.experiment.designMethod')} rules={rules.designMethod} required><DictSelect dictType="doe_design_method" allowClear={false} /></Form.Item></Col>
          <Col span={6}><Form.Item name="reps" label={t('doe.experiment.reps')} rules={rules.reps}><InputNumber min={1} max={100} style={{ width: '100%' }} /></Form.Item></Col>
        </Row>
      </Form>
    </Modal>
  );
}
