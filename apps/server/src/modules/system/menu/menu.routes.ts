import type { FastifyInstance } from 'fastify';
import { systemApi } from '@breedwise/contracts/system';
import { registerEndpoints } from '../../../platform/endpoints';
import { sourceOf } from '../../audit';
import { loadAccess, loadMenuTree } from './access.service';
import { createMenu, deleteMenu, menuTreeAll, updateMenu } from './menu.service';

/** The menu endpoints: handlers of the definitions in `@breedwise/contracts/system` (menu). */
export function menuRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, systemApi.resources.menu, {
    my: async (req) => {
      const access = await loadAccess(db, req.ctx.userId, req.ctx.orgId);
      return { menus: await loadMenuTree(db, access, req.locale), roles: access.roles, permissions: access.permissions };
    },
    list: () => menuTreeAll(db),
    create: (req) => createMenu(db, req.body, sourceOf(req)),
    update: (req) => updateMenu(db, req.body, sourceOf(req)),
    remove: async (req) => {
      await deleteMenu(db, req.params.id, sourceOf(req));
      return null;
    },
  });
}
