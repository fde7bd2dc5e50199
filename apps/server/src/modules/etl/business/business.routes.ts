import type { FastifyInstance } from 'fastify';
import { etlApi } from '@breedwise/contracts/etl';
import { registerEndpoints } from '../../../platform/endpoints';
import { addBusinessData, businessDataPage, businessTypes, createBusiness, deleteBusinessData, listBusiness } from './business.service';

/** The business data endpoints: handlers of the definitions in `@breedwise/contracts/etl` (business). */
export function businessRoutes(app: FastifyInstance) {
  const db = app.database.db;
  registerEndpoints(app, etlApi.resources.business, {
    page: (req) => listBusiness(db, req.ctx, req.query),
    types: (req) => businessTypes(db, req.ctx),
    create: (req) => createBusiness(db, req.ctx, req.body),
    businessDataPage: (req) => businessDataPage(db, req.ctx, req.query),
    addBusinessData: (req) => addBusinessData(db, req.ctx, req.body),
    deleteBusinessData: async (req) => {
      await deleteBusinessData(db, req.ctx, req.params.id);
      return null;
    },
  });
}
