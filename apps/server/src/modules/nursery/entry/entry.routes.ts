import type { FastifyInstance } from 'fastify';
import { ENTRY_IMPORT_MAX_BYTES, nurseryApi } from '@breedwise/contracts/nursery';
import { z } from 'zod';
import { registerEndpoints } from '../../../platform/endpoints';
import { contentDisposition, readUpload } from '../../common';
import { importEntries, readEntryFile } from './entry-import.service';
import { entryMap, layoutEntries, plotLabelPdf } from './entry-layout.service';
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
    import: async (req) => {
      // The file, at most 10 MB (a larger one is refused as too large while it arrives).
      const file = await readUpload(req, z.object({}), ENTRY_IMPORT_MAX_BYTES, async (part) => ({ name: part.filename, bytes: await part.toBuffer() }));
      return importEntries(db, req.ctx, req.query.activityId, await readEntryFile(file.name, file.bytes));
    },
    layout: (req) => layoutEntries(db, req.ctx, req.body),
    map: (req) => entryMap(db, req.ctx, req.params.id),
    labels: async (req, reply) => {
      const { pdf, code } = await plotLabelPdf(db, req.ctx, req.body);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(`plot-labels-${code}.pdf`, true))
        .send(pdf);
    },
    update: (req) => updateEntry(db, req.ctx, req.body),
    remove: async (req) => {
      await deleteEntry(db, req.ctx, req.params.id);
      return null;
    },
  });
}
