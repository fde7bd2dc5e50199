import { Suspense, useState } from 'react';
import { App, Avatar, Dropdown, Switch } from 'antd';
import { ApiOutlined, CommentOutlined, LogoutOutlined, SwapOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LoginInfoData } from '@breedwise/contracts/auth';
import { logout } from '../../lib/session';
import { FeedbackModal } from '../../modules/feedback';
import { useLayoutSettings } from './settings';

export function UserMenu({ info }: { info: LoginInfoData }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const { showTabs, watermark, update } = useLayoutSettings();
  const user = info.userInfo;
  const [feedback, setFeedback] = useState(false);
  return (
    <>
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        menu={{
          items: [
            {
              key: 'who',
              disabled: true,
              label: (
                <div className="bw-user-card">
                  <strong>{user.nickName}</strong>
                  <span>
                    {user.userName} · {info.orgInfo?.orgName}
                  </span>
                </div>
              ),
            },
            { type: 'divider' },
            {
              key: 'tabs',
              label: (
                <span className="bw-menu-switch" onClick={(e) => e.stopPropagation()}>
                  {t('layout.showTabs')} <Switch size="small" checked={showTabs} onChange={(v) => update({ showTabs: v })} />
                </span>
              ),
            },
            { key: 'profile', icon: <UserOutlined />, label: t('layout.profile') },
            {
              key: 'watermark',
              label: (
                <span className="bw-menu-switch" onClick={(e) => e.stopPropagation()}>
                  {t('layout.watermark')} <Switch size="small" checked={watermark} onChange={(v) => update({ watermark: v })} />
                </span>
              ),
            },
            ...(info.orgs.length > 1 ? [{ key: 'org', icon: <SwapOutlined />, label: t('layout.switchOrg') }] : []),
            { key: 'feedback', icon: <CommentOutlined />, label: t('layout.feedback') },
            {
              key: 'docs',
              icon: <ApiOutlined />,
              label: (
                <a href="/api/docs" target="_blank" rel="noreferrer">
                  {t('layout.apiDocs')}
                </a>
              ),
            },
            { type: 'divider' },
            { key: 'logout', icon: <LogoutOutlined />, label: t('layout.logout'), danger: true },
          ],
          onClick: ({ key }) => {
            if (key === 'org') navigate('/select-org');
            if (key === 'feedback') setFeedback(true);
            if (key === 'profile') navigate('/system/user/profile');
            if (key === 'logout') {
              modal.confirm({ title: t('layout.logoutConfirm'), okText: t('common.ok'), cancelText: t('common.cancel'), onOk: () => logout() });
            }
          },
        }}
      >
        <span className="bw-header-action" role="button" data-testid="user-menu">
          <Avatar size="small" src={user.avatar ?? undefined} icon={<UserOutlined />} />
          <span className="bw-hide-narrow">{user.nickName}</span>
        </span>
      </Dropdown>
      {feedback && (
        <Suspense fallback={null}>
          <FeedbackModal open onClose={() => setFeedback(false)} contact={user.nickName} />
        </Suspense>
      )}
    </>
  );
}
