import type {
  AppCreate, AppRow, AppUpdate, AuditRow, BrandCreate, BrandRow, BrandUpdate, BuildListData, CropCreate, CropRow, CropUpdate, DeptCreate, DeptNode,
  DeptUpdate, DictDataCreate, DictDataRow, DictDataUpdate, DictEntry, DictGetData, DictTreeNode, DictTypeCreate, DictTypeRow, DictTypeUpdate,
  GenomeBuildCreate, GenomeBuildRow, GenomeBuildUpdate, LicenseRow, LicenseSave, LicenseSubjectCreate, LicenseSubjectRow, LicenseSubjectUpdate,
  LoginLogRow, MenuCreate, MenuNode, MenuUpdate, NoticeCreate, NoticeRow, NoticeUpdate, OrgRow, OrgUpdate, OutboxRow, RoleCreate, RoleDetail,
  RoleRow, RoleUpdate, TableInfoData, TableMetaRow, UserCreate, UserRow, UserUpdate,
} from '@breedwise/contracts';
import { api, request, type PageResult } from '../../lib/request';

const silent = { errorMode: 'silent' as const };
const page = <T>(url: string) => (q: Record<string, unknown>) => request<PageResult<T>>(url, { params: q, errorMode: 'silent' });

export const systemKeys = {
  users: ['system', 'users'] as const,
  roles: ['system', 'roles'] as const,
  logs: ['system', 'logs'] as const,
  outbox: ['system', 'outbox'] as const,
  org: ['system', 'org'] as const,
  menus: ['system', 'menus'] as const,
  dicts: ['system', 'dicts'] as const,
  apps: ['system', 'apps'] as const,
  brands: ['system', 'brands'] as const,
  depts: ['system', 'depts'] as const,
  crops: ['system', 'crops'] as const,
  builds: ['system', 'builds'] as const,
  notices: ['system', 'notices'] as const,
  tables: ['system', 'tables'] as const,
  licenses: ['system', 'licenses'] as const,
};

/**
 * A whole list (the server answers it at once) served page by page to a DataTable, with the table's
 * sort applied here; `match` keeps the rows of a keyword.
 */
export function localPage<T>(load: () => Promise<T[]>, match?: (row: T, keyword: string) => boolean) {
  return async (q: Record<string, unknown>): Promise<PageResult<T>> => {
    let rows = await load();
    const keyword = typeof q.keyword === 'string' ? q.keyword.trim().toLowerCase() : '';
    if (keyword && match) rows = rows.filter((r) => match(r, keyword));
    const column = typeof q.orderByColumn === 'string' ? q.orderByColumn : undefined;
    if (column) {
      const dir = q.isAsc === 'desc' ? -1 : 1;
      rows = [...rows].sort((a, b) => {
        const x = (a as Record<string, unknown>)[column];
        const y = (b as Record<string, unknown>)[column];
        return (typeof x === 'number' && typeof y === 'number' ? x - y : String(x ?? '').localeCompare(String(y ?? ''))) * dir;
      });
    }
    const pageNum = Number(q.pageNum ?? 1);
    const pageSize = Number(q.pageSize ?? 20);
    return { code: 0, msg: '', rows: rows.slice((pageNum - 1) * pageSize, pageNum * pageSize), total: rows.length };
  };
}

/** Typed calls of /api/system (shapes from packages/contracts). */
export const systemApi = {
  users: page<UserRow>('/system/user/list'),
  createUser: (body: UserCreate) => api.post<UserRow>('/system/user/create', body, silent),
  updateUser: (body: UserUpdate) => api.put<UserRow>('/system/user/update', body, silent),
  setUserStatus: (ids: number[], status: 'enabled' | 'disabled') => api.put<{ count: number }>('/system/user/status', { ids, status }),
  resetPassword: (id: number, password: string) => api.put<null>('/system/user/resetPwd', { id, password }, silent),
  approveUser: (id: number, approve: boolean) => api.put<null>('/system/user/approve', { id, approve }),
  forceLogout: (id: number) => api.post<{ count: number }>(`/system/user/forceLogout/${id}`),
  removeUser: (id: number) => api.del<null>(`/system/user/${id}`),
  roles: page<RoleRow>('/system/role/list'),
  allRoles: async () => (await request<PageResult<RoleRow>>('/system/role/list', { params: { pageNum: 1, pageSize: 200 } })).rows,
  role: (id: number) => api.get<RoleDetail>(`/system/role/detail/${id}`),
  menuTree: () => api.get<MenuNode[]>('/system/role/menuTree'),
  createRole: (body: RoleCreate) => api.post<RoleDetail>('/system/role/create', body, silent),
  updateRole: (body: RoleUpdate) => api.put<RoleDetail>('/system/role/update', body, silent),
  setRoleMenus: (roleId: number, menuIds: number[]) => api.put<RoleDetail>('/system/role/menus', { roleId, menuIds }),
  removeRole: (id: number) => api.del<null>(`/system/role/${id}`),
  crops: () => api.get<CropRow[]>('/system/crop/list'),
  depts: () => api.get<DeptNode[]>('/system/dept/tree'),
  org: () => api.get<OrgRow>('/system/org/current'),
  updateOrg: (body: OrgUpdate) => api.put<OrgRow>('/system/org/current', body, silent),
  audit: page<AuditRow>('/system/log/list'),
  logins: page<LoginLogRow>('/system/log/login/list'),
  outbox: page<OutboxRow>('/system/outbox/list'),

  menuList: () => api.get<MenuNode[]>('/system/menu/list'),
  createMenu: (body: MenuCreate) => api.post<MenuNode>('/system/menu/create', body, silent),
  updateMenu: (body: MenuUpdate) => api.put<MenuNode>('/system/menu/update', body, silent),
  removeMenu: (id: number) => api.del<null>(`/system/menu/${id}`),

  dictTree: () => api.get<DictTreeNode[]>('/system/dic/tree'),
  dict: (dictType: string, appKey?: string) => api.get<DictGetData>('/system/dic/get', { dictType, appKey }, silent),
  dictList: (dictType: string, appKey?: string) => api.get<DictEntry[]>('/system/dic/list', { dictType, appKey }),
  createDictType: (body: DictTypeCreate) => api.post<DictTypeRow>('/system/dic/type/create', body, silent),
  updateDictType: (body: DictTypeUpdate) => api.put<DictTypeRow>('/system/dic/type/update', body, silent),
  removeDictType: (id: number) => api.del<null>(`/system/dic/type/${id}`),
  createDictData: (body: DictDataCreate) => api.post<DictDataRow>('/system/dic/data/create', body, silent),
  updateDictData: (body: DictDataUpdate) => api.put<DictDataRow>('/system/dic/data/update', body, silent),
  removeDictData: (id: number) => api.del<null>(`/system/dic/data/${id}`),

  apps: () => api.get<AppRow[]>('/system/app/list'),
  createApp: (body: AppCreate) => api.post<AppRow>('/system/app/create', body, silent),
  updateApp: (body: AppUpdate) => api.put<AppRow>('/system/app/update', body, silent),
  removeApp: (id: number) => api.del<null>(`/system/app/${id}`),

  brands: () => api.get<BrandRow[]>('/system/brand/list'),
  createBrand: (body: BrandCreate) => api.post<BrandRow>('/system/brand/create', body, silent),
  updateBrand: (body: BrandUpdate) => api.put<BrandRow>('/system/brand/update', body, silent),
  removeBrand: (id: number) => api.del<null>(`/system/brand/${id}`),

  createDept: (body: DeptCreate) => api.post<DeptNode>('/system/dept/create', body, silent),
  updateDept: (body: DeptUpdate) => api.put<null>('/system/dept/update', body, silent),
  removeDept: (id: number) => api.del<null>(`/system/dept/${id}`),

  createCrop: (body: CropCreate) => api.post<null>('/system/crop/create', body, silent),
  updateCrop: (body: CropUpdate) => api.put<null>('/system/crop/update', body, silent),
  builds: (cropId: number) => api.get<GenomeBuildRow[]>('/system/crop/builds', { cropId }),
  createBuild: (body: GenomeBuildCreate) => api.post<GenomeBuildRow>('/system/crop/build/create', body, silent),
  updateBuild: (body: GenomeBuildUpdate) => api.put<GenomeBuildRow>('/system/crop/build/update', body, silent),
  removeBuild: (id: number) => api.del<null>(`/system/crop/build/${id}`),

  notices: page<NoticeRow>('/system/notice/list'),
  createNotice: (body: NoticeCreate) => api.post<NoticeRow>('/system/notice/create', body, silent),
  updateNotice: (body: NoticeUpdate) => api.put<NoticeRow>('/system/notice/update', body, silent),
  removeNotice: (id: number) => api.del<null>(`/system/notice/${id}`),

  tables: () => api.get<TableMetaRow[]>('/system/table/list'),
  table: (tableName: string) => api.get<TableInfoData>('/system/table/info', { tableName }),

  subjects: page<LicenseSubjectRow>('/gateway/license/subject/list'),
  createSubject: (body: LicenseSubjectCreate) => api.post<LicenseSubjectRow>('/gateway/license/subject/create', body, silent),
  updateSubject: (body: LicenseSubjectUpdate) => api.put<LicenseSubjectRow>('/gateway/license/subject/update', body, silent),
  removeSubject: (id: number) => api.del<null>(`/gateway/license/subject/delete/${id}`),
  license: (subjectId: number) => api.get<LicenseRow | null>(`/gateway/license/get/${subjectId}`),
  saveLicense: (body: LicenseSave) => api.post<LicenseRow>('/gateway/license/createOrUpdate', body, silent),
};

/** Genome builds of the current crop for the genomic pages (gws, mounted under /api/gs). */
export const buildApi = {
  list: () => api.get<BuildListData>('/gs/api/gws/getBuildList'),
  setCurrent: async (currentBuildId: number) =>
    (await request<{ data: BuildListData }>('/gs/api/gws/changeBuild/setCurrentBuildId', { method: 'POST', form: { currentBuildId }, errorMode: 'silent' })).data,
};
