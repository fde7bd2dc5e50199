import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EmptyEnvelope, Envelope, GermListCreate, GermListEntriesSave, GermListEntryPageQuery, GermListEntryRow, GermListPageQuery, GermListRow, GermListUpdate,
  IdParam, PageEnvelope, Permissions,
} from '@breedwise/contracts';
import { ok, page } from '../../../platform/reply';
import { registerResourceIo } from '../../common';
import { germListIo } from './germlist.io';
import {
  createGermList, deleteGermList, getGermList, listGermListEntries, listGermLists, saveGermListEntries, updateGermList,
} from './germlist.service';

const P = Permissions.doe;

export async function germListRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const tags = ['doe: planting lists'];

  r.get('/api/germList/page', {
    config: { permission: P.germListList },
    schema: { tags, summary: 'Planting lists of the current crop with material counts and usage', querystring: GermListPageQuery, response: { 200: PageEnvelope(GermListRow) } },
  }, async (req) => {
    const { rows, total } = await listGermLists(db, req.ctx, req.query);
    return page(req, rows, total);
  });

  r.get('/api/germList/detail/:id', {
    config: { permission: P.germListList },
    schema: { tags, summary: 'One planting list', params: IdParam, response: { 200: Envelope(GermListRow) } },
  }, async (req) => ok(req, await getGermList(db, req.ctx, req.params.id)));

  r.get('/api/germList/entries', {
    config: { permission: P.germListList },
    schema: { tags, summary: 'Entries of a planting list, in entry order', querystring: GermListEntryPageQuery, response: { 200: PageEnvelope(GermListEntryRow) } },
  }, async (req) => {
    const { rows, total } = await listGermListEntries(db, req.ctx, req.query);
    return page(req, rows, total);
  });

  r.post('/api/germList/create', {
    config: { permission: P.germListAdd },
    schema: { tags, summary: 'Creates a planting list with its entries (generations in F, D or BC form)', body: GermListCreate, response: { 200: Envelope(GermListRow) } },
  }, async (req) => ok(req, await createGermList(db, req.ctx, req.body)));

  r.put('/api/germList/update', {
    config: { permission: P.germListEdit },
    schema: { tags, summary: 'Updates a planting list', body: GermListUpdate, response: { 200: Envelope(GermListRow) } },
  }, async (req) => ok(req, await updateGermList(db, req.ctx, req.body)));

  r.put('/api/germList/entries', {
    config: { permission: P.germListEdit },
    schema: { tags, summary: 'Replaces the entries of a planting list', body: GermListEntriesSave, response: { 200: Envelope(GermListRow) } },
  }, async (req) => ok(req, await saveGermListEntries(db, req.ctx, req.body.id, req.body.entries)));

  registerResourceIo(app, germListIo);

  r.delete('/api/germList/:id', {
    config: { permission: P.germListRemove },
    schema: { tags, summary: 'Deletes a planting list no germplasm design plants', params: IdParam, response: { 200: EmptyEnvelope } },
  }, async (req) => {
    await deleteGermList(db, req.ctx, req.params.id);
    return ok(req, null);
  });
}
