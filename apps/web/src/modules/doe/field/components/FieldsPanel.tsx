import { useMemo, useState } from 'react';
import { App, Button, Descriptions, Form, Modal, Popconfirm, Segmented, Space, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { doePermissions as P, FieldCreate, SQUARE_METRES_PER_MU, type FieldRow } from '@breedwise/contracts/doe';
import { DataTable } from '../../../../components/data-table/DataTable';
import { applyServerErrors, validateForm } from '../../../../components/form/zod-form';
import { usePermission } from '../../../../lib/permissions';
import { api } from '../../api';
import { doePaths } from '../../paths';
import { FieldForm } from './FieldForm';

/** Fields of one location (or of all, by type): add, view and edit dialogs, enable/disable, discard/take back. */
export function FieldsPanel({ locationId, type }: { locationId?: number; type?: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [discarded, setDiscarded] = useState<'hide' | 'only' | 'all'>('hide');
  const [editing, setEditing] = useState<FieldRow | null | undefined>(undefined);
  const [viewing, setViewing] = useState<FieldRow | null>(null);
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const canAdd = usePermission(P.fieldAdd);
  const canEdit = usePermission(P.fieldEdit);
  const canRemove = usePermission(P.fieldRemove);
  const refresh = () => queryClient.invalidateQueries({ queryKey: api.doe.field.$key });

  const save = async () => {
    const valid = await form.validateFields().then(
      () => true,
      () => false,
    );
    if (!valid) return;
    const values = form.getFieldsValue();
    if (!validateForm(form, FieldCreate, values)) return;
    setSaving(true);
    try {
      const row = editing
        ? await api.doe.field.update({ ...values, id: editing.id }, { errorMode: 'silent' })
        : await api.doe.field.create(values, { errorMode: 'silent' });
      void message.success(t('doe.field.saved', { name: row.name }));
      setEditing(undefined);
      void refresh();
    } catch (err) {
      if (!applyServerErrors(form, err)) void message.error((err as Error).message);
    } finally {
      setSaving(false);
    }
  };
  const act = async (p: Promise<unknown>) => {
    await p;
    void message.success(t('doe.common.done'));
    void refresh();
  };

  const columns = useMemo<ColumnsType<FieldRow>>(
    () => [
      {
        title: t('doe.field.name'),
        dataIndex: 'name',
        key: 'name',
        sorter: true,
        width: 160,
        render: (v: string, r) => <Typography.Link onClick={() => setViewing(r)}>{v}</Typography.Link>,
      },
      { title: t('doe.field.code'), dataIndex: 'code', key: 'code', sorter: true, width: 100 },
      ...(locationId ? [] : [{ title: t('doe.field.location'), dataIndex: 'locationName', key: 'locationName', width: 140 }]),
      { title: t('doe.field.type'), dataIndex: 'type', key: 'type', sorter: true, width: 110, render: (v: number) => t(`doe.field.types.${v}`) },
      { title: t('doe.field.size'), key: 'rows', sorter: true, width: 110, render: (_, r) => `${r.rows} × ${r.cols}` },
      { title: t('doe.field.tiers'), dataIndex: 'tiers', key: 'tiers', width: 70 },
      { title: t('doe.field.area'), dataIndex: 'area', key: 'area', width: 130, render: (v: number | null) => (v === null ? '—' : `${v} m²`) },
      {
        title: t('common.status'),
        key: 'status',
        width: 140,
        render: (_, r) => (
          <Space size={2}>
            <Tag color={r.status === 'enabled' ? 'success' : 'default'}>{t(`common.${r.status}`)}</Tag>
            {r.discarded && <Tag color="red">{t('doe.field.discarded')}</Tag>}
          </Space>
        ),
      },
      { title: t('doe.field.experiments'), dataIndex: 'experimentCount', key: 'experimentCount', width: 90 },
      {
        title: t('common.actions'),
        key: 'actions',
        fixed: 'right',
        width: 300,
        render: (_, r) => (
          <Space size={0} wrap>
            <Button type="link" size="small" onClick={() => navigate(doePaths.fieldView(r.id))}>
              {t('doe.field.blocks')}
            </Button>
            {canEdit && (
              <Button type="link" size="small" onClick={() => setEditing(r)} data-testid="field-edit">
                {t('common.edit')}
              </Button>
            )}
            {canEdit && (
              <Button
                type="link"
                size="small"
                onClick={() => act(api.doe.field.status({ ids: [r.id], status: r.status === 'enabled' ? 'disabled' : 'enabled' }))}
              >
                {r.status === 'enabled' ? t('common.disable') : t('common.enable')}
              </Button>
            )}
            {canEdit && (
              <Button type="link" size="small" onClick={() => act(api.doe.field.discard({ ids: [r.id], discarded: !r.discarded }))}>
                {r.discarded ? t('doe.field.restore') : t('doe.field.discard')}
              </Button>
            )}
            {canRemove && (
              <Popconfirm
                title={t('common.deleteConfirm', { name: r.name })}
                okText={t('common.ok')}
                cancelText={t('common.cancel')}
                onConfirm={() => act(api.doe.field.remove({ id: r.id }))}
              >
                <Button type="link" size="small" danger>
                  {t('common.delete')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, canEdit, canRemove, locationId],
  );
  const params = useMemo(() => ({ locationId, type, discarded }), [locationId, type, discarded]);

  return (
    <>
      <DataTable<FieldRow>
        testId="field-table"
        endpoint={api.doe.field.page}
        tableName="doe.field"
        params={params}
        columns={columns}
        rowKey="id"
        toolbar={
          <>
            <Segmented
              value={discarded}
              onChange={(v) => setDiscarded(v as typeof discarded)}
              options={[
                { value: 'hide', label: t('doe.field.inUse') },
                { value: 'only', label: t('doe.field.discardedOnes') },
                { value: 'all', label: t('common.all') },
              ]}
            />
            {canAdd && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)} data-testid="field-add">
                {t('doe.field.add')}
              </Button>
            )}
          </>
        }
      />
      <Modal
        open={editing !== undefined}
        title={t(editing ? 'doe.field.editTitle' : 'doe.field.addTitle')}
        onCancel={() => setEditing(undefined)}
        afterClose={() => form.resetFields()}
        onOk={save}
        confirmLoading={saving}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        width={760}
        destroyOnHidden
        maskClosable={false}
      >
        <FieldForm form={form} field={editing} locationId={locationId} type={type} />
      </Modal>
      <Modal
        open={!!viewing}
        title={viewing?.name}
        onCancel={() => setViewing(null)}
        width={720}
        footer={[
          <Button
            key="page"
            onClick={() => {
              navigate(doePaths.fieldView(viewing!.id));
              setViewing(null);
            }}
          >
            {t('doe.field.openPage')}
          </Button>,
          canEdit && (
            <Button
              key="edit"
              type="primary"
              onClick={() => {
                setEditing(viewing);
                setViewing(null);
              }}
            >
              {t('common.edit')}
            </Button>
          ),
        ]}
      >
        {viewing && <FieldDescriptions field={viewing} />}
      </Modal>
    </>
  );
}

export function FieldDescriptions({ field }: { field: FieldRow }) {
  const { t } = useTranslation();
  return (
    <Descriptions
      size="small"
      bordered
      column={2}
      data-testid="field-view"
      items={[
        { key: 'l', label: t('doe.field.location'), children: field.locationName },
        { key: 'c', label: t('doe.field.code'), children: field.code },
        { key: 't', label: t('doe.field.type'), children: t(`doe.field.types.${field.type}`) },
        { key: 's', label: t('doe.field.size'), children: t('doe.field.sizeText', { rows: field.rows, cols: field.cols, plots: field.plots }) },
        {
          key: 'len',
          label: t('doe.field.lengthWidth'),
          children: field.length !== null && field.width !== null ? `${field.length} m × ${field.width} m` : '—',
        },
        {
          key: 'a',
          label: t('doe.field.area'),
          children: field.area === null ? '—' : `${field.area} m² (${(field.area / SQUARE_METRES_PER_MU).toFixed(2)} ${t('doe.field.mu')})`,
        },
        { key: 'sp', label: t('doe.field.spacing'), children: field.spacing === null ? '—' : `${field.spacing} cm` },
        { key: 'pr', label: t('doe.field.plantRows'), children: field.plantRowsPerPlot },
        { key: 'ti', label: t('doe.field.tiers'), children: field.tiers },
        { key: 'bl', label: t('doe.field.blocks'), children: field.blockCount },
        { key: 'st', label: t('common.status'), children: `${t(`common.${field.status}`)}${field.discarded ? ` · ${t('doe.field.discarded')}` : ''}` },
        { key: 'ex', label: t('doe.field.experiments'), children: field.experimentCount },
        { key: 'r', label: t('doe.common.remark'), span: 2, children: field.remark ?? '—' },
      ]}
    />
  );
}
