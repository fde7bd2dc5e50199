import type { FastifyInstance } from 'fastify';
import { doeApi } from '@breedwise/contracts/doe';
import { registerEndpoints } from '../../../platform/endpoints';
import { addBankEntries, bankPage, checkAccessions } from './entry-bank.service';

/** Entries from the germplasm bank: handlers of `@breedwise/contracts/doe` (experimentBank). */
export function experimentBankRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, doeApi.resources.experimentBank, {
    page: (req) => bankPage(db, req.ctx, req.query),
    check: (req) => checkAccessions(db, req.ctx, req.body.id, req.body.accessionList),
    add: (req) => addBankEntries(db, req.ctx, req.body),
  });
}
