import { useMemo, useState } from 'react';
import { App, Button, Card, Form, Input, Modal, Popconfirm, Space, Tag, Typography, Upload } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import dayjs from 'dayjs';
import { bpmPermissions as P, type ModelRow } from '@breedwise/contracts/bpm';
import { DataTable } from '../../../../components/data-table/DataTable';
import { usePermission } from '../../../../lib/permissions';
import { queryClient } from '../../../../lib/query';
import { api } from '../../api';
import { bpmPaths } from '../../paths';

const models = api.bpm.model;

/** Process models: create, import a .bpmn file, design, deploy a new version, delete a model never deployed. */
export default function ModelListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const [creating, setCreating] = useState(false);
  const [form] = Form.useForm<{ key: string; name: string; description?: string }>();
  const canCreate = usePermission(P.modelCreate);
  const canImport = usePermission(P.modelImport);
  const canDeploy = usePermission(P.modelDeploy);
  const canDelete = usePermission(P.modelDelete);
  const canDesign = usePermission(P.modelUpdate);
  const refresh = () => Promise.all([models.$key, api.bpm.definition.$key].map((k) => queryClient.invalidateQueries({ queryKey: k })));
  const deploy = async (row: ModelRow) => {
    const d = await models.deploy({ id: row.id });
    void message.success(t('bpm.model.deployed', { version: d.version }));
    await refresh();
  };
  const columns = useMemo<ColumnsType<ModelRow>>(
    () => [
      { title: t('bpm.model.name'), dataIndex: 'name', key: 'name', sorter: true, fixed: 'left', width: 220 },
      { title: t('bpm.model.key'), dataIndex: 'key', key: 'key', sorter: true, width: 170, render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
      { title: t('bpm.model.category'), dataIndex: 'category', key: 'category', width: 100 },
      {
        title: t('bpm.model.latest'),
        key: 'latest',
        width: 150,
        render: (_, r) =>
          r.latest ? (
            <Space size={4}>
              <Tag>v{r.latest.version}</Tag>
              <Tag color={r.latest.state === 'active' ? 'success' : 'warning'}>{t(`bpm.definitionState.${r.latest.state}`)}</Tag>
            </Space>
          ) : (
            <Tag>{t('bpm.model.notDeployed')}</Tag>
          ),
      },
      {
        title: t('common.updatedAt'),
        dataIndex: 'updatedAt',
        key: 'updatedAt',
        sorter: true,
        width: 140,
        render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
      },
      {
        title: t('common.actions'),
        key: 'actions',
        fixed: 'right',
        width: 210,
        render: (_, r) => (
          <Space size={0}>
            {canDesign && (
              <Button type="link" size="small" onClick={() => navigate(bpmPaths.design(r.id))} data-testid="model-design">
                {t('bpm.model.design')}
              </Button>
            )}
            {canDeploy && (
              <Popconfirm title={t('bpm.model.deployConfirm', { name: r.name })} onConfirm={() => deploy(r)}>
                <Button type="link" size="small" data-testid="model-deploy">
                  {t('bpm.model.deploy')}
                </Button>
              </Popconfirm>
            )}
            {canDelete && !r.latest && (
              <Popconfirm
                title={t('common.deleteConfirm', { name: r.name })}
                onConfirm={async () => {
                  await models.delete({ id: r.id });
                  await refresh();
                }}
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
    [t, navigate, canDesign, canDeploy, canDelete],
  );
  const params = useMemo(() => ({ keyword: keyword || undefined }), [keyword]);
  const create = async () => {
    const v = await form.validateFields();
    const m = await models.create({ key: v.key, name: v.name, description: v.description ?? null });
    setCreating(false);
    await refresh();
    navigate(bpmPaths.design(m.id));
  };
  return (
    <div className="bw-page">
      <Card title={t('bpm.model.title')} variant="borderless">
        <DataTable<ModelRow>
          testId="bpm-model-table"
          tableName="bpm.model"
          endpoint={models.page}
          params={params}
          columns={columns}
          rowKey="id"
          toolbar={
            <>
              <Input.Search allowClear placeholder={t('bpm.model.keyword')} style={{ width: 220 }} onSearch={(v) => setKeyword(v.trim())} />
              {canImport && (
                <Upload
                  accept=".bpmn,.xml"
                  showUploadList={false}
                  beforeUpload={(file) => {
                    const fd = new FormData();
                    fd.append('file', file, file.name);
                    void models.import({ form: fd }).then(async (m) => {
                      void message.success(t('bpm.model.imported', { name: m.name }));
                      await refresh();
                    });
                    return false;
                  }}
                >
                  <Button icon={<UploadOutlined />} data-testid="model-import">
                    {t('bpm.model.import')}
                  </Button>
                </Upload>
              )}
              {canCreate && (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="model-add">
                  {t('bpm.model.add')}
                </Button>
              )}
            </>
          }
        />
      </Card>
      <Modal open={creating} title={t('bpm.model.add')} onOk={() => void create()} onCancel={() => setCreating(false)} destroyOnHidden>
        <Form form={form} layout="vertical" preserve={false} data-testid="model-form">
          <Form.Item name="name" label={t('bpm.model.name')} rules={[{ required: true, whitespace: true }, { max: 100 }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item
            name="key"
            label={t('bpm.model.key')}
            extra={t('bpm.model.keyHelp')}
            rules={[{ required: true }, { pattern: /^[A-Za-z_][A-Za-z0-9_-]*$/, message: t('bpm.model.keyRule') }, { max: 64 }]}
          >
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="description" label={t('bpm.common.description')}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
