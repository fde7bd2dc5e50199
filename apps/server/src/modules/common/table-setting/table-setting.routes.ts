import type { FastifyInstance } from 'fastify';
import { commonApi } from '@breedwise/contracts/common';
import { registerEndpoints } from '../../../platform/endpoints';
import { getTableSettings, resetTableSettings, saveTableSettings } from './table-setting.service';

/** Column and table settings per table and user: the handlers of `commonApi.resources.tableSetting`. */
export function tableSettingRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, commonApi.resources.tableSetting, {
    get: (req) => getTableSettings(db, req.ctx, req.params.tableName),
    save: async (req) => {
      await saveTableSettings(db, req.ctx, req.params.tableName, req.body);
      return null;
    },
    reset: async (req) => {
      await resetTableSettings(db, req.ctx, req.params.tableName);
      return null;
    },
  });
}
