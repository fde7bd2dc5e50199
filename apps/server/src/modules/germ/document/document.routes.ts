import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CartAdd, CartCheckout, CartItem, CartRow, DocAudit, DocDetail, DocPageQuery, DocRow, DocStatusChange, EmptyEnvelope, Envelope, IdParam,
  InboundCreate, InboundUpdate, OutboundCreate, OutboundUpdate, PageEnvelope, ScrapCreate, ScrapUpdate, StocktakingCreate, StocktakingUpdate,
  type DocInput, type DocKind,
} from '@breedwise/contracts';
import { ok, page } from '../../../platform/reply';
import { ctxOf } from '../scope';
import { sourceOf } from '../../audit';
import { createDoc, deleteDoc, getDoc, listDocs, transitionDoc, updateDoc } from './document.service';
import { addToCart, checkoutCart, listCart, removeFromCart } from './cart.service';
import { docPermissions } from './permissions';

const bodies: Record<DocKind, { create: z.ZodType; update: z.ZodType; what: string }> = {
  inbound: { create: InboundCreate, update: InboundUpdate, what: 'Inbound: deposits into existing lots or new lots, on approval' },
  outbound: { create: OutboundCreate, update: OutboundUpdate, what: 'Outbound: withdrawals from lots, on approval' },
  stocktaking: { create: StocktakingCreate, update: StocktakingUpdate, what: 'Stocktaking: counted against booked quantities; the differences are adjusted on approval' },
  scrap: { create: ScrapCreate, update: ScrapUpdate, what: 'Scrap: discards from lots, on approval' },
};

/** The same REST pattern for each kind of stock document. */
function documentRoutes(kind: DocKind) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { db } = app.database;
    const P = docPermissions[kind];
    const { create, update, what } = bodies[kind];
    const tags = [`germ: ${kind}`];
    const base = `/api/${kind}`;

    r.get(`${base}/page`, {
      config: { permission: P.list },
      schema: { tags, summary: `${what}. Documents of the current crop, paged`, querystring: DocPageQuery, response: { 200: PageEnvelope(DocRow) } },
    }, async (req) => {
      const { rows, total } = await listDocs(db, ctxOf(req), kind, req.query);
      return page(req, rows, total);
    });
    r.get(`${base}/detail/:id`, {
      config: { permission: P.list },
      schema: { tags, summary: 'One document with its lines, its history and the actions open to the caller', params: IdParam, response: { 200: Envelope(DocDetail) } },
    }, async (req) => ok(req, await getDoc(db, ctxOf(req), kind, req.params.id)));
    r.post(`${base}/create`, {
      config: { permission: P.add },
      schema: { tags, summary: 'Creates a draft', body: create, response: { 200: Envelope(DocDetail) } },
    }, async (req) => ok(req, await createDoc(db, ctxOf(req), kind, req.body as DocInput)));
    r.put(`${base}/update`, {
      config: { permission: P.add },
      schema: { tags, summary: 'Replaces a draft’s header and lines (creator only)', body: update, response: { 200: Envelope(DocDetail) } },
    }, async (req) => ok(req, await updateDoc(db, ctxOf(req), kind, req.body as DocInput & { id: number })));
    r.put(`${base}/status`, {
      config: { permission: P.add },
      schema: { tags, summary: 'Creator’s transitions: submit (draft -> submitted), withdraw (submitted -> draft), reopen (rejected -> draft)', body: DocStatusChange, response: { 200: Envelope(DocDetail) } },
    }, async (req) => ok(req, await transitionDoc(db, ctxOf(req), sourceOf(req), kind, req.body.id, req.body.action, req.body.comment)));
    r.put(`${base}/audit`, {
      config: { permission: P.approve },
      schema: { tags, summary: 'Approver’s transitions: approve (applies the stock effect once, in the same transaction) or reject', body: DocAudit, response: { 200: Envelope(DocDetail) } },
    }, async (req) => ok(req, await transitionDoc(db, ctxOf(req), sourceOf(req), kind, req.body.id, req.body.action, req.body.comment)));
    r.delete(`${base}/:id`, {
      config: { permission: P.add },
      schema: { tags, summary: 'Deletes a draft (creator only)', params: IdParam, response: { 200: EmptyEnvelope } },
    }, async (req) => {
      await deleteDoc(db, ctxOf(req), kind, req.params.id);
      return ok(req, null);
    });
  };
}

/** The outbound cart: lots picked from the inventory, then turned into an outbound document. */
async function cartRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const P = docPermissions.outbound;
  const tags = ['germ: outbound cart'];
  const answer = { 200: Envelope(z.array(CartRow)) };

  r.get('/api/outbound/cache', {
    config: { permission: P.add },
    schema: { tags, summary: 'The caller’s outbound cart in the current crop', response: answer },
  }, async (req) => ok(req, await listCart(db, ctxOf(req))));
  r.post('/api/outbound/addOutboundToCache', {
    config: { permission: P.add },
    schema: { tags, summary: 'Adds lots to the cart (a lot already there takes the new quantity); refused beyond the stock', body: CartAdd, response: answer },
  }, async (req) => ok(req, await addToCart(db, ctxOf(req), req.body.items)));
  r.put('/api/outbound/cache', {
    config: { permission: P.add },
    schema: { tags, summary: 'Changes the quantity of one lot in the cart', body: CartItem, response: answer },
  }, async (req) => ok(req, await addToCart(db, ctxOf(req), [req.body])));
  r.delete('/api/outbound/cache/:id', {
    config: { permission: P.add },
    schema: { tags, summary: 'Removes one lot (by lot id) from the cart', params: IdParam, response: answer },
  }, async (req) => ok(req, await removeFromCart(db, ctxOf(req), req.params.id)));
  r.delete('/api/outbound/cache', {
    config: { permission: P.add },
    schema: { tags, summary: 'Empties the cart', response: answer },
  }, async (req) => ok(req, await removeFromCart(db, ctxOf(req), null)));
  r.post('/api/outbound/createFromCache', {
    config: { permission: P.add },
    schema: { tags, summary: 'Turns the cart into an outbound draft (or submits it at once) and empties the cart, in one transaction', body: CartCheckout, response: { 200: Envelope(DocDetail) } },
  }, async (req) => ok(req, await checkoutCart(db, ctxOf(req), sourceOf(req), req.body)));
}

export async function documentModuleRoutes(app: FastifyInstance) {
  for (const kind of ['inbound', 'outbound', 'stocktaking', 'scrap'] as const) await app.register(documentRoutes(kind));
  await app.register(cartRoutes);
}
