import { useEffect, useState } from 'react';
import { Alert, App, Button, Card, Col, Empty, Form, Input, InputNumber, Modal, Popconfirm, Row, Space, Table, Tag, Typography, type ButtonProps } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import {
  CropCreate,
  CropUpdate,
  GenomeBuildCreate,
  GenomeBuildUpdate,
  systemPermissions as P,
  type CropRow,
  type GenomeBuildRow,
} from '@breedwise/contracts/system';
import { applyServerErrors, fieldRules, validateForm } from '../../../../components/form/zod-form';
import { queryClient } from '../../../../lib/query';
import { loginInfoKey, useLoginInfo } from '../../../../lib/login-info';
import { usePermission } from '../../../../lib/permissions';
import { usePage } from '../../../../lib/page-context';
import { GenomeBuildSelector, buildListKey, useCropFocus } from '../components/GenomeBuildSelector';
import { api } from '../../api';
import { NameFields, SortStatusFields } from '../../components/fields';
import '../../system.css';

const cropRules = fieldRules(CropCreate);
const buildRules = fieldRules(GenomeBuildCreate);

/**
 * Crops of the organisation and the genome builds (reference genome versions) of each. Builds are
 * crop-scoped data: writing them needs operate access to the crop. The selector at the top is the one
 * the gene-selection pages show: the current crop's builds and the user's current one.
 */
export default function CropPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const { search, active } = usePage();
  const { data: info } = useLoginInfo();
  const canEdit = usePermission(P.cropEdit);
  const crops = useQuery({ queryKey: api.system.crop.list.key, queryFn: () => api.system.crop.list() });
  const focus = useCropFocus();
  const [cropId, setCropId] = useState<number | null>(null);
  const [cropForm, setCropForm] = useState<{ crop: CropRow | null } | null>(null);
  const [buildForm, setBuildForm] = useState<{ build: GenomeBuildRow | null } | null>(null);
  const lang = i18n.language;
  const cropName = (c: CropRow) => (lang === 'en' ? c.nameEn : c.nameZh);

  // Opened from the 'no genome version' prompt (or ?cropId=): that crop; otherwise the current crop.
  useEffect(() => {
    if (!active || !crops.data?.length) return;
    const wanted = focus.cropId ?? (Number(search.get('cropId')) || null);
    if (wanted && crops.data.some((c) => c.id === wanted)) {
      setCropId(wanted);
      if (focus.cropId) focus.focus(null);
    } else if (cropId === null) {
      setCropId(info?.cropInfo?.cropId ?? crops.data[0].id);
    }
  }, [active, crops.data, focus, search, info?.cropInfo?.cropId, cropId]);

  const crop = crops.data?.find((c) => c.id === cropId) ?? null;
  const builds = useQuery({
    queryKey: [...api.system.build.list.key, cropId],
    queryFn: () => api.system.build.list({ cropId: cropId! }),
    enabled: cropId !== null,
  });
  const mayWriteBuilds = canEdit && crop?.access === 'operate';
  const refreshBuilds = async () => {
    await queryClient.invalidateQueries({ queryKey: api.system.build.$key });
    await queryClient.invalidateQueries({ queryKey: api.system.crop.$key });
    await queryClient.invalidateQueries({ queryKey: buildListKey });
  };

  const cropColumns: ColumnsType<CropRow> = [
    {
      title: t('system.crop.name'),
      key: 'name',
      render: (_, c) => (
        <span data-testid={`crop-row-${c.code}`} className="bw-crop-name">
          <span>
            {cropName(c)}
            {info?.cropInfo?.cropId === c.id && (
              <Tag color="blue" className="bw-tag-s">
                {t('system.crop.current')}
              </Tag>
            )}
          </span>
          <Typography.Text type="secondary" className="bw-small">
            {c.code}
          </Typography.Text>
        </span>
      ),
    },
    {
      title: t('system.crop.builds'),
      dataIndex: 'builds',
      key: 'builds',
      width: 80,
      align: 'right',
      render: (v: number) => (v ? v : <Typography.Text type="warning">0</Typography.Text>),
    },
    {
      title: t('system.crop.myAccess'),
      dataIndex: 'access',
      key: 'access',
      width: 110,
      render: (v: CropRow['access']) =>
        v ? <Tag color={v === 'operate' ? 'green' : 'default'}>{t(`system.user.cropAccessOf.${v}`)}</Tag> : <Tag>{t('system.user.cropAccessOf.none')}</Tag>,
    },
    {
      title: t('common.status'),
      dataIndex: 'status',
      key: 'status',
      width: 90,
      render: (v: string) => <Tag color={v === 'enabled' ? 'success' : 'default'}>{t(`common.${v}`)}</Tag>,
    },
    ...(canEdit
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            width: 80,
            render: (_: unknown, c: CropRow) => (
              <Button
                type="link"
                size="small"
                onClick={(e) => {
                  e.stopPropagation();
                  setCropForm({ crop: c });
                }}
              >
                {t('common.edit')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  const buildColumns: ColumnsType<GenomeBuildRow> = [
    { title: t('system.build.code'), dataIndex: 'code', key: 'code', width: 160, render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
    { title: t('system.build.name'), dataIndex: 'name', key: 'name', width: 200 },
    { title: t('system.build.description'), dataIndex: 'description', key: 'description', ellipsis: true, render: (v: string | null) => v ?? '—' },
    { title: t('system.build.sort'), dataIndex: 'sort', key: 'sort', width: 70, align: 'right' },
    { title: t('common.createdAt'), dataIndex: 'createdAt', key: 'createdAt', width: 110, render: (v: string) => dayjs(v).format('YYYY-MM-DD') },
    ...(mayWriteBuilds
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            width: 130,
            render: (_: unknown, b: GenomeBuildRow) => (
              <Space size={2}>
                <Button type="link" size="small" onClick={() => setBuildForm({ build: b })}>
                  {t('common.edit')}
                </Button>
                <Popconfirm
                  title={t('common.deleteConfirm', { name: b.code })}
                  okText={t('common.ok')}
                  cancelText={t('common.cancel')}
                  onConfirm={async () => {
                    await api.system.build.remove({ id: b.id });
                    void message.success(t('common.success'));
                    await refreshBuilds();
                  }}
                >
                  <Button type="link" size="small" danger>
                    {t('common.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="bw-page">
      <Card variant="borderless" size="small" className="bw-build-bar">
        <Space wrap size="middle">
          <Typography.Text strong>{t('system.build.mine')}</Typography.Text>
          <Typography.Text type="secondary">
            {info?.cropInfo ? (lang === 'en' ? info.cropInfo.nameI18n.en : info.cropInfo.nameI18n['zh-CN']) : ''}
          </Typography.Text>
          <GenomeBuildSelector prompt={false} />
          <Typography.Text type="secondary" className="bw-small">
            {t('system.build.selectorHelp')}
          </Typography.Text>
        </Space>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={10}>
          <Card
            title={t('system.crop.title')}
            variant="borderless"
            className="bw-fill-card"
            extra={
              canEdit && (
                <Button icon={<PlusOutlined />} onClick={() => setCropForm({ crop: null })} data-testid="crop-add">
                  {t('system.crop.add')}
                </Button>
              )
            }
          >
            <Table<CropRow>
              data-testid="crop-table"
              rowKey="id"
              size="middle"
              pagination={false}
              columns={cropColumns}
              dataSource={crops.data ?? []}
              loading={crops.isLoading}
              rowClassName={(c) => `bw-row-clickable${c.id === cropId ? ' bw-row-selected' : ''}`}
              onRow={(c) => ({ onClick: () => setCropId(c.id) })}
            />
          </Card>
        </Col>
        <Col xs={24} xl={14}>
          <Card
            variant="borderless"
            className="bw-fill-card"
            data-testid="build-card"
            title={crop ? t('system.build.titleOf', { crop: cropName(crop) }) : t('system.build.title')}
            extra={
              mayWriteBuilds && (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setBuildForm({ build: null })} data-testid="build-add">
                  {t('system.build.add')}
                </Button>
              )
            }
          >
            {!crop ? (
              <Empty />
            ) : (
              <>
                {canEdit && crop.access !== 'operate' && (
                  <Alert
                    type="info"
                    showIcon
                    style={{ marginBottom: 12 }}
                    title={t(crop.access === 'view' ? 'system.build.viewOnly' : 'system.build.noAccess')}
                  />
                )}
                <Table<GenomeBuildRow>
                  data-testid="build-table"
                  rowKey="id"
                  size="middle"
                  pagination={false}
                  columns={buildColumns}
                  dataSource={builds.data ?? []}
                  loading={builds.isFetching}
                  locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('system.build.empty')} /> }}
                />
              </>
            )}
          </Card>
        </Col>
      </Row>
      {cropForm && (
        <CropFormModal
          state={cropForm}
          onClose={() => setCropForm(null)}
          onSaved={async () => {
            setCropForm(null);
            void message.success(t('common.success'));
            await queryClient.invalidateQueries({ queryKey: api.system.crop.$key });
            await queryClient.invalidateQueries({ queryKey: loginInfoKey });
          }}
        />
      )}
      {buildForm && (
        <BuildFormModal
          state={buildForm}
          cropId={cropId}
          onClose={() => setBuildForm(null)}
          onSaved={async () => {
            setBuildForm(null);
            void message.success(t('common.success'));
            await refreshBuilds();
          }}
        />
      )}
    </div>
  );
}

function CropFormModal({ state, onClose, onSaved }: { state: { crop: CropRow | null } | null; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const crop = state?.crop ?? null;
  return (
    <Modal
      open={!!state}
      title={t(crop ? 'system.crop.edit' : 'system.crop.add')}
      destroyOnHidden
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onCancel={onClose}
      onOk={async () => {
        await form.validateFields();
        const values = form.getFieldsValue(true);
        const update = crop ? validateForm(form, CropUpdate, { ...values, id: crop.id }) : null;
        const create = crop ? null : validateForm(form, CropCreate, values);
        if (!update && !create) return;
        setSaving(true);
        try {
          if (update) await api.system.crop.update(update, { errorMode: 'silent' });
          else if (create) await api.system.crop.create(create, { errorMode: 'silent' });
          onSaved();
        } catch (err) {
          if (!applyServerErrors(form, err)) void message.error((err as Error).message);
        } finally {
          setSaving(false);
        }
      }}
    >
      <Form form={form} layout="vertical" data-testid="crop-form" initialValues={crop ?? { sort: 0, status: 'enabled' }}>
        <Form.Item name="code" label={t('system.crop.code')} required rules={cropRules.code} extra={t('system.crop.codeHelp')}>
          <Input disabled={!!crop} placeholder="sorghum" />
        </Form.Item>
        <NameFields labels={{ zh: t('system.crop.nameZh'), en: t('system.crop.nameEn') }} rules={cropRules} />
        <SortStatusFields sortLabel={t('system.crop.sort')} rules={cropRules} />
      </Form>
    </Modal>
  );
}

function BuildFormModal({
  state,
  cropId,
  onClose,
  onSaved,
}: {
  state: { build: GenomeBuildRow | null } | null;
  cropId: number | null;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const build = state?.build ?? null;
  return (
    <Modal
      open={!!state}
      title={t(build ? 'system.build.edit' : 'system.build.add')}
      destroyOnHidden
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'build-save' } as ButtonProps}
      onOk={async () => {
        await form.validateFields();
        const values = form.getFieldsValue(true);
        const update = build
          ? validateForm(form, GenomeBuildUpdate, { id: build.id, name: values.name, description: values.description, sort: values.sort })
          : null;
        const create = build ? null : validateForm(form, GenomeBuildCreate, { ...values, cropId });
        if (!update && !create) return;
        setSaving(true);
        try {
          if (update) await api.system.build.update(update, { errorMode: 'silent' });
          else if (create) await api.system.build.create(create, { errorMode: 'silent' });
          onSaved();
        } catch (err) {
          if (!applyServerErrors(form, err)) void message.error((err as Error).message);
        } finally {
          setSaving(false);
        }
      }}
    >
      <Form
        form={form}
        layout="vertical"
        data-testid="build-form"
        initialValues={build ? { ...build, description: build.description ?? undefined } : { sort: 0 }}
      >
        <div className="bw-form-pair">
          <Form.Item name="code" label={t('system.build.code')} required rules={buildRules.code} extra={t('system.build.codeHelp')}>
            <Input disabled={!!build} placeholder="B73_RefGen_v5" data-testid="build-form-code" />
          </Form.Item>
          <Form.Item name="name" label={t('system.build.name')} required rules={buildRules.name}>
            <Input placeholder="B73 v5" data-testid="build-form-name" />
          </Form.Item>
        </div>
        <Form.Item name="description" label={t('system.build.description')} rules={buildRules.description}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
        <Form.Item name="sort" label={t('system.build.sort')} rules={buildRules.sort}>
          <InputNumber min={0} max={9999} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
