import { useState } from 'react';
import { App, Button, Card, Col, Form, Input, InputNumber, Modal, Popconfirm, Result, Row, Skeleton, Space, Table } from 'antd';
import { AppstoreAddOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BlockFields, Permissions, type BlockRow } from '@breedwise/contracts';
import { applyServerErrors, fieldRules } from '../../../components/form/zod-form';
import { queryClient } from '../../../lib/query';
import { usePermission } from '../../../shell/permissions';
import { usePage } from '../../../shell/workspace/page-context';
import { blockApi, doeKeys, fieldApi } from '../api';
import { BlockGrid } from '../components/BlockGrid';
import { FieldDescriptions } from '../components/FieldsPanel';

const rules = fieldRules(BlockFields);

/** /doe/exp/location/viewField?id=: a field, drawn with its blocks; blocks added, tiled and edited within tiers. */
export default function FieldViewPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const id = Number(usePage().search.get('id'));
  const canEdit = usePermission(Permissions.doe.fieldEdit);
  const field = useQuery({ queryKey: [...doeKeys.field, id], queryFn: () => fieldApi.detail(id) });
  const blocks = useQuery({ queryKey: [...doeKeys.block, id], queryFn: () => blockApi.page({ fieldId: id, pageSize: 200 }) });
  const [editing, setEditing] = useState<BlockRow | null | undefined>(undefined);
  const [tiling, setTiling] = useState(false);
  const [form] = Form.useForm();
  const [tileForm] = Form.useForm();
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: doeKeys.block }), queryClient.invalidateQueries({ queryKey: doeKeys.field })]);

  if (field.isError) return <Result status="404" title={t('doe.common.notFound')} />;
  if (!field.data) return <Card><Skeleton active /></Card>;
  const f = field.data;
  const saveBlock = async () => {
    const v = await form.validateFields();
    try {
      if (editing) await blockApi.update({ ...v, id: editing.id });
      else await blockApi.create({ ...v, fieldId: id });
      setEditing(undefined);
      await refresh();
    } catch (err) {
      if (!applyServerErrors(form, err)) void message.error((err as Error).message);
    }
  };
  return (
    <div className="bw-page">
      <Card variant="borderless" title={`${f.name} (${f.code})`} extra={canEdit && <Button icon={<EditOutlined />} onClick={() => navigate(`/doe/exp/location/editField?id=${id}`)}>{t('common.edit')}</Button>}>
        <FieldDescriptions field={f} />
      </Card>
      <Card variant="borderless" title={t('doe.block.title')} style={{ marginTop: 12 }} extra={canEdit && (
        <Space>
          <Button icon={<AppstoreAddOutlined />} onClick={() => setTiling(true)}>{t('doe.block.tile')}</Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => { setEditing(null); form.resetFields(); form.setFieldsValue({ startRow: 1, startCol: 1, rows: 1, cols: 1 }); }}>{t('doe.block.add')}</Button>
        </Space>
      )}>
        <Row gutter={16}>
          <Col xs={24} xl={12}><div style={{ overflow: 'auto', marginBottom: 12 }}><BlockGrid field={f} blocks={blocks.data?.rows ?? []} width={560} /></div></Col>
          <Col xs={24} xl={12}>
            <Table<BlockRow> size="small" rowKey="id" dataSource={blocks.data?.rows ?? []} pagination={{ pageSize: 10 }} columns={[
              { title: t('doe.block.name'), dataIndex: 'name' },
              { title: t('doe.block.tier'), dataIndex: 'tier', width: 60 },
              { title: t('doe.block.position'), key: 'pos', render: (_, b) => t('doe.block.positionText', { row: b.startRow, col: b.startCol }) },
              { title: t('doe.block.size'), key: 'size', render: (_, b) => `${b.rows} × ${b.cols}` },
              ...(canEdit ? [{
                title: t('common.actions'), key: 'a', width: 130, render: (_: unknown, b: BlockRow) => (
                  <Space size={0}>
                    <Button type="link" size="small" onClick={() => { setEditing(b); form.setFieldsValue(b); }}>{t('common.edit')}</Button>
                    <Popconfirm title={t('common.deleteConfirm', { name: b.name })} okText={t('common.ok')} cancelText={t('common.cancel')} onConfirm={async () => { await blockApi.remove(b.id); await refresh(); }}>
                      <Button type="link" size="small" danger>{t('common.delete')}</Button>
                    </Popconfirm>
                  </Space>
                ),
              }] : []),
            ]} />
          </Col>
        </Row>
      </Card>
      <Modal open={editing !== undefined} title={t(editing ? 'doe.block.editTitle' : 'doe.block.add')} onCancel={() => setEditing(undefined)} onOk={saveBlock} okText={t('common.save')} cancelText={t('common.cancel')} maskClosable={false}>
        <Form form={form} layout="vertical" data-testid="block-form">
          <Form.Item name="name" label={t('doe.block.name')} rules={rules.name} required><Input maxLength={50} /></Form.Item>
          <Space wrap>
            <Form.Item name="startRow" label={t('doe.block.startRow')} rules={rules.startRow}><InputNumber min={1} /></Form.Item>
            <Form.Item name="startCol" label={t('doe.block.startCol')} rules={rules.startCol}><InputNumber min={1} /></Form.Item>
            <Form.Item name="rows" label={t('doe.block.rows')} rules={rules.rows}><InputNumber min={1} /></Form.Item>
            <Form.Item name="cols" label={t('doe.block.cols')} rules={rules.cols}><InputNumber min={1} /></Form.Item>
          </Space>
          <Form.Item name="remark" label={t('doe.common.remark')}><Input maxLength={200} /></Form.Item>
        </Form>
      </Modal>
      <Modal open={tiling} title={t('doe.block.tile')} onCancel={() => setTiling(false)} okText={t('common.ok')} cancelText={t('common.cancel')}
        onOk={async () => {
          const v = await tileForm.validateFields();
          const { updated } = await blockApi.generate({ ...v, fieldId: id });
          void message.success(t('doe.block.tiled', { n: updated }));
          setTiling(false);
          await refresh();
        }}>
        <Form form={tileForm} layout="vertical" initialValues={{ rowsPerBlock: 2, colsPerBlock: Math.min(10, f.cols), prefix: 'B' }}>
          <p>{t('doe.block.tileHint')}</p>
          <Space wrap>
            <Form.Item name="rowsPerBlock" label={t('doe.block.rowsPerBlock')} rules={[{ required: true }]}><InputNumber min={1} max={f.rows} /></Form.Item>
            <Form.Item name="colsPerBlock" label={t('doe.block.colsPerBlock')} rules={[{ required: true }]}><InputNumber min={1} max={f.cols} /></Form.Item>
            <Form.Item name="prefix" label={t('doe.block.prefix')}><Input maxLength={20} style={{ width: 100 }} /></Form.Item>
          </Space>
        </Form>
      </Modal>
    </div>
  );
}
