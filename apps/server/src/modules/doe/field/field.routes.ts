import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BlockCreate, BlockGenerate, BlockPageQuery, BlockRow, BlockSave, BlockUpdate, EmptyEnvelope, Envelope, FieldCreate, FieldDiscardUpdate, FieldPageQuery,
  FieldRow, FieldStatusUpdate, FieldUpdate, IdParam, PageEnvelope, Permissions,
} from '@breedwise/contracts';
import { ok, page } from '../../../platform/reply';
import {
  createBlock, createField, deleteBlock, deleteField, generateBlocks, getField, listBlocks, listFields, saveBlocks, setFieldDiscarded, setFieldStatus,
  updateBlock, updateField,
} from './field.service';

const P = Permissions.doe;
const Updated = Envelope(z.object({ updated: z.number().int() }));

export async function fieldRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const tags = ['doe: fields'];

  r.get('/api/field/page', {
    config: { permission: P.fieldList },
    schema: { tags, summary: 'Fields (plots) of the organisation, by location and type; discarded ones hidden unless asked for', querystring: FieldPageQuery, response: { 200: PageEnvelope(FieldRow) } },
  }, async (req) => {
    const { rows, total } = await listFields(db, req.ctx, req.query);
    return page(req, rows, total);
  });

  r.get('/api/field/detail/:id', {
    config: { permission: P.fieldList },
    schema: { tags, summary: 'One field with its computed area', params: IdParam, response: { 200: Envelope(FieldRow) } },
  }, async (req) => ok(req, await getField(db, req.ctx, req.params.id)));

  r.post('/api/field/create', {
    config: { permission: P.fieldAdd },
    schema: { tags, summary: 'Creates a field at a location; codes are unique per location', body: FieldCreate, response: { 200: Envelope(FieldRow) } },
  }, async (req) => ok(req, await createField(db, req.ctx, req.body)));

  r.put('/api/field/update', {
    config: { permission: P.fieldEdit },
    schema: { tags, summary: 'Updates a field; its blocks must still fit, each within one tier', body: FieldUpdate, response: { 200: Envelope(FieldRow) } },
  }, async (req) => ok(req, await updateField(db, req.ctx, req.body)));

  r.put('/api/field/status', {
    config: { permission: P.fieldEdit },
    schema: { tags, summary: 'Enables or disables fields (all or none)', body: FieldStatusUpdate, response: { 200: Updated } },
  }, async (req) => ok(req, { updated: await setFieldStatus(db, req.ctx, req.body) }));

  r.put('/api/field/discard', {
    config: { permission: P.fieldEdit },
    schema: { tags, summary: 'Discards fields or takes them back into use (all or none)', body: FieldDiscardUpdate, response: { 200: Updated } },
  }, async (req) => ok(req, { updated: await setFieldDiscarded(db, req.ctx, req.body) }));

  r.delete('/api/field/:id', {
    config: { permission: P.fieldRemove },
    schema: { tags, summary: 'Deletes a field no experiment or design uses', params: IdParam, response: { 200: EmptyEnvelope } },
  }, async (req) => {
    await deleteField(db, req.ctx, req.params.id);
    return ok(req, null);
  });

  const btags = ['doe: blocks'];
  r.get('/api/block/page', {
    config: { permission: P.fieldList },
    schema: { tags: btags, summary: 'Blocks of a field, tier by tier', querystring: BlockPageQuery, response: { 200: PageEnvelope(BlockRow) } },
  }, async (req) => {
    const { rows, total } = await listBlocks(db, req.ctx, req.query);
    return page(req, rows, total);
  });

  r.post('/api/block/create', {
    config: { permission: P.fieldEdit },
    schema: { tags: btags, summary: 'Adds a block: inside the field, within one tier, a unique name, no overlap', body: BlockCreate, response: { 200: Envelope(BlockRow) } },
  }, async (req) => ok(req, await createBlock(db, req.ctx, req.body)));

  r.put('/api/block/update', {
    config: { permission: P.fieldEdit },
    schema: { tags: btags, summary: 'Updates a block', body: BlockUpdate, response: { 200: Envelope(BlockRow) } },
  }, async (req) => ok(req, await updateBlock(db, req.ctx, req.body)));

  r.put('/api/block/save', {
    config: { permission: P.fieldEdit },
    schema: { tags: btags, summary: 'Replaces all blocks of a field (at most the maximum block count)', body: BlockSave, response: { 200: Updated } },
  }, async (req) => ok(req, { updated: await saveBlocks(db, req.ctx, req.body.fieldId, req.body.blocks) }));

  r.post('/api/block/generate', {
    config: { permission: P.fieldEdit },
    schema: { tags: btags, summary: 'Tiles the field with blocks of a size, tier by tier (replaces its blocks)', body: BlockGenerate, response: { 200: Updated } },
  }, async (req) => ok(req, { updated: await generateBlocks(db, req.ctx, req.body) }));

  r.delete('/api/block/:id', {
    config: { permission: P.fieldEdit },
    schema: { tags: btags, summary: 'Deletes a block', params: IdParam, response: { 200: EmptyEnvelope } },
  }, async (req) => {
    await deleteBlock(db, req.ctx, req.params.id);
    return ok(req, null);
  });
}
