import type { FastifyInstance } from 'fastify';
import { gsApi } from '@breedwise/contracts/gs';
import { registerEndpoints } from '../../../platform/endpoints';
import { contentDisposition } from '../../common';
import { gsRefusal } from '../gs-files';
import { addCandidates, assess, candidatesCsv, listCandidates, rankByIndex, removeCandidates } from './sample.service';

/** Selection and index evaluation (spec 7, /gs api/sample): the handlers of `gsApi.resources.sample`. */
export function sampleRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, gsApi.resources.sample, {
    assess: (req) => assess(db, req.ctx, req.params.id),
    page: async (req) => {
      try {
        return await rankByIndex(db, req.ctx, req.body);
      } catch (err) {
        throw gsRefusal(err, req.locale);
      }
    },
    candidates: (req) => listCandidates(db, req.ctx, req.query.predictId),
    addCandidates: (req) => addCandidates(db, req.ctx, req.body),
    delCandidates: (req) => removeCandidates(db, req.ctx, req.body),
    candidatesExport: async (req, reply) => {
      const { name, csv } = await candidatesCsv(db, req.ctx, req.params.id);
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', contentDisposition(name, false)).send(`\uFEFF${csv}`);
    },
  });
}
