import { useState } from 'react';
import {
  App,
  Button,
  Card,
  Col,
  ColorPicker,
  Descriptions,
  Empty,
  Form,
  Input,
  Modal,
  Popconfirm,
  Row,
  Select,
  Space,
  Switch,
  Tag,
  Typography,
  type ButtonProps,
} from 'antd';
import { PlusOutlined, StarFilled } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { UploadResult } from '@breedwise/contracts/common';
import { BrandCreate, BrandUpdate, DASHBOARD_TYPES, systemPermissions as P, type BrandRow } from '@breedwise/contracts/system';
import { PALETTE, themeShades } from '../../../../components/common';
import { applyServerErrors, fieldRules, validateForm } from '../../../../components/form/zod-form';
import { FileUploader } from '../../../../components/upload/FileUploader';
import { queryClient } from '../../../../lib/query';
import { loginInfoKey } from '../../../../lib/login-info';
import { api } from '../../api';
import { PlatformOnly, StatusField, usePlatformEdit } from '../../components/fields';
import '../../system.css';

const rules = fieldRules(BrandCreate);
const FILE_LINK = /^\/api\/common\/(?:file|download)\/([0-9a-f-]{36})/i;

/** The uploader shows the current logo as its one file; an https address can be typed instead. */
function LogoInput({ value, onChange }: { value?: string | null; onChange?(v: string | null): void }) {
  const { t } = useTranslation();
  const own = value ? FILE_LINK.exec(value) : null;
  const files: UploadResult[] =
    value && (own || value.startsWith('data:') || value.startsWith('/'))
      ? [{ fileId: own?.[1] ?? 'logo', fileName: 'logo', src: value, size: 0, contentType: 'image/png' }]
      : [];
  return (
    <div className="bw-logo-input">
      <FileUploader kind="image" crop maxCount={1} businessType="brand" maxSizeMb={2} value={files} onChange={(list) => onChange?.(list[0]?.src ?? null)} />
      <Input
        allowClear
        placeholder={t('system.brand.logoUrlPlaceholder')}
        value={value && !own ? value : ''}
        onChange={(e) => onChange?.(e.target.value || null)}
        disabled={!!own}
        aria-label={t('system.brand.logoUrl')}
      />
    </div>
  );
}

/** The brand as the login page would show it: the hero in its colour with logo and name, and the shades. */
function BrandPreview({ name, logoUrl, color }: { name: string; logoUrl?: string | null; color: string }) {
  const { t } = useTranslation();
  let shades: ReturnType<typeof themeShades> | null = null;
  try {
    shades = themeShades(color);
  } catch {
    shades = null;
  }
  return (
    <div className="bw-brand-preview" data-testid="brand-preview">
      <div
        className="bw-brand-hero"
        style={{ background: shades ? `linear-gradient(135deg, ${shades.darker[3]} 0%, ${color} 55%, ${shades.lighter[3]} 100%)` : color }}
      >
        <img src={logoUrl || '/favicon.svg'} alt="" width={36} height={36} />
        <span>{name || '—'}</span>
      </div>
      <div className="bw-brand-preview-body">
        <Button type="primary" size="small" style={{ background: color, borderColor: color }}>
          {t('login.submit')}
        </Button>
        <Typography.Link style={{ color }}>{t('auth.forgot')}</Typography.Link>
      </div>
      {shades && (
        <div className="bw-shades" aria-label={t('system.brand.shades')}>
          {[...shades.lighter]
            .reverse()
            .concat(color, shades.darker)
            .map((c, i) => (
              <span key={i} style={{ background: c }} title={c} />
            ))}
        </div>
      )}
    </div>
  );
}

/**
 * Brands (platform administrators): the germplasm-bank and other branded variants, chosen by the
 * request's host and the path the web is entered at, each with its name, logo, primary colour (and
 * the shades derived from it) and dashboard.
 */
export default function BrandListPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const canEdit = usePlatformEdit(P.brandEdit);
  const brands = useQuery({ queryKey: api.system.brand.list.key, queryFn: () => api.system.brand.list(), enabled: canEdit });
  const [editing, setEditing] = useState<BrandRow | null | undefined>(undefined);
  const lang = i18n.language;
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: api.system.brand.$key });
    await queryClient.invalidateQueries({ queryKey: loginInfoKey });
  };

  if (!canEdit) return <PlatformOnly title={t('system.brand.title')} text={t('system.brand.platformOnly')} />;
  return (
    <div className="bw-page">
      <Card
        title={t('system.brand.title')}
        variant="borderless"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)} data-testid="brand-add">
            {t('system.brand.add')}
          </Button>
        }
      >
        <Typography.Paragraph type="secondary">{t('system.brand.intro')}</Typography.Paragraph>
        {brands.data?.length === 0 && <Empty />}
        <Row gutter={[16, 16]} data-testid="brand-list">
          {(brands.data ?? []).map((b) => (
            <Col key={b.id} xs={24} md={12} xl={8}>
              <Card
                size="small"
                className="bw-brand-card"
                data-testid={`brand-card-${b.brandKey}`}
                title={
                  <Space>
                    {lang === 'en' ? b.nameEn : b.nameZh}
                    {b.isDefault && (
                      <Tag icon={<StarFilled />} color="gold">
                        {t('system.brand.default')}
                      </Tag>
                    )}
                    {b.status === 'disabled' && <Tag>{t('common.disabled')}</Tag>}
                  </Space>
                }
                extra={
                  <Space size={0}>
                    <Button type="link" size="small" onClick={() => setEditing(b)} data-testid={`brand-edit-${b.brandKey}`}>
                      {t('common.edit')}
                    </Button>
                    <Popconfirm
                      title={t('common.deleteConfirm', { name: lang === 'en' ? b.nameEn : b.nameZh })}
                      okText={t('common.ok')}
                      cancelText={t('common.cancel')}
                      onConfirm={async () => {
                        await api.system.brand.remove({ id: b.id });
                        void message.success(t('common.success'));
                        await refresh();
                      }}
                    >
                      <Button type="link" size="small" danger>
                        {t('common.delete')}
                      </Button>
                    </Popconfirm>
                  </Space>
                }
              >
                <BrandPreview name={lang === 'en' ? b.nameEn : b.nameZh} logoUrl={b.logoUrl} color={b.primaryColor} />
                <Descriptions size="small" column={1} className="bw-brand-facts">
                  <Descriptions.Item label={t('system.brand.brandKey')}>
                    <Typography.Text code>{b.brandKey}</Typography.Text>
                  </Descriptions.Item>
                  <Descriptions.Item label={t('system.brand.hosts')}>
                    {b.hosts.length ? (
                      b.hosts.map((h) => <Tag key={h}>{h}</Tag>)
                    ) : (
                      <Typography.Text type="secondary">{t('system.brand.anyHost')}</Typography.Text>
                    )}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('system.brand.pathPrefix')}>
                    {b.pathPrefix ? (
                      <a href={b.pathPrefix} target="_blank" rel="noreferrer">
                        {b.pathPrefix}
                      </a>
                    ) : (
                      '—'
                    )}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('system.brand.dashboard')}>{t(`system.dashboard.${b.dashboardType}`)}</Descriptions.Item>
                </Descriptions>
              </Card>
            </Col>
          ))}
        </Row>
      </Card>
      {editing !== undefined && (
        <BrandFormModal
          brand={editing}
          onClose={() => setEditing(undefined)}
          onSaved={async () => {
            setEditing(undefined);
            void message.success(t('common.success'));
            await refresh();
          }}
        />
      )}
    </div>
  );
}

function BrandFormModal({ brand, onClose, onSaved }: { brand: BrandRow | null | undefined; onClose(): void; onSaved(): void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const nameZh: string = Form.useWatch('nameZh', form) ?? '';
  const nameEn: string = Form.useWatch('nameEn', form) ?? '';
  const logoUrl: string | null = Form.useWatch('logoUrl', form) ?? null;
  const color: string = Form.useWatch('primaryColor', form) ?? '#1677ff';
  return (
    <Modal
      open={brand !== undefined}
      width={920}
      title={t(brand ? 'system.brand.edit' : 'system.brand.add')}
      destroyOnHidden
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'brand-save' } as ButtonProps}
      onOk={async () => {
        await form.validateFields();
        const values = form.getFieldsValue(true);
        const update = brand ? validateForm(form, BrandUpdate, { ...values, id: brand.id }) : null;
        const create = brand ? null : validateForm(form, BrandCreate, values);
        if (!update && !create) return;
        setSaving(true);
        try {
          if (update) await api.system.brand.update(update, { errorMode: 'silent' });
          else if (create) await api.system.brand.create(create, { errorMode: 'silent' });
          onSaved();
        } catch (err) {
          if (!applyServerErrors(form, err)) void message.error((err as Error).message);
        } finally {
          setSaving(false);
        }
      }}
    >
      <Row gutter={24}>
        <Col xs={24} md={15}>
          <Form
            form={form}
            layout="vertical"
            data-testid="brand-form"
            initialValues={brand ?? { primaryColor: '#2e7d32', hosts: [], dashboardType: 'default', isDefault: false, status: 'enabled' }}
          >
            <Form.Item name="brandKey" label={t('system.brand.brandKey')} required rules={rules.brandKey}>
              <Input disabled={!!brand} placeholder="germbank" data-testid="brand-form-key" />
            </Form.Item>
            <div className="bw-form-pair">
              <Form.Item name="nameZh" label={t('system.brand.nameZh')} required rules={rules.nameZh}>
                <Input data-testid="brand-form-name-zh" />
              </Form.Item>
              <Form.Item name="nameEn" label={t('system.brand.nameEn')} required rules={rules.nameEn}>
                <Input data-testid="brand-form-name-en" />
              </Form.Item>
            </div>
            <Form.Item name="logoUrl" label={t('system.brand.logo')} rules={rules.logoUrl} extra={t('system.brand.logoHelp')}>
              <LogoInput />
            </Form.Item>
            <div className="bw-form-pair">
              <Form.Item
                name="primaryColor"
                label={t('system.brand.color')}
                rules={rules.primaryColor}
                getValueFromEvent={(c: { toHexString(): string }) => c.toHexString()}
              >
                <ColorPicker disabledAlpha showText presets={[{ label: t('system.brand.palette'), colors: [...PALETTE, '#2e7d32'] }]} />
              </Form.Item>
              <Form.Item name="dashboardType" label={t('system.brand.dashboard')} rules={rules.dashboardType} extra={t('system.brand.dashboardHelp')}>
                <Select options={DASHBOARD_TYPES.map((d) => ({ value: d, label: t(`system.dashboard.${d}`) }))} />
              </Form.Item>
            </div>
            <div className="bw-form-pair">
              <Form.Item name="hosts" label={t('system.brand.hosts')} rules={rules.hosts} extra={t('system.brand.hostsHelp')}>
                <Select mode="tags" tokenSeparators={[',', ' ']} placeholder="*.example.org" open={false} suffixIcon={null} data-testid="brand-form-hosts" />
              </Form.Item>
              <Form.Item name="pathPrefix" label={t('system.brand.pathPrefix')} rules={rules.pathPrefix} extra={t('system.brand.pathHelp')}>
                <Input placeholder="/germbank" data-testid="brand-form-path" />
              </Form.Item>
            </div>
            <Space size="large">
              <Form.Item name="isDefault" label={t('system.brand.default')} valuePropName="checked" tooltip={t('system.brand.defaultHelp')}>
                <Switch />
              </Form.Item>
              <StatusField rules={rules.status} />
            </Space>
          </Form>
        </Col>
        <Col xs={24} md={9}>
          <div className="bw-brand-preview-sticky">
            <Typography.Text type="secondary">{t('system.brand.preview')}</Typography.Text>
            <BrandPreview name={i18n.language === 'en' ? nameEn : nameZh} logoUrl={logoUrl} color={/^#[0-9a-f]{6}$/i.test(color) ? color : '#1677ff'} />
          </div>
        </Col>
      </Row>
    </Modal>
  );
}
