import type { FastifyInstance } from 'fastify';
import { systemApi } from '@breedwise/contracts/system';
import { registerEndpoints } from '../../../platform/endpoints';
import { listTables, tableInfo } from './table.service';

/** The table catalogue endpoints: handlers of the definitions in `@breedwise/contracts/system` (table). */
export function tableRoutes(app: FastifyInstance) {
  registerEndpoints(app, systemApi.resources.table, {
    list: (req) => listTables(app.database, req.query.refresh === 'true'),
    info: (req) => tableInfo(app.database, req.query.tableName),
  });
}
