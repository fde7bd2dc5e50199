import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AppCreate, AppRow, AppTile, AppUpdate, AuditPageQuery, AuditRow, BrandCreate, BrandRow, BrandUpdate, CropCreate, CropIdQuery, CropRow, CropUpdate,
  DeptCreate, DeptNode, DeptUpdate, DictDataCreate, DictDataRow, DictDataUpdate, DictEntry, DictGetData, DictGetQuery, DictQuery, DictTreeNode,
  DictTypeCreate, DictTypeRow, DictTypeUpdate, EmptyEnvelope, Envelope, GenomeBuildCreate, GenomeBuildRow, GenomeBuildUpdate, IdParam,
  LoginLogPageQuery, LoginLogRow, MenuCreate, MenuItem, MenuNode, MenuUpdate, NoticeCreate, NoticeRow, NoticeUpdate, OrgCreate, OrgRow, OrgUpdate,
  OutboxPageQuery, OutboxRow, PageEnvelope, PageQuery, Permissions, RoleCreate, RoleDetail, RoleMenusBody, RolePageQuery, RoleRow, RoleUpdate,
  TableInfoData, TableInfoQuery, TableMetaRow, UserApproveBody, UserCreate, UserPageQuery, UserResetPasswordBody, UserRow, UserStatusBody, UserUpdate,
} from '@breedwise/contracts';
import { ok, page } from '../../platform/reply';
import { sourceOf } from '../audit';
import { loadAccess, loadMenuTree } from '../auth/access.service';
import { appCenter, createApp, deleteApp, listApps, updateApp } from './app.service';
import { createBrand, deleteBrand, listBrands, updateBrand } from './brand.service';
import { createBuild, createCrop, deleteBuild, listBuilds, listCrops, updateBuild, updateCrop } from './crop.service';
import { createDept, deleteDept, deptTree, updateDept } from './dept.service';
import {
  createDictData, createDictType, deleteDictData, deleteDictType, dictTree, getDict, listDict, updateDictData, updateDictType,
} from './dict.service';
import { listAudit, listLogins, listOutbox } from './log.service';
import { createMenu, deleteMenu, menuTreeAll, updateMenu } from './menu.service';
import { createNotice, deleteNotice, listNotices, updateNotice } from './notice.service';
import { createOrg, currentOrg, listOrgs, updateCurrentOrg } from './org.service';
import { createRole, deleteRole, getRole, listRoles, setRoleMenus, updateRole } from './role.service';
import { listTables, tableInfo } from './table.service';
import {
  adminResetPassword, approveUser, createUser, forceLogout, getUser, listUsers, removeUser, setUserStatus, updateUser,
} from './user.service';

const P = Permissions.system;
const platform = 'platform' as const;
const Count = z.object({ count: z.number().int() });

export async function systemRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const cfg = app.config;

  // ---- dictionaries --------------------------------------------------------------------------------
  {
    const tags = ['system: dictionaries'];
    r.get('/dic/list', {
      schema: { tags, summary: 'Dictionary entries by dictType (and appKey)', querystring: DictQuery, response: { 200: Envelope(z.array(DictEntry)) } },
    }, async (req) => ok(req, await listDict(db, req.query.dictType, req.query.appKey, req.locale)));
    r.get('/dic/tree', {
      config: { permission: P.dictList },
      schema: { tags, summary: 'Dictionary types grouped by app', response: { 200: Envelope(z.array(DictTreeNode)) } },
    }, async (req) => ok(req, await dictTree(db, req.locale)));
    r.get('/dic/get', {
      config: { permission: P.dictList },
      schema: { tags, summary: 'One dictionary type with all its entries, by dictType (and appKey)', querystring: DictGetQuery, response: { 200: Envelope(DictGetData) } },
    }, async (req) => ok(req, await getDict(db, req.query.dictType, req.query.appKey)));
    const edit = { permission: P.dictEdit, scope: platform };
    r.post('/dic/type/create', { config: edit, schema: { tags, summary: 'Creates a dictionary type', body: DictTypeCreate, response: { 200: Envelope(DictTypeRow) } } },
      async (req) => ok(req, await createDictType(db, req.body, sourceOf(req))));
    r.put('/dic/type/update', { config: edit, schema: { tags, summary: 'Updates a dictionary type', body: DictTypeUpdate, response: { 200: Envelope(DictTypeRow) } } },
      async (req) => ok(req, await updateDictType(db, req.body, sourceOf(req))));
    r.delete('/dic/type/:id', { config: edit, schema: { tags, summary: 'Deletes a dictionary type and its entries', params: IdParam, response: { 200: EmptyEnvelope } } },
      async (req) => { await deleteDictType(db, req.params.id, sourceOf(req)); return ok(req, null); });
    r.post('/dic/data/create', { config: edit, schema: { tags, summary: 'Adds a dictionary entry', body: DictDataCreate, response: { 200: Envelope(DictDataRow) } } },
      async (req) => ok(req, await createDictData(db, req.body, sourceOf(req))));
    r.put('/dic/data/update', { config: edit, schema: { tags, summary: 'Updates a dictionary entry', body: DictDataUpdate, response: { 200: Envelope(DictDataRow) } } },
      async (req) => ok(req, await updateDictData(db, req.body, sourceOf(req))));
    r.delete('/dic/data/:id', { config: edit, schema: { tags, summary: 'Deletes a dictionary entry', params: IdParam, response: { 200: EmptyEnvelope } } },
      async (req) => { await deleteDictData(db, req.params.id, sourceOf(req)); return ok(req, null); });
  }

  // ---- organisations -----------------------------------------------------------------------------------
  {
    const tags = ['system: organisations'];
    r.get('/org/current', { config: { permission: P.orgView }, schema: { tags, summary: 'The current organisation and its policies', response: { 200: Envelope(OrgRow) } } },
      async (req) => ok(req, await currentOrg(db, cfg, req.ctx)));
    r.put('/org/current', {
      config: { permission: P.orgEdit },
      schema: { tags, summary: 'Name and policies (password expiry, single session, registration) of the current organisation', body: OrgUpdate, response: { 200: Envelope(OrgRow) } },
    }, async (req) => ok(req, await updateCurrentOrg(db, cfg, req.ctx, req.body, sourceOf(req))));
    r.get('/org/list', { config: { permission: P.orgView, scope: platform }, schema: { tags, summary: 'Every organisation', response: { 200: Envelope(z.array(OrgRow)) } } },
      async (req) => ok(req, await listOrgs(db, cfg, req.ctx)));
    r.post('/org/create', {
      config: { permission: P.orgEdit, scope: platform },
      schema: { tags, summary: 'Creates an organisation with the standard crops and roles; the caller becomes its administrator', body: OrgCreate, response: { 200: Envelope(OrgRow) } },
    }, async (req) => ok(req, await createOrg(db, cfg, req.ctx, req.body, sourceOf(req))));
  }

  // ---- users -------------------------------------------------------------------------------------------
  {
    const tags = ['system: users'];
    r.get('/user/list', { config: { permission: P.userList }, schema: { tags, summary: 'Members of the organisation, paged', querystring: UserPageQuery, response: { 200: PageEnvelope(UserRow) } } },
      async (req) => { const { rows, total } = await listUsers(db, req.ctx, req.query); return page(req, rows, total); });
    r.get('/user/detail/:id', { config: { permission: P.userList }, schema: { tags, summary: 'One member', params: IdParam, response: { 200: Envelope(UserRow) } } },
      async (req) => ok(req, await getUser(db, req.ctx, req.params.id)));
    r.post('/user/create', { config: { permission: P.userAdd }, schema: { tags, summary: 'Creates a member with roles and crop access', body: UserCreate, response: { 200: Envelope(UserRow) } } },
      async (req) => ok(req, await createUser(db, cfg, req.ctx, req.body, sourceOf(req))));
    r.put('/user/update', { config: { permission: P.userEdit }, schema: { tags, summary: 'Updates a member, their roles and crop access here', body: UserUpdate, response: { 200: Envelope(UserRow) } } },
      async (req) => ok(req, await updateUser(db, req.ctx, req.body, sourceOf(req))));
    r.put('/user/status', { config: { permission: P.userEdit }, schema: { tags, summary: 'Enables or disables members; disabling ends their sessions', body: UserStatusBody, response: { 200: Envelope(Count) } } },
      async (req) => ok(req, { count: await setUserStatus(db, cfg, req.ctx, req.body, sourceOf(req)) }));
    r.put('/user/resetPwd', { config: { permission: P.userResetPwd }, schema: { tags, summary: 'Sets a member\'s password; their sessions end', body: UserResetPasswordBody, response: { 200: EmptyEnvelope } } },
      async (req) => { await adminResetPassword(db, req.ctx, req.body.id, req.body.password, sourceOf(req)); return ok(req, null); });
    r.put('/user/approve', { config: { permission: P.userEdit }, schema: { tags, summary: 'Approves or rejects a pending registration', body: UserApproveBody, response: { 200: EmptyEnvelope } } },
      async (req) => { await approveUser(db, cfg, req.ctx, req.body.id, req.body.approve, sourceOf(req)); return ok(req, null); });
    r.post('/user/forceLogout/:id', { config: { permission: P.userEdit }, schema: { tags, summary: 'Ends every session of a member', params: IdParam, response: { 200: Envelope(Count) } } },
      async (req) => ok(req, { count: await forceLogout(db, req.ctx, req.params.id, sourceOf(req)) }));
    r.delete('/user/:id', { config: { permission: P.userRemove }, schema: { tags, summary: 'Removes a member from the organisation', params: IdParam, response: { 200: EmptyEnvelope } } },
      async (req) => { await removeUser(db, req.ctx, req.params.id, sourceOf(req)); return ok(req, null); });
  }

  // ---- roles -------------------------------------------------------------------------------------------
  {
    const tags = ['system: roles'];
    r.get('/role/list', { config: { permission: P.roleList }, schema: { tags, summary: 'Roles of the organisation', querystring: RolePageQuery, response: { 200: PageEnvelope(RoleRow) } } },
      async (req) => { const { rows, total } = await listRoles(db, req.ctx, req.query); return page(req, rows, total); });
    r.get('/role/detail/:id', { config: { permission: P.roleList }, schema: { tags, summary: 'One role with the menu entries it grants', params: IdParam, response: { 200: Envelope(RoleDetail) } } },
      async (req) => ok(req, await getRole(db, req.ctx, req.params.id)));
    r.get('/role/menuTree', { config: { permission: P.roleList }, schema: { tags, summary: 'The menu tree to grant from (directories, pages, buttons)', response: { 200: Envelope(z.array(MenuNode)) } } },
      async (req) => ok(req, await menuTreeAll(db)));
    r.post('/role/create', { config: { permission: P.roleAdd }, schema: { tags, summary: 'Creates a role', body: RoleCreate, response: { 200: Envelope(RoleDetail) } } },
      async (req) => ok(req, await createRole(db, req.ctx, req.body, sourceOf(req))));
    r.put('/role/update', { config: { permission: P.roleEdit }, schema: { tags, summary: 'Updates a role (name, key, dashboard type, status)', body: RoleUpdate, response: { 200: Envelope(RoleDetail) } } },
      async (req) => ok(req, await updateRole(db, req.ctx, req.body, sourceOf(req))));
    r.put('/role/menus', { config: { permission: P.roleEdit }, schema: { tags, summary: 'Sets the menu entries (permissions) a role grants', body: RoleMenusBody, response: { 200: Envelope(RoleDetail) } } },
      async (req) => ok(req, await setRoleMenus(db, req.ctx, req.body.roleId, req.body.menuIds, sourceOf(req))));
    r.delete('/role/:id', { config: { permission: P.roleRemove }, schema: { tags, summary: 'Deletes a role without users', params: IdParam, response: { 200: EmptyEnvelope } } },
      async (req) => { await deleteRole(db, req.ctx, req.params.id, sourceOf(req)); return ok(req, null); });
  }

  // ---- menus -------------------------------------------------------------------------------------------
  {
    const tags = ['system: menus'];
    r.get('/menu/my/1.5.0', {
      schema: { tags, summary: 'My menu tree with my roles and permissions', response: { 200: Envelope(z.object({ menus: z.array(MenuItem), roles: z.array(z.string()), permissions: z.array(z.string()) })) } },
    }, async (req) => {
      const access = await loadAccess(db, req.ctx.userId, req.ctx.orgId);
      return ok(req, { menus: await loadMenuTree(db, access, req.locale), roles: access.roles, permissions: access.permissions });
    });
    r.get('/menu/list', { config: { permission: P.menuList }, schema: { tags, summary: 'The whole menu tree with every field', response: { 200: Envelope(z.array(MenuNode)) } } },
      async (req) => ok(req, await menuTreeAll(db)));
    const edit = { permission: P.menuEdit, scope: platform };
    r.post('/menu/create', { config: edit, schema: { tags, summary: 'Adds a menu entry', body: MenuCreate, response: { 200: Envelope(MenuNode) } } },
      async (req) => ok(req, await createMenu(db, req.body, sourceOf(req))));
    r.put('/menu/update', { config: edit, schema: { tags, summary: 'Updates a menu entry (route roles, hidden, affix, help URL, type ...)', body: MenuUpdate, response: { 200: Envelope(MenuNode) } } },
      async (req) => ok(req, await updateMenu(db, req.body, sourceOf(req))));
    r.delete('/menu/:id', { config: edit, schema: { tags, summary: 'Deletes a menu entry without children', params: IdParam, response: { 200: EmptyEnvelope } } },
      async (req) => { await deleteMenu(db, req.params.id, sourceOf(req)); return ok(req, null); });
  }

  // ---- apps and brands ------------------------------------------------------------------------------------
  {
    const tags = ['system: apps'];
    r.get('/app/list', { config: { permission: P.appList }, schema: { tags, summary: 'Apps of the app center', response: { 200: Envelope(z.array(AppRow)) } } },
      async (req) => ok(req, await listApps(db)));
    r.get('/app/center', { config: { permission: Permissions.appcenterIndex }, schema: { tags, summary: 'The apps I can open', response: { 200: Envelope(z.array(AppTile)) } } },
      async (req) => ok(req, await appCenter(db, req.ctx, req.locale)));
    const edit = { permission: P.appEdit, scope: platform };
    r.post('/app/create', { config: edit, schema: { tags, summary: 'Adds an app', body: AppCreate, response: { 200: Envelope(AppRow) } } },
      async (req) => ok(req, await createApp(db, req.body, sourceOf(req))));
    r.put('/app/update', { config: edit, schema: { tags, summary: 'Updates an app', body: AppUpdate, response: { 200: Envelope(AppRow) } } },
      async (req) => ok(req, await updateApp(db, req.body, sourceOf(req))));
    r.delete('/app/:id', { config: edit, schema: { tags, summary: 'Deletes an app', params: IdParam, response: { 200: EmptyEnvelope } } },
      async (req) => { await deleteApp(db, req.params.id, sourceOf(req)); return ok(req, null); });
    const brand = { permission: P.brandEdit, scope: platform };
    r.get('/brand/list', { config: brand, schema: { tags, summary: 'Branded variants (host and path)', response: { 200: Envelope(z.array(BrandRow)) } } },
      async (req) => ok(req, await listBrands(db)));
    r.post('/brand/create', { config: brand, schema: { tags, summary: 'Adds a brand', body: BrandCreate, response: { 200: Envelope(BrandRow) } } },
      async (req) => ok(req, await createBrand(db, req.ctx, req.body, sourceOf(req))));
    r.put('/brand/update', { config: brand, schema: { tags, summary: 'Updates a brand', body: BrandUpdate, response: { 200: Envelope(BrandRow) } } },
      async (req) => ok(req, await updateBrand(db, req.ctx, req.body, sourceOf(req))));
    r.delete('/brand/:id', { config: brand, schema: { tags, summary: 'Deletes a brand', params: IdParam, response: { 200: EmptyEnvelope } } },
      async (req) => { await deleteBrand(db, req.params.id, sourceOf(req)); return ok(req, null); });
  }

  // ---- departments, crops, genome builds -----------------------------------------------------------------
  {
    const tags = ['system: departments and crops'];
    r.get('/dept/tree', { config: { permission: P.deptList }, schema: { tags, summary: 'Departments of the organisation', response: { 200: Envelope(z.array(DeptNode)) } } },
      async (req) => ok(req, await deptTree(db, req.ctx.orgId ?? 0)));
    r.post('/dept/create', { config: { permission: P.deptEdit }, schema: { tags, summary: 'Adds a department', body: DeptCreate, response: { 200: Envelope(DeptNode) } } },
      async (req) => ok(req, await createDept(db, req.ctx, req.body, sourceOf(req))));
    r.put('/dept/update', { config: { permission: P.deptEdit }, schema: { tags, summary: 'Updates a department', body: DeptUpdate, response: { 200: EmptyEnvelope } } },
      async (req) => { await updateDept(db, req.ctx, req.body, sourceOf(req)); return ok(req, null); });
    r.delete('/dept/:id', { config: { permission: P.deptEdit }, schema: { tags, summary: 'Deletes an empty department', params: IdParam, response: { 200: EmptyEnvelope } } },
      async (req) => { await deleteDept(db, req.ctx, req.params.id, sourceOf(req)); return ok(req, null); });

    r.get('/crop/list', { config: { permission: P.cropList }, schema: { tags, summary: 'Crops of the organisation with my access', response: { 200: Envelope(z.array(CropRow)) } } },
      async (req) => ok(req, await listCrops(db, req.ctx)));
    r.post('/crop/create', { config: { permission: P.cropEdit }, schema: { tags, summary: 'Adds a crop', body: CropCreate, response: { 200: EmptyEnvelope } } },
      async (req) => { await createCrop(db, req.ctx, req.body, sourceOf(req)); return ok(req, null); });
    r.put('/crop/update', { config: { permission: P.cropEdit }, schema: { tags, summary: 'Updates a crop', body: CropUpdate, response: { 200: EmptyEnvelope } } },
      async (req) => { await updateCrop(db, req.ctx, req.body, sourceOf(req)); return ok(req, null); });
    r.get('/crop/builds', { config: { permission: P.cropList }, schema: { tags, summary: 'Genome builds of a crop', querystring: CropIdQuery, response: { 200: Envelope(z.array(GenomeBuildRow)) } } },
      async (req) => ok(req, await listBuilds(db, req.ctx, req.query.cropId)));
    r.post('/crop/build/create', { config: { permission: P.cropEdit }, schema: { tags, summary: 'Defines a genome build (needs operate access to the crop)', body: GenomeBuildCreate, response: { 200: Envelope(GenomeBuildRow) } } },
      async (req) => ok(req, await createBuild(db, req.ctx, req.body, sourceOf(req))));
    r.put('/crop/build/update', { config: { permission: P.cropEdit }, schema: { tags, summary: 'Updates a genome build (needs operate access to the crop)', body: GenomeBuildUpdate, response: { 200: Envelope(GenomeBuildRow) } } },
      async (req) => ok(req, await updateBuild(db, req.ctx, req.body, sourceOf(req))));
    r.delete('/crop/build/:id', { config: { permission: P.cropEdit }, schema: { tags, summary: 'Deletes a genome build (needs operate access to the crop)', params: IdParam, response: { 200: EmptyEnvelope } } },
      async (req) => { await deleteBuild(db, req.ctx, req.params.id, sourceOf(req)); return ok(req, null); });
  }

  // ---- logs, tables, notices, outbox ----------------------------------------------------------------------
  {
    const tags = ['system: logs'];
    r.get('/log/list', { config: { permission: P.logList }, schema: { tags, summary: 'Operation log (audit trail), newest first', querystring: AuditPageQuery, response: { 200: PageEnvelope(AuditRow) } } },
      async (req) => { const { rows, total } = await listAudit(db, req.ctx, req.query); return page(req, rows, total); });
    r.get('/log/login/list', { config: { permission: P.logList }, schema: { tags, summary: 'Login log of the organisation\'s accounts', querystring: LoginLogPageQuery, response: { 200: PageEnvelope(LoginLogRow) } } },
      async (req) => { const { rows, total } = await listLogins(db, req.ctx, req.query); return page(req, rows, total); });
    r.get('/outbox/list', { config: { permission: P.outboxList, scope: platform }, schema: { tags, summary: 'SMS and e-mail outbox (messages kept when no gateway is configured)', querystring: OutboxPageQuery, response: { 200: PageEnvelope(OutboxRow) } } },
      async (req) => { const { rows, total } = await listOutbox(db, req.query); return page(req, rows, total); });
    r.get('/table/list', { config: { permission: P.tableList, scope: platform }, schema: { tags, summary: 'Tables of this product, from the database catalogue', response: { 200: Envelope(z.array(TableMetaRow)) } } },
      async (req) => ok(req, await listTables(app.database)));
    r.get('/table/info', { config: { permission: P.tableList, scope: platform }, schema: { tags, summary: 'Columns and indexes of one table', querystring: TableInfoQuery, response: { 200: Envelope(TableInfoData) } } },
      async (req) => ok(req, await tableInfo(app.database, req.query.tableName)));

    r.get('/notice/list', { config: { permission: P.noticeList }, schema: { tags, summary: 'Notices of the organisation', querystring: PageQuery, response: { 200: PageEnvelope(NoticeRow) } } },
      async (req) => { const { rows, total } = await listNotices(db, req.ctx, req.query); return page(req, rows, total); });
    r.post('/notice/create', { config: { permission: P.noticeEdit }, schema: { tags, summary: 'Publishes a notice', body: NoticeCreate, response: { 200: Envelope(NoticeRow) } } },
      async (req) => ok(req, await createNotice(db, req.ctx, req.body, sourceOf(req))));
    r.put('/notice/update', { config: { permission: P.noticeEdit }, schema: { tags, summary: 'Updates a notice', body: NoticeUpdate, response: { 200: Envelope(NoticeRow) } } },
      async (req) => ok(req, await updateNotice(db, req.ctx, req.body, sourceOf(req))));
    r.delete('/notice/:id', { config: { permission: P.noticeEdit }, schema: { tags, summary: 'Deletes a notice', params: IdParam, response: { 200: EmptyEnvelope } } },
      async (req) => { await deleteNotice(db, req.ctx, req.params.id, sourceOf(req)); return ok(req, null); });
  }
}
