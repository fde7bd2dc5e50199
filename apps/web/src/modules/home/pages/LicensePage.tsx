import { useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Input, Progress, Space, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Permissions } from '@breedwise/contracts';
import { type LicenseInfo } from '@breedwise/contracts/license';
import { api } from '../../../lib/request';
import { queryClient } from '../../../lib/query';
import { usePermission } from '../../../lib/permissions';
import { useLoginInfo } from '../../../lib/login-info';

const colors: Record<string, string> = {
  valid: 'success',
  expired: 'error',
  notYetActive: 'warning',
  exceeded: 'warning',
  missing: 'error',
  unenforced: 'default',
};

/** /license (system:license:view): the licence in force and its use; platform administrators install files. */
export default function LicensePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { data: me } = useLoginInfo();
  const canInstall = usePermission(Permissions.license.edit) && !!me?.userInfo.platformAdmin;
  const [file, setFile] = useState('');
  const info = useQuery({ queryKey: ['license', 'info'], queryFn: () => api.get<LicenseInfo>('/auth/api/license/info') });
  const l = info.data;
  return (
    <div className="bw-page">
      <Card title={t('home.license.title')} variant="borderless">
        {l && (
          <>
            {!l.enforced && <Alert type="info" showIcon title={t('home.license.unenforcedHint')} style={{ marginBottom: 16 }} />}
            <Descriptions bordered column={2} size="small" data-testid="license-info">
              <Descriptions.Item label={t('home.license.status')}>
                <Tag color={colors[l.status]}>{t(`home.license.statuses.${l.status}`)}</Tag>
              </Descriptions.Item>
              <Descriptions.Item label={t('home.license.name')}>{l.name ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('home.license.subject')}>{l.subjectName ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('home.license.consumer')}>
                {l.consumerType ? t(`home.license.consumerTypes.${l.consumerType}`) : '—'}
              </Descriptions.Item>
              <Descriptions.Item label={t('home.license.activation')}>{l.activationDate ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('home.license.expiry')}>
                {l.expiryDate ?? '—'}
                {l.remainingDays !== null && l.remainingDays >= 0 && (
                  <span className="bw-muted"> · {t('home.license.remaining', { days: l.remainingDays })}</span>
                )}
              </Descriptions.Item>
              <Descriptions.Item label={t('home.license.usage')} span={2}>
                {l.consumerAmount ? (
                  <Progress
                    percent={Math.min(100, Math.round((l.used / l.consumerAmount) * 100))}
                    format={() => `${l.used} / ${l.consumerAmount}`}
                    status={l.used > l.consumerAmount ? 'exception' : 'normal'}
                    style={{ maxWidth: 360 }}
                  />
                ) : (
                  l.used
                )}
              </Descriptions.Item>
            </Descriptions>
          </>
        )}
      </Card>
      {canInstall && l?.enforced && (
        <Card title={t('home.license.install')} variant="borderless">
          <Space direction="vertical" style={{ width: '100%' }}>
            <span className="bw-muted">{t('home.license.installHint')}</span>
            <input
              type="file"
              accept=".lic,.json,text/plain"
              aria-label={t('home.license.choose')}
              onChange={async (e) => setFile((await e.target.files?.[0]?.text()) ?? '')}
            />
            <Input.TextArea rows={6} value={file} onChange={(e) => setFile(e.target.value)} data-testid="license-file" />
            <Button
              type="primary"
              disabled={!file.trim()}
              onClick={async () => {
                await api.post('/system/license/install', { file });
                setFile('');
                await queryClient.invalidateQueries({ queryKey: ['license'] });
                void message.success(t('home.license.installed'));
              }}
            >
              {t('home.license.install')}
            </Button>
          </Space>
        </Card>
      )}
    </div>
  );
}
