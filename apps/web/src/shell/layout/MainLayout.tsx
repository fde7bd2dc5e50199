import '../module-locales';
import { useMemo } from 'react';
import { Layout, Spin } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLoginInfo } from '../auth-api';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { indexMenu, registryValue } from '../routing';
import { RegistryContext } from '../../lib/registry-context';
import { Workspace } from '../workspace/Workspace';
import { CropSwitcher } from './CropSwitcher';
import { SideMenu } from './SideMenu';
import { UserMenu } from './UserMenu';
import { MessageBell } from '../../components/auth/MessageBell';
import { PageWatermark } from '../../components/common';
import { TaskCenter } from './TaskCenter';
import { BrandSync } from '../brand-sync';
import { useLayoutSettings } from './settings';

/** The main layout: collapsible server menu, header (crop, language, user) and the tabbed workspace. */
export function MainLayout() {
  const { t } = useTranslation();
  const { data: info } = useLoginInfo();
  const { collapsed, showTabs, watermark, update } = useLayoutSettings();
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
        <Layout.Sider collapsible collapsed={collapsed} trigger={null} width={224} collapsedWidth={64} className="bw-sider">
          <div className="bw-logo">
            <img src="/favicon.svg" alt="" width={28} height={28} />
            {!collapsed && <span>{t('app.name')}</span>}
          </div>
          <nav className="bw-sider-menu" data-testid="side-menu">
            <SideMenu menu={info.menu} index={index} collapsed={collapsed} />
          </nav>
        </Layout.Sider>
        <Layout className="bw-main">
          <Layout.Header className="bw-header">
            <span
              className="bw-header-action"
              role="button"
              aria-label={collapsed ? t('layout.expand') : t('layout.collapse')}
              onClick={() => update({ collapsed: !collapsed })}
              data-testid="menu-toggle"
            >
              {collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            </span>
            <span className="bw-header-org">{info.orgInfo?.orgName}</span>
            <span className="bw-header-spacer" />
            <CropSwitcher info={info} />
            <LanguageSwitch className="bw-header-action" />
            <TaskCenter />
            <MessageBell />
            <UserMenu info={info} />
            <BrandSync info={info} />
          </Layout.Header>
          <Layout.Content className="bw-content">
            <PageWatermark text={`${info.userInfo.nickName} ${info.userInfo.userName}`} enabled={watermark}>
              <Workspace index={index} showTabs={showTabs} />
            </PageWatermark>
          </Layout.Content>
        </Layout>
      </Layout>
    </RegistryContext.Provider>
  );
}
