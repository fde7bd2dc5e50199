import type { FastifyInstance } from 'fastify';
import { germApi } from '@breedwise/contracts/germ';
import { registerEndpoints } from '../../../platform/endpoints';
import { sourceOf } from '../../audit';
import { listTransactions } from '../ledger/ledger.service';
import { ctxOf } from '../scope';
import { adjustStock, createLot, getLot, listLots, mergeLots, moveStock, splitLot, transferLot, updateLot } from './lot.service';

/** Seed lots, their ledger and operations: handlers of `@breedwise/contracts/germ` (lot). */
export function lotRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, germApi.resources.lot, {
    page: (req) => listLots(db, ctxOf(req), req.query),
    detail: (req) => getLot(db, ctxOf(req), req.params.id),
    transactions: (req) => listTransactions(db, ctxOf(req), req.query),
    create: (req) => createLot(db, ctxOf(req), sourceOf(req), req.body),
    update: (req) => updateLot(db, ctxOf(req), req.body),
    deposit: (req) => moveStock(db, ctxOf(req), sourceOf(req), 'deposit', req.body),
    withdraw: (req) => moveStock(db, ctxOf(req), sourceOf(req), 'withdrawal', req.body),
    discard: (req) => moveStock(db, ctxOf(req), sourceOf(req), 'discard', req.body),
    adjust: (req) => adjustStock(db, ctxOf(req), sourceOf(req), req.body),
    transfer: (req) => transferLot(db, ctxOf(req), sourceOf(req), req.body),
    split: (req) => splitLot(db, ctxOf(req), sourceOf(req), req.body),
    merge: (req) => mergeLots(db, ctxOf(req), sourceOf(req), req.body),
  });
}
