import type { FastifyInstance } from 'fastify';
import { phenoApi } from '@breedwise/contracts/pheno';
import { registerEndpoints } from '../../../platform/endpoints';
import { resourceIoHandlers } from '../../common';
import { allVariables, createVariable, deleteVariable, getVariable, listVariables, updateVariable } from './variable.service';
import { variableIo } from './variable.io';

/** The trait (variable) endpoints. */
export function variableRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, phenoApi.resources.variable, {
    page: (req) => listVariables(db, req.ctx, req.query),
    listAll: (req) => allVariables(db, req.ctx),
    detail: (req) => getVariable(db, req.ctx, req.params.id),
    create: (req) => createVariable(db, req.ctx, req.body),
    update: (req) => updateVariable(db, req.ctx, req.body),
    remove: async (req) => {
      await deleteVariable(db, req.ctx, req.params.id);
      return null;
    },
    ...resourceIoHandlers(app, variableIo),
  });
}
