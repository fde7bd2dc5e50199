import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EmptyEnvelope, Envelope, IdParam, LotAdjust, LotCreate, LotDeposit, LotDiscard, LotMerge, LotOperationResult, LotPageQuery, LotRow,
  LotSplit, LotTransfer, LotUpdate, LotWithdraw, PageEnvelope, Permissions, PlaceCreate, PlaceRow, PlaceUpdate, TxnPageQuery, TxnRow,
} from '@breedwise/contracts';
import { ok, page } from '../../../platform/reply';
import { ctxOf } from '../scope';
import { sourceOf } from '../../audit';
import { createPlace, deletePlace, listPlaces, updatePlace } from './place.service';
import { adjustStock, createLot, getLot, listLots, listTransactions, mergeLots, moveStock, splitLot, transferLot, updateLot } from './lot.service';

const P = Permissions.germ;

export async function inventoryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const placeTags = ['germ: storage places'];
  const tags = ['germ: seed lots'];

  r.get('/api/place/list', {
    config: { permission: P.inventoryList },
    schema: { tags: placeTags, summary: 'Storage places of the organisation (warehouse > shelf > box) with paths and lot counts', response: { 200: Envelope(z.array(PlaceRow)) } },
  }, async (req) => ok(req, await listPlaces(db, ctxOf(req))));
  r.post('/api/place/create', {
    config: { permission: P.placeEdit },
    schema: { tags: placeTags, summary: 'Adds a storage place; a shelf sits in a warehouse, a box on a shelf', body: PlaceCreate, response: { 200: Envelope(PlaceRow) } },
  }, async (req) => ok(req, await createPlace(db, ctxOf(req), req.body)));
  r.put('/api/place/update', {
    config: { permission: P.placeEdit },
    schema: { tags: placeTags, summary: 'Updates a storage place', body: PlaceUpdate, response: { 200: Envelope(PlaceRow) } },
  }, async (req) => ok(req, await updatePlace(db, ctxOf(req), req.body)));
  r.delete('/api/place/:id', {
    config: { permission: P.placeEdit },
    schema: { tags: placeTags, summary: 'Deletes an empty storage place', params: IdParam, response: { 200: EmptyEnvelope } },
  }, async (req) => {
    await deletePlace(db, ctxOf(req), req.params.id);
    return ok(req, null);
  });

  r.get('/api/lot/page', {
    config: { permission: P.inventoryList },
    schema: { tags, summary: 'Seed lots of the current crop; the keyword matches lot numbers (a scanned label), accessions and names', querystring: LotPageQuery, response: { 200: PageEnvelope(LotRow) } },
  }, async (req) => {
    const { rows, total } = await listLots(db, ctxOf(req), req.query);
    return page(req, rows, total);
  });
  r.get('/api/lot/detail/:id', {
    config: { permission: P.inventoryList },
    schema: { tags, summary: 'One seed lot', params: IdParam, response: { 200: Envelope(LotRow) } },
  }, async (req) => ok(req, await getLot(db, ctxOf(req), req.params.id)));
  r.get('/api/lot/transactions', {
    config: { permission: P.inventoryList },
    schema: { tags, summary: 'The ledger: transactions of the current crop, of one lot or one germplasm', querystring: TxnPageQuery, response: { 200: PageEnvelope(TxnRow) } },
  }, async (req) => {
    const { rows, total } = await listTransactions(db, ctxOf(req), req.query);
    return page(req, rows, total);
  });
  r.post('/api/lot/create', {
    config: { permission: P.inventoryEdit },
    schema: { tags, summary: 'Creates a lot; an opening quantity is booked as a deposit', body: LotCreate, response: { 200: Envelope(LotRow) } },
  }, async (req) => ok(req, await createLot(db, ctxOf(req), sourceOf(req), req.body)));
  r.put('/api/lot/update', {
    config: { permission: P.inventoryEdit },
    schema: { tags, summary: 'Updates a lot’s descriptive fields (quantities change only through transactions)', body: LotUpdate, response: { 200: Envelope(LotRow) } },
  }, async (req) => ok(req, await updateLot(db, ctxOf(req), req.body)));

  const op = Envelope(LotOperationResult);
  r.post('/api/lot/deposit', {
    config: { permission: P.inventoryEdit },
    schema: { tags, summary: 'Deposits seed into a lot', body: LotDeposit, response: { 200: op } },
  }, async (req) => ok(req, await moveStock(db, ctxOf(req), sourceOf(req), 'deposit', req.body)));
  r.post('/api/lot/withdraw', {
    config: { permission: P.inventoryEdit },
    schema: { tags, summary: 'Withdraws seed; refused with GERM_INSUFFICIENT_STOCK rather than going below zero, also under concurrent requests', body: LotWithdraw, response: { 200: op } },
  }, async (req) => ok(req, await moveStock(db, ctxOf(req), sourceOf(req), 'withdrawal', req.body)));
  r.post('/api/lot/discard', {
    config: { permission: P.inventoryEdit },
    schema: { tags, summary: 'Discards (scraps) seed, with a reason', body: LotDiscard, response: { 200: op } },
  }, async (req) => ok(req, await moveStock(db, ctxOf(req), sourceOf(req), 'discard', req.body)));
  r.post('/api/lot/adjust', {
    config: { permission: P.inventoryEdit },
    schema: { tags, summary: 'Sets the balance to a counted figure; the difference is booked as an adjustment', body: LotAdjust, response: { 200: op } },
  }, async (req) => ok(req, await adjustStock(db, ctxOf(req), sourceOf(req), req.body)));
  r.post('/api/lot/transfer', {
    config: { permission: P.inventoryEdit },
    schema: { tags, summary: 'Moves a whole lot to another storage place', body: LotTransfer, response: { 200: op } },
  }, async (req) => ok(req, await transferLot(db, ctxOf(req), sourceOf(req), req.body)));
  r.post('/api/lot/split', {
    config: { permission: P.inventoryEdit },
    schema: { tags, summary: 'Splits part of a lot into a new lot', body: LotSplit, response: { 200: op } },
  }, async (req) => ok(req, await splitLot(db, ctxOf(req), sourceOf(req), req.body)));
  r.post('/api/lot/merge', {
    config: { permission: P.inventoryEdit },
    schema: { tags, summary: 'Merges lots of the same germplasm and unit into a target lot', body: LotMerge, response: { 200: op } },
  }, async (req) => ok(req, await mergeLots(db, ctxOf(req), sourceOf(req), req.body)));
}
