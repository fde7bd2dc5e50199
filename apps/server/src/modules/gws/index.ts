import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BuildListData, Envelope, SetBuildBody } from '@breedwise/contracts';
import { ok } from '../../platform/reply';
import { buildList, setCurrentBuild } from '../system';

/**
 * Genome build selection for the genomic pages (spec: gws getBuildList, changeBuild/setCurrentBuildId),
 * mounted at /api/gs. Builds themselves are defined per crop under /api/system/crop.
 */
export async function gwsModule(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const tags = ['gs: genome builds'];
  r.get('/api/gws/getBuildList', {
    schema: { tags, summary: 'Genome builds of the current crop and my current one', response: { 200: Envelope(BuildListData) } },
  }, async (req) => ok(req, await buildList(db, req.ctx)));
  r.post('/api/gws/changeBuild/setCurrentBuildId', {
    schema: { tags, summary: 'Chooses my genome build for the current crop (form-encoded currentBuildId)', body: SetBuildBody, response: { 200: Envelope(BuildListData) } },
  }, async (req) => ok(req, await setCurrentBuild(db, req.ctx, req.body.currentBuildId)));
}
