import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Card, Empty, List } from 'antd';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../../lib/query';
import { api, loginInfoKey, useLoginInfo } from '../auth-api';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { safeRedirect } from '../redirect';

/** Organisation selection: where the guard sends a user without a usable organisation. */
export function SelectOrgPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { data } = useLoginInfo();
  const [busy, setBusy] = useState<number | null>(null);

  const enter = async (orgId: number) => {
    setBusy(orgId);
    try {
      await api.auth.login.setOrg({ id: orgId });
      await queryClient.invalidateQueries({ queryKey: loginInfoKey });
      navigate(safeRedirect(params.get('back')), { replace: true });
    } finally {
      setBusy(null);
    }
  };

  const orgs = data?.orgs ?? [];
  return (
    <div className="bw-fullscreen-center bw-select-org">
      <LanguageSwitch className="bw-login-lang" />
      <Card title={t('selectOrg.title')} style={{ width: 440 }}>
        <p>{t('selectOrg.description')}</p>
        {orgs.length === 0 ? (
          <Empty description={t('selectOrg.none')} />
        ) : (
          <List
            dataSource={orgs}
            renderItem={(o) => (
              <List.Item
                actions={[
                  <Button key="enter" type="primary" loading={busy === o.orgId} onClick={() => enter(o.orgId)}>
                    {t('selectOrg.enter')}
                  </Button>,
                ]}
              >
                {o.orgName}
              </List.Item>
            )}
          />
        )}
      </Card>
    </div>
  );
}
