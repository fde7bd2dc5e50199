import { Card, Empty, Spin, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AppTile } from '@breedwise/contracts/system';
import { api } from '../../../lib/request';
import { menuIcon } from '../../../components/common';
import { useRegistry } from '../../../lib/registry-context';
import { useLoginInfo } from '../../../lib/login-info';

/** /appcenter: the apps (product areas and external links) the user can open. */
export default function AppCenterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: info } = useLoginInfo();
  const { hasPage } = useRegistry();
  const apps = useQuery({ queryKey: ['system', 'appcenter'], queryFn: () => api.get<AppTile[]>('/system/app/center') });
  // Only areas whose first page this build can show lead anywhere.
  const available = new Set<string>();
  const walk = (items: NonNullable<typeof info>['menu']) =>
    items.forEach((m) => {
      if (m.component && hasPage(m.component)) available.add(m.path);
      walk(m.children);
    });
  walk(info?.menu ?? []);
  const tiles = (apps.data ?? []).filter((a) => a.external || available.has(a.href));
  return (
    <div className="bw-page">
      <Card title={t('home.appcenter.title')} variant="borderless">
        {apps.isPending ? (
          <Spin />
        ) : tiles.length === 0 ? (
          <Empty description={t('home.appcenter.empty')} />
        ) : (
          <div className="bw-app-grid" data-testid="appcenter">
            {tiles.map((a) => (
              <button
                key={a.appKey}
                type="button"
                className="bw-app-tile"
                data-testid="appcenter-tile"
                onClick={() => (a.external ? window.open(a.href, '_blank', 'noopener') : navigate(a.href))}
              >
                <span className="bw-app-icon">{menuIcon(a.icon)}</span>
                <span className="bw-app-name">{a.name}</span>
                <span className="bw-app-sub">{a.external ? <Tag>{t('home.appcenter.external')}</Tag> : a.description}</span>
              </button>
            ))}
          </div>
        )}
      </Card>
    </div>
  );
}
