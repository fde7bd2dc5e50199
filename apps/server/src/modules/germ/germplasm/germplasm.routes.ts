import type { FastifyInstance } from 'fastify';
import { germApi } from '@breedwise/contracts/germ';
import { registerEndpoints } from '../../../platform/endpoints';
import { resourceIoHandlers } from '../../common';
import { ctxOf } from '../scope';
import {
  checkPedigree,
  createGermplasm,
  deleteGermplasm,
  germplasmOptions,
  getGermplasm,
  listGermplasm,
  pedigreeGraph,
  updateGermplasm,
} from './germplasm.service';
import { saveTraitValues } from '../trait/trait.service';
import { germplasmIo } from './germplasm.io';

/** The germplasm endpoints: the handlers of the definitions in `@breedwise/contracts/germ` (germplasm). */
export function germplasmRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, germApi.resources.germplasm, {
    page: (req) => listGermplasm(db, ctxOf(req), req.query),
    options: (req) => germplasmOptions(db, ctxOf(req), req.query),
    detail: (req) => getGermplasm(db, ctxOf(req), req.params.id),
    pedigree: (req) => pedigreeGraph(db, ctxOf(req), req.params.id, req.query.depth),
    checkPedigree: (req) => checkPedigree(db, ctxOf(req), req.body.text),
    create: (req) => db.transaction((tx) => createGermplasm(tx, ctxOf(req), req.body)),
    update: (req) => updateGermplasm(db, ctxOf(req), req.body),
    saveTraits: async (req) => {
      await saveTraitValues(db, ctxOf(req), req.body);
      return null;
    },
    ...resourceIoHandlers(app, germplasmIo),
    remove: async (req) => {
      await deleteGermplasm(db, ctxOf(req), req.params.id);
      return null;
    },
  });
}
