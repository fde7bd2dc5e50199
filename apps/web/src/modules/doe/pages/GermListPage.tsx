import { useMemo, useState } from 'react';
import { App, Button, Card, Checkbox, Col, Drawer, Form, Input, InputNumber, Modal, Popconfirm, Row, Select, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import {
  GermListEntryFields, GermListFields, MATERIAL_TYPES, Permissions, type FilterItem, type GermListEntryInput, type GermListEntryRow, type GermListRow,
} from '@breedwise/contracts';
import { DataTable } from '../../../components/data-table/DataTable';
import { FilterButton, type FilterFieldConfig } from '../../../components/filter-drawer';
import { ExportButton, ImportButton } from '../../../components/import-export';
import { DictTag } from '../../../components/common';
import { applyServerErrors, fieldRules } from '../../../components/form/zod-form';
import { queryClient } from '../../../lib/query';
import { usePermission } from '../../../shell/permissions';
import { doeKeys, germListApi } from '../api';
import { DictSelect, ProjectSelect } from '../components/selects';

const P = Permissions.doe;
const rules = fieldRules(GermListFields);
const entryRules = fieldRules(GermListEntryFields);
const TYPES = ['experiment', 'nursery', 'germplasm'] as const;

async function allEntries(listId: number): Promise<GermListEntryRow[]> {
  const out: GermListEntryRow[] = [];
  for (let pageNum = 1; ; pageNum++) {
    const page = await germListApi.entries({ listId, pageNum, pageSize: 200 });
    out.push(...page.rows);
    if (out.length >= page.total || page.rows.length === 0) return out;
  }
}
const toInput = (e: GermListEntryRow): GermListEntryInput => ({
  entryId: e.entryId, materialName: e.materialName, generation: e.generation, materialType: e.materialType, pedigree: e.pedigree, plantRows: e.plantRows,
  sowingQuantity: e.sowingQuantity, block: e.block, plantPlotNumber: e.plantPlotNumber, isCheck: e.isCheck, remark: e.remark,
});

/** Planting lists (spec section 3): lists with material counts and usage, their entries, xlsx import with a row report and export. */
export default function GermListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const [type, setType] = useState<string | undefined>();
  const [filters, setFilters] = useState<FilterItem[]>([]);
  const [editing, setEditing] = useState<GermListRow | null | undefined>(undefined);
  const [open, setOpen] = useState<GermListRow | null>(null);
  const [form] = Form.useForm();
  const canAdd = usePermission(P.germListAdd);
  const canEdit = usePermission(P.germListEdit);
  const canRemove = usePermission(P.germListRemove);
  const canImport = usePermission(P.germListImport);
  const canExport = usePermission(P.germListExport);
  const refresh = () => queryClient.invalidateQueries({ queryKey: doeKeys.germList });

  const columns = useMemo<ColumnsType<GermListRow>>(() => [
    { title: t('doe.germList.name'), dataIndex: 'name', key: 'name', sorter: true, width: 220, render: (v: string, r) => <a onClick={() => setOpen(r)}>{v}</a> },
    { title: t('doe.germList.type'), dataIndex: 'type', key: 'type', sorter: true, width: 100, render: (v: string) => <Tag>{t(`doe.germList.types.${v}`)}</Tag> },
    { title: t('doe.germList.materialCount'), dataIndex: 'materialCount', key: 'materialCount', width: 140, render: (v: number, r) => `${v} (${t('doe.experiment.checksShort', { n: r.checkCount })})` },
    { title: t('doe.experiment.yearSeason'), key: 'year', sorter: true, width: 130, render: (_, r) => <Space size={4}>{r.year ?? '—'}<DictTag dictType="doe_season" appKey="doe" value={r.season} /></Space> },
    { title: t('doe.germList.usage'), dataIndex: 'usage', key: 'usage', width: 180, ellipsis: true },
    { title: t('doe.experiment.project'), dataIndex: 'projectName', key: 'projectName', width: 160, ellipsis: true },
    { title: t('doe.germList.usedBy'), dataIndex: 'usedBy', key: 'usedBy', width: 90 },
    { title: t('doe.common.remark'), dataIndex: 'remark', key: 'remark', ellipsis: true, width: 160 },
    { title: t('doe.germList.updatedAt'), dataIndex: 'updatedAt', key: 'updatedAt', sorter: true, width: 150, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
    {
      title: t('common.actions'), key: 'actions', fixed: 'right', width: 200,
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setOpen(r)}>{t('doe.germList.entries')}</Button>
          {canEdit && <Button type="link" size="small" onClick={() => { setEditing(r); form.setFieldsValue(r); }}>{t('common.edit')}</Button>}
          {canRemove && (
            <Popconfirm title={t('common.deleteConfirm', { name: r.name })} okText={t('common.ok')} cancelText={t('common.cancel')} onConfirm={async () => { await germListApi.remove(r.id); void refresh(); }}>
              <Button type="link" size="small" danger>{t('common.delete')}</Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  // eslint-disable-next-line react-hooks/exhaustive-deps
  ], [t, canEdit, canRemove]);
  const filterFields = useMemo<FilterFieldConfig[]>(() => [
    { key: 'name', label: t('doe.germList.name'), type: 'text', repeatable: true },
    { key: 'type', label: t('doe.germList.type'), type: 'select', options: TYPES.map((v) => ({ value: v, label: t(`doe.germList.types.${v}`) })) },
    { key: 'year', label: t('doe.common.year'), type: 'number', repeatable: true },
    { key: 'usage', label: t('doe.germList.usage'), type: 'text' },
    { key: 'updatedAt', label: t('doe.germList.updatedAt'), type: 'date' },
  ], [t]);
  const params = useMemo(() => ({ keyword: keyword || undefined, type, filters: filters.length ? filters : undefined }), [keyword, type, filters]);

  const save = async () => {
    const v = await form.validateFields();
    try {
      if (editing) await germListApi.update({ ...v, id: editing.id });
      else await germListApi.create(v);
      void message.success(t('doe.common.saved'));
      setEditing(undefined);
      void refresh();
    } catch (err) {
      if (!applyServerErrors(form, err)) void message.error((err as Error).message);
    }
  };

  return (
    <div className="bw-page">
      <Card title={t('doe.germList.title')} variant="borderless">
        <DataTable<GermListRow> testId="germlist-table" queryKey={doeKeys.germList} tableName="doe.germList" params={params} fetch={germListApi.page} columns={columns} rowKey="id"
          toolbar={<>
            <Input.Search allowClear placeholder={t('doe.germList.keyword')} style={{ width: 200 }} onSearch={(v) => setKeyword(v.trim())} />
            <Select allowClear style={{ width: 130 }} placeholder={t('doe.germList.type')} value={type} onChange={setType} options={TYPES.map((v) => ({ value: v, label: t(`doe.germList.types.${v}`) }))} />
            <FilterButton name="doe.germList" fields={filterFields} value={filters} onChange={setFilters} />
            {canAdd && <Button type="primary" icon={<PlusOutlined />} onClick={() => { setEditing(null); form.resetFields(); }}>{t('doe.germList.add')}</Button>}
            {canImport && <ImportButton resource="/doe/api/germList" title={t('doe.germList.title')} onImported={() => void refresh()} />}
            {canExport && <ExportButton url="/doe/api/germList/export" params={params} fileName={`${t('doe.germList.title')}.xlsx`} />}
          </>} />
      </Card>
      <Modal open={editing !== undefined} title={t(editing ? 'doe.germList.editTitle' : 'doe.germList.add')} onCancel={() => setEditing(undefined)} onOk={save} okText={t('common.save')} cancelText={t('common.cancel')} width={640} maskClosable={false} forceRender>
        <Form form={form} layout="vertical" initialValues={{ type: 'experiment' }}>
          <Row gutter={12}>
            <Col span={14}><Form.Item name="name" label={t('doe.germList.name')} rules={rules.name} required><Input maxLength={100} /></Form.Item></Col>
            <Col span={10}><Form.Item name="type" label={t('doe.germList.type')} rules={rules.type} required><Select options={TYPES.map((v) => ({ value: v, label: t(`doe.germList.types.${v}`) }))} /></Form.Item></Col>
            <Col span={8}><Form.Item name="year" label={t('doe.common.year')} rules={rules.year}><InputNumber style={{ width: '100%' }} /></Form.Item></Col>
            <Col span={8}><Form.Item name="season" label={t('doe.common.season')}><DictSelect dictType="doe_season" /></Form.Item></Col>
            <Col span={8}><Form.Item name="projectId" label={t('doe.experiment.project')}><ProjectSelect options={editing?.projectId ? [{ value: editing.projectId, label: editing.projectName }] : undefined} /></Form.Item></Col>
            <Col span={24}><Form.Item name="usage" label={t('doe.germList.usage')} rules={rules.usage}><Input maxLength={200} /></Form.Item></Col>
            <Col span={24}><Form.Item name="remark" label={t('doe.common.remark')} rules={rules.remark}><Input.TextArea rows={2} maxLength={500} /></Form.Item></Col>
          </Row>
        </Form>
      </Modal>
      <Drawer open={!!open} onClose={() => setOpen(null)} size={1100} title={open ? t('doe.germList.entriesOf', { name: open.name }) : ''} destroyOnHidden>
        {open && <ListEntries list={open} editable={canEdit} onChanged={() => void refresh()} />}
      </Drawer>
    </div>
  );
}

function ListEntries({ list, editable, onChanged }: { list: GermListRow; editable: boolean; onChanged(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<GermListEntryRow | null | undefined>(undefined);
  const [form] = Form.useForm();
  const key = [...doeKeys.germList, 'entries', list.id];
  const change = async (fn: (rows: GermListEntryInput[]) => GermListEntryInput[]) => {
    const rows = (await allEntries(list.id)).map(toInput);
    await germListApi.saveEntries({ id: list.id, entries: fn(rows) });
    await queryClient.invalidateQueries({ queryKey: key });
    onChanged();
  };
  const save = async () => {
    const v = await form.validateFields();
    try {
      await change((rows) => (editing ? rows.map((r) => (r.entryId === editing.entryId ? { ...r, ...v } : r)) : [...rows, v]));
      void message.success(t('doe.common.saved'));
      setEditing(undefined);
    } catch (err) {
      if (!applyServerErrors(form, err)) void message.error((err as Error).message);
    }
  };
  const columns: ColumnsType<GermListEntryRow> = [
    { title: t('doe.germList.entryId'), dataIndex: 'entryId', key: 'entryId', sorter: true, width: 90 },
    { title: t('doe.germList.material'), dataIndex: 'materialName', key: 'materialName', sorter: true, width: 160 },
    { title: t('doe.entries.generation'), dataIndex: 'generation', key: 'generation', width: 90 },
    { title: t('doe.germList.materialType'), dataIndex: 'materialType', key: 'materialType', width: 100, render: (v: string | null) => (v ? t(`doe.germList.materialTypes.${v}`, { defaultValue: v }) : '—') },
    { title: t('doe.entries.pedigree'), dataIndex: 'pedigree', key: 'pedigree', ellipsis: true, width: 180 },
    { title: t('doe.germList.plantRows'), dataIndex: 'plantRows', key: 'plantRows', width: 80 },
    { title: t('doe.germList.sowingQuantity'), dataIndex: 'sowingQuantity', key: 'sowingQuantity', width: 90 },
    { title: t('doe.germList.block'), dataIndex: 'block', key: 'block', width: 80 },
    { title: t('doe.germList.plantPlotNumber'), dataIndex: 'plantPlotNumber', key: 'plantPlotNumber', width: 110 },
    { title: t('doe.entries.check'), dataIndex: 'isCheck', key: 'isCheck', width: 70, render: (v: boolean) => (v ? <Tag color="orange">{t('doe.entries.checkYes')}</Tag> : null) },
    ...(editable ? [{
      title: t('common.actions'), key: 'a', fixed: 'right' as const, width: 120,
      render: (_: unknown, r: GermListEntryRow) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => { setEditing(r); form.setFieldsValue(r); }}>{t('common.edit')}</Button>
          <Popconfirm title={t('common.deleteConfirm', { name: r.materialName })} okText={t('common.ok')} cancelText={t('common.cancel')} onConfirm={() => change((rows) => rows.filter((x) => x.entryId !== r.entryId))}>
            <Button type="link" size="small" danger>{t('common.delete')}</Button>
          </Popconfirm>
        </Space>
      ),
    }] : []),
  ];
  return (
    <>
      <DataTable<GermListEntryRow> testId="germlist-entries" queryKey={key} params={{ listId: list.id }} fetch={(q) => germListApi.entries({ ...q, listId: list.id })} columns={columns} rowKey="id"
        toolbar={editable && <Button type="primary" icon={<PlusOutlined />} onClick={() => { setEditing(null); form.resetFields(); form.setFieldsValue({ entryId: list.materialCount + 1, generation: 'F1' }); }}>{t('doe.germList.addEntry')}</Button>} />
      <Modal open={editing !== undefined} title={t(editing ? 'doe.germList.editEntry' : 'doe.germList.addEntry')} onCancel={() => setEditing(undefined)} onOk={save} okText={t('common.save')} cancelText={t('common.cancel')} width={680} forceRender>
        <Form form={form} layout="vertical">
          <Row gutter={12}>
            <Col span={6}><Form.Item name="entryId" label={t('doe.germList.entryId')} rules={entryRules.entryId} required><InputNumber min={1} style={{ width: '100%' }} disabled={!!editing} /></Form.Item></Col>
            <Col span={10}><Form.Item name="materialName" label={t('doe.germList.material')} rules={entryRules.materialName} required><Input maxLength={100} /></Form.Item></Col>
            <Col span={8}><Form.Item name="generation" label={t('doe.entries.generation')} rules={entryRules.generation} required extra={t('doe.germList.generationHelp')}><Input maxLength={20} /></Form.Item></Col>
            <Col span={8}><Form.Item name="materialType" label={t('doe.germList.materialType')}><Select allowClear options={MATERIAL_TYPES.map((v) => ({ value: v, label: t(`doe.germList.materialTypes.${v}`) }))} /></Form.Item></Col>
            <Col span={16}><Form.Item name="pedigree" label={t('doe.entries.pedigree')} rules={entryRules.pedigree}><Input maxLength={500} /></Form.Item></Col>
            <Col span={6}><Form.Item name="plantRows" label={t('doe.germList.plantRows')} rules={entryRules.plantRows}><InputNumber min={1} style={{ width: '100%' }} /></Form.Item></Col>
            <Col span={6}><Form.Item name="sowingQuantity" label={t('doe.germList.sowingQuantity')} rules={entryRules.sowingQuantity}><InputNumber min={0} style={{ width: '100%' }} /></Form.Item></Col>
            <Col span={6}><Form.Item name="block" label={t('doe.germList.block')}><Input maxLength={50} /></Form.Item></Col>
            <Col span={6}><Form.Item name="plantPlotNumber" label={t('doe.germList.plantPlotNumber')}><Input maxLength={50} /></Form.Item></Col>
            <Col span={24}><Form.Item name="isCheck" valuePropName="checked"><Checkbox>{t('doe.germList.isCheck')}</Checkbox></Form.Item></Col>
            <Col span={24}><Form.Item name="remark" label={t('doe.common.remark')}><Input maxLength={500} /></Form.Item></Col>
          </Row>
        </Form>
      </Modal>
    </>
  );
}
