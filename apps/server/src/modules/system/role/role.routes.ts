import type { FastifyInstance } from 'fastify';
import { systemApi } from '@breedwise/contracts/system';
import { registerEndpoints } from '../../../platform/endpoints';
import { sourceOf } from '../../audit';
import { menuTreeAll } from '../menu/menu.service';
import { createRole, deleteRole, getRole, listRoles, setRoleMenus, updateRole } from './role.service';

/** The role endpoints: handlers of the definitions in `@breedwise/contracts/system` (role). */
export function roleRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, systemApi.resources.role, {
    page: (req) => listRoles(db, req.ctx, req.query),
    detail: (req) => getRole(db, req.ctx, req.params.id),
    menuTree: () => menuTreeAll(db),
    create: (req) => createRole(db, req.ctx, req.body, sourceOf(req)),
    update: (req) => updateRole(db, req.ctx, req.body, sourceOf(req)),
    menus: (req) => setRoleMenus(db, req.ctx, req.body.roleId, req.body.menuIds, sourceOf(req)),
    remove: async (req) => {
      await deleteRole(db, req.ctx, req.params.id, sourceOf(req));
      return null;
    },
  });
}
