import { useMemo, useState } from 'react';
import { App, Button, Card, ColorPicker, Form, Input, InputNumber, Modal, Popconfirm, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { ActivityCategoryFields, Permissions, type ActivityCategoryRow } from '@breedwise/contracts';
import { DataTable } from '../../../components/data-table/DataTable';
import { PALETTE } from '../../../components/common';
import { applyServerErrors, fieldRules } from '../../../components/form/zod-form';
import { queryClient } from '../../../lib/query';
import { usePermission } from '../../../shell/permissions';
import { activityApi, doeKeys } from '../api';

const rules = fieldRules(ActivityCategoryFields);
const key = [...doeKeys.activity, 'category'];

/** Kinds of field activity (sowing, fertilising, irrigation ...) with a colour and an order. */
export default function ActivityCategoryPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<ActivityCategoryRow | null | undefined>(undefined);
  const [form] = Form.useForm();
  const canEdit = usePermission(Permissions.doe.activityCategory);
  const refresh = () => queryClient.invalidateQueries({ queryKey: doeKeys.activity });
  const columns = useMemo<ColumnsType<ActivityCategoryRow>>(() => [
    { title: t('doe.activity.categoryName'), dataIndex: 'name', key: 'name', sorter: true, render: (v: string, r) => <Tag color={r.color ?? undefined}>{v}</Tag> },
    { title: t('doe.activity.sort'), dataIndex: 'sort', key: 'sort', sorter: true, width: 90 },
    { title: t('doe.activity.records'), dataIndex: 'recordCount', key: 'recordCount', width: 100 },
    { title: t('common.status'), dataIndex: 'status', key: 'status', width: 90, render: (v: string) => <Tag color={v === 'enabled' ? 'success' : 'default'}>{t(`common.${v}`)}</Tag> },
    { title: t('doe.common.remark'), dataIndex: 'remark', key: 'remark', ellipsis: true },
    ...(canEdit ? [{
      title: t('common.actions'), key: 'a', fixed: 'right' as const, width: 200, render: (_: unknown, r: ActivityCategoryRow) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => { setEditing(r); form.setFieldsValue(r); }}>{t('common.edit')}</Button>
          <Button type="link" size="small" onClick={async () => { await activityApi.categoryStatus([r.id], r.status === 'enabled' ? 'disabled' : 'enabled'); void refresh(); }}>{r.status === 'enabled' ? t('common.disable') : t('common.enable')}</Button>
          <Popconfirm title={t('common.deleteConfirm', { name: r.name })} okText={t('common.ok')} cancelText={t('common.cancel')} onConfirm={async () => { await activityApi.removeCategory(r.id); void refresh(); }}>
            <Button type="link" size="small" danger>{t('common.delete')}</Button>
          </Popconfirm>
        </Space>
      ),
    }] : []),
  // eslint-disable-next-line react-hooks/exhaustive-deps
  ], [t, canEdit]);
  const save = async () => {
    const v = await form.validateFields();
    const color = typeof v.color === 'string' ? v.color : v.color?.toHexString?.() ?? null;
    try {
      if (editing) await activityApi.updateCategory({ ...v, color, id: editing.id });
      else await activityApi.createCategory({ ...v, color });
      void message.success(t('doe.common.saved'));
      setEditing(undefined);
      void refresh();
    } catch (err) {
      if (!applyServerErrors(form, err)) void message.error((err as Error).message);
    }
  };
  return (
    <div className="bw-page">
      <Card title={t('doe.activity.categoryTitle')} variant="borderless">
        <DataTable<ActivityCategoryRow> testId="activity-category-table" queryKey={key} fetch={activityApi.categories} columns={columns} rowKey="id"
          toolbar={canEdit && <Button type="primary" icon={<PlusOutlined />} onClick={() => { setEditing(null); form.resetFields(); }}>{t('doe.activity.addCategory')}</Button>} />
      </Card>
      <Modal open={editing !== undefined} title={t(editing ? 'doe.activity.editCategory' : 'doe.activity.addCategory')} onCancel={() => setEditing(undefined)} onOk={save} okText={t('common.save')} cancelText={t('common.cancel')} forceRender>
        <Form form={form} layout="vertical" initialValues={{ sort: 0 }}>
          <Form.Item name="name" label={t('doe.activity.categoryName')} rules={rules.name} required><Input maxLength={50} /></Form.Item>
          <Space>
            <Form.Item name="color" label={t('doe.activity.color')}><ColorPicker presets={[{ label: t('doe.activity.palette'), colors: [...PALETTE] }]} disabledAlpha /></Form.Item>
            <Form.Item name="sort" label={t('doe.activity.sort')}><InputNumber min={0} /></Form.Item>
          </Space>
          <Form.Item name="remark" label={t('doe.common.remark')}><Input maxLength={200} /></Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
