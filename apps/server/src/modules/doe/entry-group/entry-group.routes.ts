import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EmptyEnvelope, EntryGroupCreate, EntryGroupDetail, EntryGroupFromExperiment, EntryGroupPageQuery, EntryGroupRow, EntryGroupToList, EntryGroupUpdate,
  Envelope, GermListRow, IdParam, PageEnvelope, Permissions,
} from '@breedwise/contracts';
import { requirePermission } from '../../../platform/context';
import { ok, page } from '../../../platform/reply';
import {
  createEntryGroup, deleteEntryGroup, getEntryGroup, groupFromExperiment, groupToList, listEntryGroups, updateEntryGroup,
} from './entry-group.service';

const P = Permissions.doe;

export async function entryGroupRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const tags = ['doe: entry groups'];

  r.get('/api/entryGroup/page', {
    config: { permission: P.entriesList },
    schema: { tags, summary: 'Entry groups of the current crop (nursery groups and groups taken from experiments)', querystring: EntryGroupPageQuery, response: { 200: PageEnvelope(EntryGroupRow) } },
  }, async (req) => {
    const { rows, total } = await listEntryGroups(db, req.ctx, req.query);
    return page(req, rows, total);
  });

  r.get('/api/entryGroup/detail/:id', {
    config: { permission: P.entriesList },
    schema: { tags, summary: 'One entry group with its members', params: IdParam, response: { 200: Envelope(EntryGroupDetail) } },
  }, async (req) => ok(req, await getEntryGroup(db, req.ctx, req.params.id)));

  r.post('/api/entryGroup/create', {
    config: { permission: P.entriesAdd },
    schema: { tags, summary: 'Creates a nursery entry group', body: EntryGroupCreate, response: { 200: Envelope(EntryGroupDetail) } },
  }, async (req) => ok(req, await createEntryGroup(db, req.ctx, req.body)));

  r.post('/api/entryGroup/fromExperiment', {
    config: { permission: P.entriesAdd },
    schema: { tags, summary: 'Creates an experiment group from chosen entries of an experiment (all test entries when none chosen)', body: EntryGroupFromExperiment, response: { 200: Envelope(EntryGroupDetail) } },
  }, async (req) => ok(req, await groupFromExperiment(db, req.ctx, req.body)));

  r.post('/api/entryGroup/toList', {
    config: { permission: P.entriesEdit },
    schema: { tags, summary: 'Turns a group into a nursery planting list (also needs doe:germList:add)', body: EntryGroupToList, response: { 200: Envelope(GermListRow) } },
  }, async (req) => {
    requirePermission(req.ctx, P.germListAdd);
    return ok(req, await groupToList(db, req.ctx, req.body.id, req.body.name));
  });

  r.put('/api/entryGroup/update', {
    config: { permission: P.entriesEdit },
    schema: { tags, summary: 'Updates a group (and replaces its members when given)', body: EntryGroupUpdate, response: { 200: Envelope(EntryGroupDetail) } },
  }, async (req) => ok(req, await updateEntryGroup(db, req.ctx, req.body)));

  r.delete('/api/entryGroup/:id', {
    config: { permission: P.entriesRemove },
    schema: { tags, summary: 'Deletes an entry group', params: IdParam, response: { 200: EmptyEnvelope } },
  }, async (req) => {
    await deleteEntryGroup(db, req.ctx, req.params.id);
    return ok(req, null);
  });
}
