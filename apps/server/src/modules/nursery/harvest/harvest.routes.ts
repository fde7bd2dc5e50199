import type { FastifyInstance } from 'fastify';
import { nurseryApi } from '@breedwise/contracts/nursery';
import { registerEndpoints } from '../../../platform/endpoints';
import { sourceOf } from '../../audit';
import { contentDisposition } from '../../common';
import { harvestLabelPdf } from './harvest-label.service';
import { HARVEST_JOB, startHarvestTask } from './harvest.job';
import { harvestPollinations, listHarvests } from './harvest.service';

/** Nursery harvests: the handlers of `@breedwise/contracts/nursery` (harvest). */
export function harvestRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, nurseryApi.resources.harvest, {
    page: (req) => listHarvests(db, req.ctx, req.query),
    create: (req) => harvestPollinations(db, req.ctx, sourceOf(req), req.body),
    start: async (req) => {
      const started = await startHarvestTask(db, req.ctx, sourceOf(req), req.body, req.locale);
      await app.jobs.enqueue(HARVEST_JOB, started.taskId);
      return started;
    },
    labels: async (req, reply) => {
      const { pdf, code } = await harvestLabelPdf(db, req.ctx, req.body);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(`harvest-labels-${code}.pdf`, true))
        .send(pdf);
    },
  });
}
