import type { FastifyInstance } from 'fastify';
import { systemApi } from '@breedwise/contracts/system';
import { registerEndpoints } from '../../../platform/endpoints';
import { sourceOf } from '../../audit';
import { appCenter, createApp, deleteApp, listApps, updateApp } from './app.service';

/** The app center endpoints: handlers of the definitions in `@breedwise/contracts/system` (app). */
export function appRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, systemApi.resources.app, {
    list: () => listApps(db),
    center: (req) => appCenter(db, req.ctx, req.locale),
    create: (req) => createApp(db, req.body, sourceOf(req)),
    update: (req) => updateApp(db, req.body, sourceOf(req)),
    remove: async (req) => {
      await deleteApp(db, req.params.id, sourceOf(req));
      return null;
    },
  });
}
