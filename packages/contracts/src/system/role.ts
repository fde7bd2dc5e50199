import { z } from 'zod';
import { IdParam } from '../envelope';
import { listSpec, resource } from '../http/endpoint';
import { PageQuery } from '../query';
import { MenuNode } from './menu';
import { systemPermissions as P } from './permissions';
import { DashboardType, IdList, iso, Status } from './shared';

export const RoleRow = z.object({
  id: z.number().int(),
  roleKey: z.string(),
  roleName: z.string(),
  builtin: z.boolean(),
  dashboardType: DashboardType,
  status: Status,
  sort: z.number().int(),
  userCount: z.number().int(),
  createdAt: iso,
});
export type RoleRow = z.infer<typeof RoleRow>;
export const RoleDetail = RoleRow.extend({ menuIds: z.array(z.number().int()) });
export type RoleDetail = z.infer<typeof RoleDetail>;
/** The fields of a role a form edits. */
export const RoleFields = z.object({
  roleKey: z
    .string()
    .trim()
    .min(1)
    .max(50)
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/),
  roleName: z.string().trim().min(1).max(50),
  dashboardType: DashboardType.default('default'),
  status: Status.default('enabled'),
  sort: z.number().int().min(0).max(9999).default(0),
});
export const RoleCreate = RoleFields.extend({ menuIds: IdList.default([]) });
export type RoleCreate = z.input<typeof RoleCreate>;
export const RoleUpdate = z.object({ id: z.number().int().positive(), ...RoleFields.shape });
export type RoleUpdate = z.input<typeof RoleUpdate>;
export const RoleMenusBody = z.object({ roleId: z.number().int().positive(), menuIds: IdList });
export type RoleMenusBody = z.infer<typeof RoleMenusBody>;
export const RolePageQuery = PageQuery.extend({ status: Status.optional() });
/** The role list has no filter or sort keys: roles come in their own order. */
export const roleList = listSpec({ filters: {}, sortable: [] });

/** The roles of the current organisation and the menu entries (permissions) they grant. */
export const role = resource(
  { tag: 'system: roles', base: '/role' },
  {
    page: { method: 'GET', path: '/list', permission: P.roleList, summary: 'Roles of the organisation', query: RolePageQuery, page: RoleRow, list: roleList },
    detail: {
      method: 'GET',
      path: '/detail/:id',
      permission: P.roleList,
      summary: 'One role with the menu entries it grants',
      params: IdParam,
      data: RoleDetail,
    },
    menuTree: {
      method: 'GET',
      path: '/menuTree',
      permission: P.roleList,
      summary: 'The menu tree to grant from (directories, pages, buttons)',
      data: z.array(MenuNode),
    },
    create: { method: 'POST', path: '/create', permission: P.roleAdd, summary: 'Creates a role', body: RoleCreate, data: RoleDetail },
    update: {
      method: 'PUT',
      path: '/update',
      permission: P.roleEdit,
      summary: 'Updates a role (name, key, dashboard type, status)',
      body: RoleUpdate,
      data: RoleDetail,
    },
    menus: {
      method: 'PUT',
      path: '/menus',
      permission: P.roleEdit,
      summary: 'Sets the menu entries (permissions) a role grants',
      body: RoleMenusBody,
      data: RoleDetail,
    },
    remove: { method: 'DELETE', path: '/:id', permission: P.roleRemove, summary: 'Deletes a role without users', params: IdParam, data: z.null() },
  },
);
