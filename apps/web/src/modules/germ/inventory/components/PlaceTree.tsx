import { useState } from 'react';
import { App, Button, Dropdown, Form, Input, Modal, Select, Space, Tree, Typography } from 'antd';
import { MoreOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PLACE_LEVELS, PlaceFields, type PlaceLevel, type PlaceRow } from '@breedwise/contracts/germ';
import { applyServerErrors, fieldRules } from '../../../../components/form/zod-form';
import { queryClient } from '../../../../lib/query';
import { api } from '../../api';
import { placeTree, usePlaces, type PlaceNode } from './places';

const places = api.germ.place;

const rules = fieldRules(PlaceFields);
const CHILD: Record<PlaceLevel, PlaceLevel | null> = { warehouse: 'shelf', shelf: 'box', box: null };

/** Storage places as a tree; choosing one filters the lots, managers add, rename and remove places. */
export function PlaceTree({
  value,
  onChange,
  editable,
  showTitle = true,
}: {
  value?: number;
  onChange(id: number | undefined): void;
  editable: boolean;
  /** Off when the panel around the tree carries the title. */
  showTitle?: boolean;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const { data = [] } = usePlaces();
  const [editing, setEditing] = useState<{ place?: PlaceRow; parent?: PlaceRow; level: PlaceLevel } | null>(null);
  const [form] = Form.useForm();
  const refresh = () => queryClient.invalidateQueries({ queryKey: places.$key });
  const open = (e: { place?: PlaceRow; parent?: PlaceRow; level: PlaceLevel }) => {
    setEditing(e);
    form.resetFields();
    form.setFieldsValue(e.place ?? { level: e.level, parentId: e.parent?.id ?? null });
  };
  const save = async () => {
    const v = await form.validateFields();
    try {
      const body = { ...v, level: editing!.level, parentId: editing!.place?.parentId ?? editing!.parent?.id ?? null };
      if (editing!.place) await places.update({ ...body, id: editing!.place.id }, { errorMode: 'silent' });
      else await places.create(body, { errorMode: 'silent' });
      setEditing(null);
      void refresh();
    } catch (err) {
      if (!applyServerErrors(form, err)) void message.error((err as Error).message);
    }
  };
  const title = (n: PlaceNode) => (
    <Space size={4}>
      <span>{n.place.name}</span>
      <Typography.Text type="secondary">{n.place.lotCount ? `(${n.place.lotCount})` : ''}</Typography.Text>
      {editable && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              ...(CHILD[n.place.level] ? [{ key: 'add', label: t('germ.place.addChild', { level: t(`germ.place.levels.${CHILD[n.place.level]}`) }) }] : []),
              { key: 'edit', label: t('common.edit') },
              { key: 'delete', label: t('common.delete'), danger: true },
            ],
            onClick: ({ key, domEvent }) => {
              domEvent.stopPropagation();
              if (key === 'add') open({ parent: n.place, level: CHILD[n.place.level]! });
              if (key === 'edit') open({ place: n.place, level: n.place.level });
              if (key === 'delete')
                modal.confirm({
                  title: t('common.deleteConfirm', { name: n.place.name }),
                  okText: t('common.ok'),
                  cancelText: t('common.cancel'),
                  onOk: async () => {
                    await places.remove({ id: n.place.id });
                    if (value === n.place.id) onChange(undefined);
                    void refresh();
                  },
                });
            },
          }}
        >
          <MoreOutlined onClick={(e) => e.stopPropagation()} aria-label={t('common.more')} />
        </Dropdown>
      )}
    </Space>
  );
  const decorate = (nodes: PlaceNode[]): { key: number; title: React.ReactNode; children: unknown[] }[] =>
    nodes.map((n) => ({ key: n.key, title: title(n), children: decorate(n.children) }));
  return (
    <div data-testid="place-tree">
      <Space style={{ marginBottom: 8, width: '100%', justifyContent: showTitle ? 'space-between' : 'flex-end' }}>
        {showTitle && <Typography.Text strong>{t('germ.place.title')}</Typography.Text>}
        {editable && (
          <Button size="small" icon={<PlusOutlined />} onClick={() => open({ level: 'warehouse' })}>
            {t('germ.place.addWarehouse')}
          </Button>
        )}
      </Space>
      <Tree
        blockNode
        defaultExpandedKeys={data.filter((p) => p.level === 'warehouse').map((p) => p.id)}
        selectedKeys={value ? [value] : []}
        onSelect={(keys) => onChange(keys.length ? Number(keys[0]) : undefined)}
        treeData={decorate(placeTree(data)) as never}
      />
      <Modal
        open={!!editing}
        title={editing?.place ? t('germ.place.editTitle') : t('germ.place.addTitle', { level: editing ? t(`germ.place.levels.${editing.level}`) : '' })}
        onCancel={() => setEditing(null)}
        onOk={save}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        forceRender
      >
        <Form form={form} layout="vertical">
          {editing?.parent && (
            <Form.Item label={t('germ.place.parent')}>
              <Input disabled value={editing.parent.path} />
            </Form.Item>
          )}
          <Form.Item label={t('germ.place.level')}>
            <Select disabled value={editing?.level} options={PLACE_LEVELS.map((l) => ({ value: l, label: t(`germ.place.levels.${l}`) }))} />
          </Form.Item>
          <Form.Item name="code" label={t('germ.place.code')} rules={rules.code} required>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="name" label={t('germ.place.name')} rules={rules.name} required>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="condition" label={t('germ.place.condition')} rules={rules.condition}>
            <Input maxLength={100} placeholder={t('germ.place.conditionHint')} />
          </Form.Item>
          <Form.Item name="remark" label={t('germ.germplasm.remark')} rules={rules.remark}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
