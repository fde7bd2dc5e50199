import type { FastifyInstance } from 'fastify';
import { systemApi } from '@breedwise/contracts/system';
import { registerEndpoints } from '../../../platform/endpoints';
import { sourceOf } from '../../audit';
import { createDictData, createDictType, deleteDictData, deleteDictType, dictTree, getDict, listDict, updateDictData, updateDictType } from './dict.service';

/** The dictionary endpoints: handlers of the definitions in `@breedwise/contracts/system` (dict). */
export function dictRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, systemApi.resources.dict, {
    list: (req) => listDict(db, req.query.dictType, req.query.appKey, req.locale),
    tree: (req) => dictTree(db, req.locale),
    get: (req) => getDict(db, req.query.dictType, req.query.appKey),
    createType: (req) => createDictType(db, req.body, sourceOf(req)),
    updateType: (req) => updateDictType(db, req.body, sourceOf(req)),
    removeType: async (req) => {
      await deleteDictType(db, req.params.id, sourceOf(req));
      return null;
    },
    createData: (req) => createDictData(db, req.body, sourceOf(req)),
    updateData: (req) => updateDictData(db, req.body, sourceOf(req)),
    removeData: async (req) => {
      await deleteDictData(db, req.params.id, sourceOf(req));
      return null;
    },
  });
}
