import { useMemo } from 'react';
import { Card, Col, Empty, Row, Statistic, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Permissions } from '@breedwise/contracts';
import type { MenuItem } from '@breedwise/contracts/system';
import type { LoginInfoData } from '@breedwise/contracts/auth';
import { useLoginInfo } from '../../../lib/login-info';
import { usePermission } from '../../../lib/permissions';
import { useRegistry } from '../../../lib/registry-context';
import { menuIcon } from '../../../components/common';
import { Clock } from '../components/Clock';
import { TodoList } from '../components/TodoList';
import { ModuleWidgets } from '../components/ModuleWidgets';
import { AdminFigures, RecentAudit } from '../components/AdminOverview';
import { GermbankWelcome, GermplasmAreas } from '../components/GermbankOverview';
import { dashboardVariant } from '../dashboard-variant';
import { dashboardQueries } from '../dashboard-queries';

/** The page's first queries, started as login/info arrives (module manifest). */
export { prefetchDashboard as prefetch } from '../dashboard-queries';
import '../home.css';

interface AppTile {
  key: string;
  title: Record<string, string>;
  icon: string | null;
  path: string;
  pages: number;
}

/** Top-level menu groups the user can open, each leading to its first page. */
function appTiles(menu: MenuItem[], isAvailable: (item: MenuItem) => boolean): AppTile[] {
  const pagesOf = (item: MenuItem): MenuItem[] => (item.component ? (isAvailable(item) && !item.meta.hidden ? [item] : []) : item.children.flatMap(pagesOf));
  return menu
    .filter((m) => !m.component)
    .map((m) => ({ m, pages: pagesOf(m) }))
    .filter(({ pages }) => pages.length > 0)
    .map(({ m, pages }) => ({ key: String(m.id), title: m.meta.titleI18n, icon: m.meta.icon, path: pages[0].path, pages: pages.length }));
}

function greetingKey(): string {
  const h = new Date().getHours();
  return h < 12 ? 'home.dashboard.morning' : h < 18 ? 'home.dashboard.afternoon' : 'home.dashboard.evening';
}

/** The default welcome: greeting, organisation and crop, locations, crops and role. */
function Welcome({ info }: { info: LoginInfoData }) {
  const { t, i18n } = useTranslation();
  const canSeeLocations = usePermission(Permissions.doe.locationList);
  const lang = i18n.language as 'zh-CN' | 'en';
  const locations = useQuery(dashboardQueries.locations(info));
  const crop = info.cropInfo ? info.cropInfo.nameI18n[lang] : t('home.dashboard.noCrop');
  const admin = dashboardVariant(info.userInfo.dashboardType) === 'admin';
  return (
    <Card variant="borderless" className="bw-welcome" data-testid="dashboard-welcome">
      <Row gutter={[24, 16]} align="middle">
        <Col flex="auto">
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t(greetingKey(), { name: info.userInfo.nickName })}
          </Typography.Title>
          <Typography.Text type="secondary">
            {t(admin ? 'home.admin.welcomeSub' : 'home.dashboard.welcomeSub', { org: info.orgInfo?.orgName ?? '', crop })}
          </Typography.Text>
        </Col>
        {canSeeLocations && (
          <Col>
            <Statistic
              title={t('home.dashboard.locations')}
              value={locations.data?.total ?? '—'}
              suffix={
                locations.data ? (
                  <small className="bw-stat-sub">
                    / {locations.data.enabled} {t('home.dashboard.locationsEnabled')}
                  </small>
                ) : null
              }
            />
          </Col>
        )}
        <Col>
          <Statistic
            title={t('home.dashboard.crops')}
            value={info.crops.length}
            suffix={
              <small className="bw-stat-sub">
                / {info.crops.filter((c) => c.access === 'operate').length} {t('home.dashboard.cropsOperable')}
              </small>
            }
          />
        </Col>
        <Col>
          <Statistic title={t('home.dashboard.role')} value={t(`home.dashboard.${info.userInfo.role === 'administrator' ? 'administrator' : 'user'}`)} />
        </Col>
      </Row>
    </Card>
  );
}

/**
 * The pinned dashboard. Its default layout has columns 24, 18, 6, 24 (spec section 1): welcome, to-do
 * list, clock, my apps. The dashboard type of login/info chooses the variant (spec section 6): 'admin'
 * adds the organisation's figures and the newest audit events; 'germbank' (the germplasm-bank brand)
 * opens with the bank's holdings and its germplasm work areas. Modules add their widgets below.
 */
export default function DashboardPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { data: info } = useLoginInfo();
  const lang = i18n.language as 'zh-CN' | 'en';
  const { isAvailable } = useRegistry();
  const tiles = useMemo(() => appTiles(info?.menu ?? [], isAvailable), [info?.menu, isAvailable]);
  if (!info) return null;
  const variant = dashboardVariant(info.userInfo.dashboardType);

  return (
    <Row gutter={[16, 16]} data-testid="dashboard" data-variant={variant}>
      <Col span={24}>{variant === 'germbank' ? <GermbankWelcome info={info} /> : <Welcome info={info} />}</Col>
      {variant === 'admin' && <AdminFigures info={info} />}
      <Col xs={24} lg={18}>
        <Card title={t('home.dashboard.todo')} variant="borderless" className="bw-dashboard-card">
          <TodoList />
        </Card>
      </Col>
      <Col xs={24} lg={6}>
        <Card title={t('home.dashboard.clock')} variant="borderless" className="bw-dashboard-card">
          <Clock />
        </Card>
      </Col>
      {variant === 'admin' && <RecentAudit info={info} />}
      {variant === 'germbank' && (
        <Col span={24}>
          <GermplasmAreas info={info} />
        </Col>
      )}
      <Col span={24}>
        <Card title={t('home.dashboard.apps')} variant="borderless">
          {tiles.length === 0 ? (
            <Empty description={t('home.dashboard.appsEmpty')} />
          ) : (
            <div className="bw-app-grid">
              {tiles.map((tile) => (
                <button key={tile.key} type="button" className="bw-app-tile" onClick={() => navigate(tile.path)} data-testid="app-tile">
                  <span className="bw-app-icon">{menuIcon(tile.icon)}</span>
                  <span className="bw-app-name">{tile.title[lang] ?? tile.title['zh-CN']}</span>
                  <span className="bw-app-sub">{t('home.dashboard.pages', { count: tile.pages })}</span>
                </button>
              ))}
            </div>
          )}
        </Card>
      </Col>
      <ModuleWidgets />
    </Row>
  );
}
