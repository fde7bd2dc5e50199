import dayjs from 'dayjs';
import type { QueryClient } from '@tanstack/react-query';
import { Permissions, hasPermission } from '@breedwise/contracts';
import type { LoginInfoData } from '@breedwise/contracts/auth';
import type { AuditRow, OrgRow } from '@breedwise/contracts/system';
import { api, request, type PageResult } from '../../lib/request';
import { platformApi } from '../../lib/platform-api';
import type { ModuleParts, TodoSourceDef } from '../../lib/module-types';
import { api as doeClient } from '../doe';
import { dashboardVariant } from './dashboard-variant';

/**
 * The dashboard's own queries, shared by its cards (which draw them) and `prefetchDashboard` (which starts
 * them as soon as login/info is in, while the workspace is still being drawn: bench/web). Each carries
 * `enabled`: the user's permission.
 */
const P = Permissions.system;
const silent = { errorMode: 'silent' as const };
const total = async (url: string, params: Record<string, unknown>) =>
  (await request<PageResult<unknown>>(url, { params: { pageNum: 1, pageSize: 1, ...params }, ...silent })).total;
const can = (info: LoginInfoData, p: string) => hasPermission(info.permissions, p);

export interface CropFigure {
  cropId: number;
  code: string;
  nameZh: string;
  nameEn: string;
  accessions: number;
  lots: number;
}
export interface YearFigure {
  year: number;
  accessions: number;
  lots: number;
  inbound: number;
  outbound: number;
}

export const dashboardQueries = {
  /** The welcome's locations: all and enabled. */
  locations: (info: LoginInfoData) => ({
    queryKey: ['doe', 'location', 'dashboard-count'],
    enabled: can(info, Permissions.doe.locationList),
    queryFn: async () => {
      const [all, enabled] = await Promise.all([
        doeClient.doe.location.page({ pageNum: 1, pageSize: 1 }),
        doeClient.doe.location.page({ pageNum: 1, pageSize: 1, status: 'enabled' }),
      ]);
      return { total: all.total, enabled: enabled.total };
    },
  }),
  /** The administrator's figures. */
  users: (info: LoginInfoData) => ({
    queryKey: ['dashboard', 'admin', 'users'],
    enabled: can(info, P.userList),
    queryFn: async () => {
      const [all, pending] = await Promise.all([total('/system/user/list', {}), total('/system/user/list', { status: 'pending' })]);
      return { all, pending };
    },
  }),
  org: (info: LoginInfoData) => ({
    queryKey: ['dashboard', 'admin', 'org'],
    enabled: can(info, P.orgView),
    queryFn: () => api.get<OrgRow>('/system/org/current', undefined, silent),
  }),
  space: (info: LoginInfoData) => {
    const orgId = info.orgInfo?.orgId;
    return {
      queryKey: [...platformApi.common.space.info.key, orgId],
      enabled: !!orgId && can(info, 'system:storage:view'),
      queryFn: () => platformApi.common.space.info({ id: orgId! }, silent),
    };
  },
  failedLogins: (info: LoginInfoData) => ({
    queryKey: ['dashboard', 'admin', 'failed-logins'],
    enabled: can(info, P.logList),
    queryFn: () => total('/system/log/login/list', { success: 'false', from: dayjs().subtract(1, 'day').format('YYYY-MM-DD HH:mm:ss') }),
  }),
  audit: (info: LoginInfoData) => ({
    queryKey: ['dashboard', 'admin', 'audit'],
    enabled: can(info, P.logList),
    queryFn: async () => (await request<PageResult<AuditRow>>('/system/log/list', { params: { pageNum: 1, pageSize: 6 }, ...silent })).rows,
  }),
  /** The germplasm bank's figures (dashboard type 'germbank'). */
  germCrops: (info: LoginInfoData) => ({
    queryKey: ['germ', 'dashboard', 'crops'],
    enabled: can(info, Permissions.germ.statisticsView),
    queryFn: () => api.get<CropFigure[]>('/germ/api/statistics/cropStatistic', undefined, silent),
  }),
  germYears: (info: LoginInfoData) => ({
    queryKey: ['germ', 'dashboard', 'years'],
    enabled: can(info, Permissions.germ.statisticsView),
    queryFn: () => api.get<YearFigure[]>('/germ/api/statistics/fiveYearStatistic', undefined, silent),
  }),
  /** One line of the to-do list. */
  todo: (info: LoginInfoData | undefined, source: TodoSourceDef) => ({
    queryKey: ['dashboard', 'todo', source.key],
    enabled: !!info && can(info, source.permission),
    queryFn: source.count,
    staleTime: 60_000,
  }),
};

/**
 * Starts the queries the dashboard of this user will draw (its variant's cards, the to-do counts, the
 * widgets' own queries), so that their answers arrive while the workspace is drawn rather than after.
 */
export async function prefetchDashboard(client: QueryClient, info: LoginInfoData, registry: ModuleParts): Promise<void> {
  const variant = dashboardVariant(info.userInfo.dashboardType);
  const q = dashboardQueries;
  const queries: { queryKey: readonly unknown[]; queryFn: () => Promise<unknown>; enabled: boolean; staleTime?: number }[] = [
    ...(variant === 'germbank' ? [q.germCrops(info), q.germYears(info)] : [q.locations(info)]),
    ...(variant === 'admin' ? [q.users(info), q.org(info), q.space(info), q.failedLogins(info), q.audit(info)] : []),
    ...registry.todos.map((s) => q.todo(info, s)),
  ];
  // The widgets this user sees are loaded now (the dashboard draws them next) and start their own queries.
  const widgets = registry.widgets.filter((w) => !w.permission || can(info, w.permission));
  await Promise.all([
    ...queries.filter((o) => o.enabled).map(({ enabled: _enabled, ...o }) => client.prefetchQuery(o)),
    ...widgets.map(async (w) => (await w.load()).prefetch?.(client)),
  ]);
}
