import type { ReactNode } from 'react';
import { Button, Card, Col, Empty, List, Progress, Skeleton, Statistic, Tag, Typography } from 'antd';
import { CloudServerOutlined, LaptopOutlined, StopOutlined, TeamOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Permissions, hasPermission, type Locale } from '@breedwise/contracts';
import { auditActionLabel, auditTargetLabel, type AuditRow } from '@breedwise/contracts/system';
import { type LoginInfoData } from '@breedwise/contracts/auth';
import { RelativeTime } from '../../../components/common';
import { pathOfComponent } from '../dashboard-variant';
import { dashboardQueries } from '../dashboard-queries';

const P = Permissions.system;

function Figure({
  icon,
  title,
  value,
  sub,
  to,
  testId,
  loading,
}: {
  icon: ReactNode;
  title: string;
  value: ReactNode;
  sub?: ReactNode;
  to?: string | null;
  testId: string;
  loading?: boolean;
}) {
  const navigate = useNavigate();
  return (
    <Card variant="borderless" className={`bw-figure${to ? ' bw-figure-link' : ''}`} onClick={to ? () => navigate(to) : undefined} data-testid={testId}>
      <div className="bw-figure-icon">{icon}</div>
      <div className="bw-figure-body">
        {loading ? <Skeleton.Input active size="small" /> : <Statistic title={title} value={value as string | number} />}
        {sub && <div className="bw-figure-sub">{sub}</div>}
      </div>
    </Card>
  );
}

/**
 * The administrator's figures (dashboard type 'admin'): members and pending approvals, live sessions,
 * storage used, failed logins in the last 24 hours. Each needs the permission of the page it leads to.
 */
export function AdminFigures({ info }: { info: LoginInfoData }) {
  const { t } = useTranslation();
  const can = (p: string) => hasPermission(info.permissions, p);
  const orgId = info.orgInfo?.orgId;
  const menu = info.menu;
  const users = useQuery(dashboardQueries.users(info));
  const org = useQuery(dashboardQueries.org(info));
  const space = useQuery(dashboardQueries.space(info));
  const failed = useQuery(dashboardQueries.failedLogins(info));
  const figures: ReactNode[] = [];
  if (can(P.userList)) {
    figures.push(
      <Figure
        key="users"
        testId="admin-figure-users"
        icon={<TeamOutlined />}
        title={t('home.admin.members')}
        value={users.data?.all ?? '—'}
        loading={users.isLoading}
        to={pathOfComponent(menu, 'system/user/index')}
        sub={
          users.data?.pending ? <Tag color="orange">{t('home.admin.pending', { count: users.data.pending })}</Tag> : <span>{t('home.admin.nonePending')}</span>
        }
      />,
    );
  }
  if (can(P.orgView)) {
    figures.push(
      <Figure
        key="sessions"
        testId="admin-figure-sessions"
        icon={<LaptopOutlined />}
        title={t('home.admin.sessions')}
        value={org.data?.activeSessions ?? '—'}
        loading={org.isLoading}
        to={pathOfComponent(menu, 'system/log/logininfor/index')}
        sub={t('home.admin.sessionsSub')}
      />,
    );
  }
  if (can('system:storage:view') && orgId) {
    figures.push(
      <Figure
        key="storage"
        testId="admin-figure-storage"
        icon={<CloudServerOutlined />}
        title={t('home.admin.storage')}
        value={space.data ? space.data.used : '—'}
        loading={space.isLoading}
        to={pathOfComponent(menu, 'home/storageSpace/index')}
        sub={
          space.data && (
            <Progress
              percent={space.data.percent}
              size="small"
              format={() => t('home.admin.storageOf', { total: space.data!.total })}
              status={space.data.percent >= 90 ? 'exception' : 'normal'}
            />
          )
        }
      />,
    );
  }
  if (can(P.logList)) {
    figures.push(
      <Figure
        key="failed"
        testId="admin-figure-failed"
        icon={<StopOutlined />}
        title={t('home.admin.failedLogins')}
        value={failed.data ?? '—'}
        loading={failed.isLoading}
        to={pathOfComponent(menu, 'system/log/logininfor/index')}
        sub={t('home.admin.failedSub')}
      />,
    );
  }
  if (!figures.length) return null;
  return (
    <>
      {figures.map((f, i) => (
        <Col key={i} xs={24} sm={12} xl={24 / figures.length}>
          {f}
        </Col>
      ))}
    </>
  );
}

const RESULT_COLOR: Record<AuditRow['result'], string> = { success: 'success', failure: 'error', denied: 'warning' };

/** The newest entries of the operation log (who did what, when), for administrators. */
export function RecentAudit({ info }: { info: LoginInfoData }) {
  const { t, i18n } = useTranslation();
  const locale = (i18n.language as Locale) || 'zh-CN';
  const navigate = useNavigate();
  const allowed = hasPermission(info.permissions, P.logList);
  const audit = useQuery({ ...dashboardQueries.audit(info), refetchInterval: 60_000 });
  if (!allowed) return null;
  const all = pathOfComponent(info.menu, 'system/log/operlog/index');
  return (
    <Col span={24}>
      <Card
        title={t('home.admin.audit')}
        variant="borderless"
        data-testid="admin-audit"
        extra={
          all && (
            <Button type="link" onClick={() => navigate(all)}>
              {t('home.admin.auditAll')}
            </Button>
          )
        }
      >
        {audit.isLoading ? (
          <Skeleton active />
        ) : !audit.data?.length ? (
          <Empty description={t('common.noData')} />
        ) : (
          <List
            size="small"
            dataSource={audit.data}
            renderItem={(a) => (
              <List.Item className="bw-audit-item">
                <span className="bw-audit-what">
                  <Tag color={RESULT_COLOR[a.result]}>{t(`home.admin.results.${a.result}`)}</Tag>
                  <span title={a.action}>{auditActionLabel(a.action, locale)}</span>
                  {a.targetType && (
                    <Typography.Text type="secondary" className="bw-audit-target">
                      {auditTargetLabel(a, locale)}
                    </Typography.Text>
                  )}
                </span>
                <span className="bw-audit-who">
                  <span>{a.username ?? '—'}</span>
                  <Typography.Text type="secondary">
                    <RelativeTime at={a.at} />
                  </Typography.Text>
                </span>
              </List.Item>
            )}
          />
        )}
      </Card>
    </Col>
  );
}
