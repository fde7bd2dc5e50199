import { useMemo, useState } from 'react';
import { Form, Input, Tag, Typography } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { LicenseSubjectCreate, LicenseSubjectUpdate, licensePermissions as P, type LicenseSubjectRow } from '@breedwise/contracts/license';
import { CrudPage } from '../../../../components/crud/CrudPage';
import { fieldRules } from '../../../../components/form/zod-form';
import { queryClient } from '../../../../lib/query';
import { api } from '../../api';
import { PlatformOnly, usePlatformEdit } from '../../components/fields';
import { LicenseDrawer } from '../components/LicenseDrawer';
import '../../system.css';

export { daysLeft } from '../components/LicenseDrawer';

const rules = fieldRules(LicenseSubjectCreate);

/**
 * Licence subjects of the issuing installation (gateway licence calls): who is licensed, and each
 * subject's licence (name, activation and expiry dates, consumer type and amount), exported as a file
 * signed with Ed25519 for the licensee to install.
 */
export default function LicenseSubjectPage() {
  const { t } = useTranslation();
  const canEdit = usePlatformEdit(P.edit);
  const [licensing, setLicensing] = useState<LicenseSubjectRow | null>(null);
  const columns = useMemo<ColumnsType<LicenseSubjectRow>>(
    () => [
      { title: t('system.license.code'), dataIndex: 'code', key: 'code', width: 140, render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
      { title: t('system.license.subject'), dataIndex: 'name', key: 'name', width: 220 },
      { title: t('system.license.contact'), dataIndex: 'contact', key: 'contact', width: 180, render: (v: string | null) => v ?? '—' },
      { title: t('system.license.description'), dataIndex: 'description', key: 'description', ellipsis: true, render: (v: string | null) => v ?? '—' },
      {
        title: t('system.license.licenses'),
        dataIndex: 'licenses',
        key: 'licenses',
        width: 100,
        render: (v: number) => (v ? <Tag color="green">{t('system.license.issued')}</Tag> : <Tag>{t('system.license.none')}</Tag>),
      },
      { title: t('common.updatedAt'), dataIndex: 'updatedAt', key: 'updatedAt', width: 120, render: (v: string) => dayjs(v).format('YYYY-MM-DD') },
    ],
    [t],
  );
  if (!canEdit) return <PlatformOnly title={t('system.license.title')} text={t('system.license.platformOnly')} />;
  return (
    <>
      <CrudPage<LicenseSubjectRow, typeof LicenseSubjectCreate, typeof LicenseSubjectUpdate>
        title={t('system.license.title')}
        testId="license-subject-table"
        tableName="system.licenseSubject"
        resource={api.license.subject}
        columns={columns}
        keywordPlaceholder={t('common.keywordPlaceholder')}
        permissions={{ add: P.edit, edit: P.edit, remove: P.edit }}
        // A subject with a licence keeps it: it cannot be deleted.
        removable={(s) => s.licenses === 0}
        actions={[
          {
            key: 'licence',
            label: (
              <>
                <SafetyCertificateOutlined /> {t('system.license.licence')}
              </>
            ),
            onClick: (s) => setLicensing(s),
            testId: (s) => `license-open-${s.code}`,
          },
        ]}
        form={{
          create: LicenseSubjectCreate,
          update: LicenseSubjectUpdate,
          titles: { create: t('system.license.add'), edit: t('system.license.edit') },
          values: (s) => ({ ...s, contact: s.contact ?? undefined, description: s.description ?? undefined }),
          fields: (_form, editing) => (
            <>
              <div className="bw-form-pair">
                <Form.Item name="code" label={t('system.license.code')} required rules={editing ? [] : rules.code}>
                  <Input disabled={!!editing} placeholder="seedco-2026" />
                </Form.Item>
                <Form.Item name="name" label={t('system.license.subject')} required rules={rules.name}>
                  <Input />
                </Form.Item>
              </div>
              <Form.Item name="contact" label={t('system.license.contact')} rules={rules.contact}>
                <Input />
              </Form.Item>
              <Form.Item name="description" label={t('system.license.description')} rules={rules.description}>
                <Input.TextArea rows={3} maxLength={500} showCount />
              </Form.Item>
            </>
          ),
        }}
      />
      <LicenseDrawer
        subject={licensing}
        onClose={() => setLicensing(null)}
        onSaved={() => queryClient.invalidateQueries({ queryKey: api.license.subject.$key })}
      />
    </>
  );
}
