import { moduleLocalesReady } from '../module-locales';
import { useMemo, useState, useSyncExternalStore } from 'react';
import { Drawer, Layout, Spin } from 'antd';
import { CloseOutlined, MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLoginInfo } from '../auth-api';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { indexMenu, registryValue } from '../routing';
import { RegistryContext } from '../../lib/registry-context';
import { Workspace } from '../workspace/Workspace';
import { CropSwitcher } from './CropSwitcher';
import { MapEngineSwitcher } from './MapEngineSwitcher';
import { SideMenu } from './SideMenu';
import { UserMenu } from './UserMenu';
import { MessageBell } from '../../components/auth/MessageBell';
import { NoticeBanner } from '../../components/auth/NoticeBanner';
import { PageWatermark } from '../../components/common';
import { TaskCenter } from './TaskCenter';
import { HeaderItems } from './HeaderItems';
import { BrandSync } from '../brand-sync';
import { useLayoutSettings } from './settings';

/** Below this width (a phone) the side menu is a drawer that a header button opens. */
const PHONE_QUERY = '(max-width: 767px)';

function usePhone(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = window.matchMedia(PHONE_QUERY);
      query.addEventListener('change', changed);
      return () => query.removeEventListener('change', changed);
    },
    () => window.matchMedia(PHONE_QUERY).matches,
  );
}

/**
 * The main layout: the server menu (a collapsible side bar, or on a phone a drawer closed until its
 * button is pressed), the header (crop, map provider, language, tasks, messages, user) and the tabbed workspace.
 */
/** The login page calls it through this chunk, so the workspace and the home page start loading together. */
export { preloadDashboard, prefetchPage } from '../routing';

export function MainLayout() {
  const { t } = useTranslation();
  const { data: info } = useLoginInfo();
  const { collapsed, showTabs, watermark, update } = useLayoutSettings();
  const phone = usePhone();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const index = useMemo(() => indexMenu(info?.menu ?? []), [info?.menu]);
  if (!info)
    return (
      <div className="bw-fullscreen-center">
        <Spin size="large" />
      </div>
    );

  return (
    <RegistryContext.Provider value={registryValue}>
      <Layout className="bw-layout">
        {phone ? (
          <Drawer
            open={drawerOpen}
            placement="left"
            size={280}
            closable={false}
            onClose={() => setDrawerOpen(false)}
            className="bw-menu-drawer"
            styles={{ body: { padding: 0 } }}
            data-testid="menu-drawer"
          >
            <div className="bw-logo">
              <img src="/favicon.svg" alt="" width={28} height={28} />
              <span>{t('app.name')}</span>
              <span className="bw-header-spacer" />
              <CloseOutlined role="button" aria-label={t('layout.closeMenu')} onClick={() => setDrawerOpen(false)} data-testid="menu-drawer-close" />
            </div>
            <nav className="bw-sider-menu" data-testid="side-menu">
              <SideMenu menu={info.menu} index={index} collapsed={false} onNavigate={() => setDrawerOpen(false)} />
            </nav>
          </Drawer>
        ) : (
          <Layout.Sider collapsible collapsed={collapsed} trigger={null} width={240} collapsedWidth={64} className="bw-sider">
            <div className="bw-logo">
              <img src="/favicon.svg" alt="" width={28} height={28} />
              {!collapsed && <span>{t('app.name')}</span>}
            </div>
            <nav className="bw-sider-menu" data-testid="side-menu">
              <SideMenu menu={info.menu} index={index} collapsed={collapsed} />
            </nav>
          </Layout.Sider>
        )}
        <Layout className="bw-main">
          <Layout.Header className="bw-header">
            {phone ? (
              <span className="bw-header-action" role="button" aria-label={t('layout.openMenu')} onClick={() => setDrawerOpen(true)} data-testid="menu-open">
                <MenuOutlined />
              </span>
            ) : (
              <span
                className="bw-header-action"
                role="button"
                aria-label={collapsed ? t('layout.expand') : t('layout.collapse')}
                onClick={() => update({ collapsed: !collapsed })}
                data-testid="menu-toggle"
              >
                {collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              </span>
            )}
            <span className="bw-header-org bw-hide-narrow">{info.orgInfo?.orgName}</span>
            <span className="bw-header-spacer" />
            <CropSwitcher info={info} />
            <MapEngineSwitcher compact={phone} />
            <LanguageSwitch className="bw-header-action" />
            <HeaderItems />
            <TaskCenter />
            <MessageBell />
            <UserMenu info={info} />
            <BrandSync info={info} />
          </Layout.Header>
          <Layout.Content className="bw-content">
            <NoticeBanner />
            <PageWatermark text={`${info.userInfo.nickName} ${info.userInfo.userName}`} enabled={watermark}>
              <Workspace index={index} showTabs={showTabs} />
            </PageWatermark>
          </Layout.Content>
        </Layout>
      </Layout>
    </RegistryContext.Provider>
  );
}

export { moduleLocalesReady };
