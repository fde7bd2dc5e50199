import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ActivityCategoryCreate, ActivityCategoryPageQuery, ActivityCategoryRow, ActivityCategoryUpdate, ActivityRecordCreate, ActivityRecordPageQuery,
  ActivityRecordRow, ActivityRecordUpdate, EmptyEnvelope, Envelope, IdParam, PageEnvelope, Permissions, StatusUpdate,
} from '@breedwise/contracts';
import { ok, page } from '../../../platform/reply';
import {
  createCategory, createRecord, deleteCategory, deleteRecord, getRecord, listCategories, listRecords, setCategoryStatus, updateCategory, updateRecord,
} from './activity.service';

const P = Permissions.doe;

export async function activityRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const tags = ['doe: activities'];

  r.get('/api/activityCategory/page', {
    config: { permission: P.activityList },
    schema: { tags, summary: 'Activity categories of the organisation in their order', querystring: ActivityCategoryPageQuery, response: { 200: PageEnvelope(ActivityCategoryRow) } },
  }, async (req) => {
    const { rows, total } = await listCategories(db, req.ctx, req.query);
    return page(req, rows, total);
  });
  r.post('/api/activityCategory/create', {
    config: { permission: P.activityCategory },
    schema: { tags, summary: 'Creates an activity category (names unique)', body: ActivityCategoryCreate, response: { 200: Envelope(ActivityCategoryRow) } },
  }, async (req) => ok(req, await createCategory(db, req.ctx, req.body)));
  r.put('/api/activityCategory/update', {
    config: { permission: P.activityCategory },
    schema: { tags, summary: 'Updates an activity category', body: ActivityCategoryUpdate, response: { 200: Envelope(ActivityCategoryRow) } },
  }, async (req) => ok(req, await updateCategory(db, req.ctx, req.body)));
  r.put('/api/activityCategory/status', {
    config: { permission: P.activityCategory },
    schema: { tags, summary: 'Enables or disables categories (all or none)', body: StatusUpdate, response: { 200: Envelope(z.object({ updated: z.number().int() })) } },
  }, async (req) => ok(req, { updated: await setCategoryStatus(db, req.ctx, req.body) }));
  r.delete('/api/activityCategory/:id', {
    config: { permission: P.activityCategory },
    schema: { tags, summary: 'Deletes a category without records', params: IdParam, response: { 200: EmptyEnvelope } },
  }, async (req) => {
    await deleteCategory(db, req.ctx, req.params.id);
    return ok(req, null);
  });

  r.get('/api/activityRecord/page', {
    config: { permission: P.activityList },
    schema: { tags, summary: 'Activity records of the current crop; the summary totals their cost', querystring: ActivityRecordPageQuery, response: { 200: PageEnvelope(ActivityRecordRow) } },
  }, async (req) => {
    const { rows, total, summary } = await listRecords(db, req.ctx, req.query);
    return page(req, rows, total, summary);
  });
  r.get('/api/activityRecord/detail/:id', {
    config: { permission: P.activityList },
    schema: { tags, summary: 'One activity record with signed links to its attachments', params: IdParam, response: { 200: Envelope(ActivityRecordRow) } },
  }, async (req) => ok(req, await getRecord(db, req.ctx, req.params.id)));
  r.post('/api/activityRecord/create', {
    config: { permission: P.activityAdd },
    schema: { tags, summary: 'Records an activity', body: ActivityRecordCreate, response: { 200: Envelope(ActivityRecordRow) } },
  }, async (req) => ok(req, await createRecord(db, req.ctx, req.body)));
  r.put('/api/activityRecord/update', {
    config: { permission: P.activityEdit },
    schema: { tags, summary: 'Updates an activity record', body: ActivityRecordUpdate, response: { 200: Envelope(ActivityRecordRow) } },
  }, async (req) => ok(req, await updateRecord(db, req.ctx, req.body)));
  r.delete('/api/activityRecord/:id', {
    config: { permission: P.activityRemove },
    schema: { tags, summary: 'Deletes an activity record', params: IdParam, response: { 200: EmptyEnvelope } },
  }, async (req) => {
    await deleteRecord(db, req.ctx, req.params.id);
    return ok(req, null);
  });
}
