import type { FastifyInstance } from 'fastify';
import { germApi } from '@breedwise/contracts/germ';
import { registerEndpoints } from '../../../platform/endpoints';
import { contentDisposition } from '../../common';
import { ctxOf } from '../scope';
import { labelPdf } from './label.service';

/** Label sheets: handlers of `@breedwise/contracts/germ` (label). */
export function labelRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, germApi.resources.label, {
    pdf: async (req, reply) => {
      const pdf = await labelPdf(db, ctxOf(req), req.body);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(`labels-${new Date().toISOString().slice(0, 10)}.pdf`, true))
        .send(pdf);
    },
  });
}
