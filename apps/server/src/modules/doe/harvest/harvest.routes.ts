import type { FastifyInstance } from 'fastify';
import { doeApi } from '@breedwise/contracts/doe';
import { registerEndpoints } from '../../../platform/endpoints';
import { contentDisposition } from '../../common';
import {
  deleteHarvestList,
  getHarvestList,
  harvestWorkbook,
  listHarvestEntries,
  listHarvestLists,
  updateHarvestEntries,
  updateHarvestList,
} from './harvest.service';
import { HARVEST_JOB, createHarvestTask } from './harvest.job';

/** The harvest-list endpoints: handlers of the definitions in `@breedwise/contracts/doe` (harvest). */
export function harvestRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, doeApi.resources.harvest, {
    page: (req) => listHarvestLists(db, req.ctx, req.query),
    detail: (req) => getHarvestList(db, req.ctx, req.params.id),
    entries: (req) => listHarvestEntries(db, req.ctx, req.query),
    generate: async (req) => {
      const taskId = await createHarvestTask(db, req.ctx, req.body, req.locale);
      await app.jobs.enqueue(HARVEST_JOB, taskId);
      return { taskId };
    },
    update: (req) => updateHarvestList(db, req.ctx, req.body),
    saveEntries: async (req) => ({ updated: await updateHarvestEntries(db, req.ctx, req.body) }),
    export: async (req, reply) => {
      const { fileName, buffer } = await harvestWorkbook(db, req.ctx, req.params.id, req.locale);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', contentDisposition(fileName, false))
        .send(buffer);
    },
    remove: async (req) => {
      await deleteHarvestList(db, req.ctx, req.params.id);
      return null;
    },
  });
}
