import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EmptyEnvelope, Envelope, GermDesignCreate, GermDesignDetail, GermDesignPageQuery, GermDesignPlots, GermDesignRow, GermDesignUpdate, IdParam,
  PageEnvelope, Permissions,
} from '@breedwise/contracts';
import { ok, page } from '../../../platform/reply';
import {
  createGermDesign, deleteGermDesign, generateGermDesign, germDesignPlots, getGermDesign, listGermDesigns, resetGermDesign, updateGermDesign,
} from './germ-design.service';

const P = Permissions.doe;

export async function germDesignRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const tags = ['doe: germplasm and nursery designs'];

  r.get('/api/germDesign/page', {
    config: { permission: P.germDesignList },
    schema: { tags, summary: 'Germplasm nursery and nursery design plans of the current crop', querystring: GermDesignPageQuery, response: { 200: PageEnvelope(GermDesignRow) } },
  }, async (req) => {
    const { rows, total } = await listGermDesigns(db, req.ctx, req.query);
    return page(req, rows, total);
  });

  r.get('/api/germDesign/detail/:id', {
    config: { permission: P.germDesignList },
    schema: { tags, summary: 'One plan with its designs', params: IdParam, response: { 200: Envelope(GermDesignDetail) } },
  }, async (req) => ok(req, await getGermDesign(db, req.ctx, req.params.id)));

  r.get('/api/germDesign/plots/:id', {
    config: { permission: P.germDesignList },
    schema: { tags, summary: 'The generated plots of every design of a plan', params: IdParam, response: { 200: Envelope(z.array(GermDesignPlots)) } },
  }, async (req) => ok(req, await germDesignPlots(db, req.ctx, req.params.id)));

  r.post('/api/germDesign/create', {
    config: { permission: P.germDesignAdd },
    schema: { tags, summary: 'Creates a plan: a name and at least one design, each with a location', body: GermDesignCreate, response: { 200: Envelope(GermDesignDetail) } },
  }, async (req) => ok(req, await createGermDesign(db, req.ctx, req.body)));

  r.put('/api/germDesign/update', {
    config: { permission: P.germDesignEdit },
    schema: { tags, summary: 'Updates a plan in temporary storage', body: GermDesignUpdate, response: { 200: Envelope(GermDesignDetail) } },
  }, async (req) => ok(req, await updateGermDesign(db, req.ctx, req.body)));

  r.post('/api/germDesign/generate/:id', {
    config: { permission: P.germDesignEdit },
    schema: { tags, summary: 'Lays out every design in entry order (checks inserted when set); the plan becomes designed', params: IdParam, response: { 200: Envelope(GermDesignDetail) } },
  }, async (req) => ok(req, await generateGermDesign(db, req.ctx, req.params.id)));

  r.post('/api/germDesign/reset/:id', {
    config: { permission: P.germDesignEdit },
    schema: { tags, summary: 'Drops the generated layout; the plan returns to temporary storage', params: IdParam, response: { 200: Envelope(GermDesignDetail) } },
  }, async (req) => ok(req, await resetGermDesign(db, req.ctx, req.params.id)));

  r.delete('/api/germDesign/:id', {
    config: { permission: P.germDesignRemove },
    schema: { tags, summary: 'Deletes a plan', params: IdParam, response: { 200: EmptyEnvelope } },
  }, async (req) => {
    await deleteGermDesign(db, req.ctx, req.params.id);
    return ok(req, null);
  });
}
