import type { FastifyInstance } from 'fastify';
import { germApi } from '@breedwise/contracts/germ';
import { registerEndpoints } from '../../../platform/endpoints';
import { ctxOf } from '../scope';
import { listSeries, nextAccession, saveSeries } from './series.service';

/** The accession number series endpoints (`@breedwise/contracts/germ`, accessionSeries). */
export function seriesRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, germApi.resources.accessionSeries, {
    list: (req) => listSeries(db, ctxOf(req)),
    save: (req) => db.transaction((tx) => saveSeries(tx, ctxOf(req), req.body)),
    next: (req) => nextAccession(db, ctxOf(req)),
  });
}
