import type { FastifyInstance } from 'fastify';
import { doeApi } from '@breedwise/contracts/doe';
import { registerEndpoints } from '../../../platform/endpoints';
import { contentDisposition } from '../../common';
import { plotLabelPdf } from './plot-label.service';

/** Plot labels and stakes: handlers of `@breedwise/contracts/doe` (plotLabel). */
export function plotLabelRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, doeApi.resources.plotLabel, {
    pdf: async (req, reply) => {
      const { pdf, code } = await plotLabelPdf(db, req.ctx, req.body);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(`${code}-plot-labels.pdf`, true))
        .send(pdf);
    },
  });
}
