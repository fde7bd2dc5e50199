import type { FastifyInstance } from 'fastify';
import { nurseryApi } from '@breedwise/contracts/nursery';
import { registerEndpoints } from '../../../platform/endpoints';
import { contentDisposition } from '../../common';
import { entriesWorkbook } from './entry-export.service';
import { deleteEntry, entriesFromGermplasm, entriesFromGroup, entriesFromList, listEntries, updateEntry } from './entry.service';

/** Nursery entries: the handlers of `@breedwise/contracts/nursery` (entry). */
export function entryRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, nurseryApi.resources.entry, {
    page: (req) => listEntries(db, req.ctx, req.query),
    fromList: async (req) => ({ updated: await entriesFromList(db, req.ctx, req.body) }),
    fromGroup: async (req) => ({ updated: await entriesFromGroup(db, req.ctx, req.body) }),
    export: async (req, reply) => {
      const { buffer, fileName } = await entriesWorkbook(db, req.ctx, req.query, req.locale);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', contentDisposition(fileName, false))
        .send(buffer);
    },
    fromGermplasm: async (req) => ({ updated: await entriesFromGermplasm(db, req.ctx, req.body) }),
    update: (req) => updateEntry(db, req.ctx, req.body),
    remove: async (req) => {
      await deleteEntry(db, req.ctx, req.params.id);
      return null;
    },
  });
}
