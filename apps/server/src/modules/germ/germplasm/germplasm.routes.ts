import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EmptyEnvelope, Envelope, GermplasmCreate, GermplasmDetail, GermplasmOption, GermplasmOptionQuery, GermplasmPageQuery, GermplasmRow,
  GermplasmUpdate, IdParam, PageEnvelope, Permissions, PedigreeCheck, PedigreeCheckResult, PedigreeGraph, PedigreeQuery,
  TraitCreate, TraitGroup, TraitGroupParams, TraitRow, TraitUpdate, TraitValuesSave,
} from '@breedwise/contracts';
import { ok, page } from '../../../platform/reply';
import { ctxOf } from '../scope';
import { registerResourceIo } from '../../common';
import {
  checkPedigree, createGermplasm, deleteGermplasm, germplasmOptions, getGermplasm, listGermplasm, pedigreeGraph, updateGermplasm,
} from './germplasm.service';
import { createTrait, deleteTrait, listTraits, saveTraitValues, traitGroups, updateTrait } from './trait.service';
import { germplasmIo } from './germplasm.io';

const P = Permissions.germ;

export async function germplasmRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const tags = ['germ: germplasm'];

  r.get('/api/germplasm/page', {
    config: { permission: P.germplasmList },
    schema: { tags, summary: 'Germplasm of the current crop, paged, sorted and filtered (keyword: accession, name, synonyms, pedigree)', querystring: GermplasmPageQuery, response: { 200: PageEnvelope(GermplasmRow) } },
  }, async (req) => {
    const { rows, total } = await listGermplasm(db, ctxOf(req), req.query);
    return page(req, rows, total);
  });

  r.get('/api/germplasm/options', {
    config: { permission: P.germplasmList },
    schema: { tags, summary: 'Germplasm for pickers: by keyword (accession or name) or by ids', querystring: GermplasmOptionQuery, response: { 200: Envelope(z.array(GermplasmOption)) } },
  }, async (req) => ok(req, await germplasmOptions(db, ctxOf(req), req.query)));

  r.get('/api/germplasm/detail/:id', {
    config: { permission: P.germplasmQuery },
    schema: { tags, summary: 'One germplasm with attributes, images, documents and the pedigree written from its parents', params: IdParam, response: { 200: Envelope(GermplasmDetail) } },
  }, async (req) => ok(req, await getGermplasm(db, ctxOf(req), req.params.id)));

  r.get('/api/germplasm/pedigree/:id', {
    config: { permission: P.germplasmQuery },
    schema: { tags, summary: 'Ancestry graph (nodes, female/male edges) to a depth, the generated Purdy string, and the direct offspring', params: IdParam, querystring: PedigreeQuery, response: { 200: Envelope(PedigreeGraph) } },
  }, async (req) => ok(req, await pedigreeGraph(db, ctxOf(req), req.params.id, req.query.depth)));

  r.post('/api/germplasm/pedigree/check', {
    config: { permission: P.germplasmList },
    schema: { tags, summary: 'Checks a Purdy string (error with position), writes it canonically and finds the records its names refer to', body: PedigreeCheck, response: { 200: Envelope(PedigreeCheckResult) } },
  }, async (req) => ok(req, await checkPedigree(db, ctxOf(req), req.body.text)));

  r.post('/api/germplasm/create', {
    config: { permission: P.germplasmAdd },
    schema: { tags, summary: 'Registers a germplasm; the accession number is unique in the crop; parents must not form a cycle', body: GermplasmCreate, response: { 200: Envelope(GermplasmDetail) } },
  }, async (req) => ok(req, await createGermplasm(db, ctxOf(req), req.body)));

  r.put('/api/germplasm/update', {
    config: { permission: P.germplasmEdit },
    schema: { tags, summary: 'Updates a germplasm', body: GermplasmUpdate, response: { 200: Envelope(GermplasmDetail) } },
  }, async (req) => ok(req, await updateGermplasm(db, ctxOf(req), req.body)));

  r.put('/api/germplasm/traits', {
    config: { permission: P.germplasmEdit },
    schema: { tags, summary: 'Saves trait values of one germplasm (empty clears a value)', body: TraitValuesSave, response: { 200: EmptyEnvelope } },
  }, async (req) => {
    await saveTraitValues(db, ctxOf(req), req.body);
    return ok(req, null);
  });

  registerResourceIo(app, germplasmIo);

  r.delete('/api/germplasm/:id', {
    config: { permission: P.germplasmRemove },
    schema: { tags, summary: 'Deletes a germplasm without lots or offspring', params: IdParam, response: { 200: EmptyEnvelope } },
  }, async (req) => {
    await deleteGermplasm(db, ctxOf(req), req.params.id);
    return ok(req, null);
  });

  r.get('/front/germplasm/traitGroup/list/:germplasmId/:group', {
    config: { permission: P.germplasmQuery },
    schema: { tags, summary: 'Trait groups of the crop with the values of one germplasm; group `all` for every group', params: TraitGroupParams, response: { 200: Envelope(z.array(TraitGroup)) } },
  }, async (req) => ok(req, await traitGroups(db, ctxOf(req), req.params.germplasmId, req.params.group)));

  const traitTags = ['germ: traits'];
  r.get('/api/trait/list', {
    config: { permission: P.germplasmList },
    schema: { tags: traitTags, summary: 'Trait descriptors of the current crop', response: { 200: Envelope(z.array(TraitRow)) } },
  }, async (req) => ok(req, await listTraits(db, ctxOf(req))));
  r.post('/api/trait/create', {
    config: { permission: P.traitEdit },
    schema: { tags: traitTags, summary: 'Adds a trait descriptor', body: TraitCreate, response: { 200: Envelope(TraitRow) } },
  }, async (req) => ok(req, await createTrait(db, ctxOf(req), req.body)));
  r.put('/api/trait/update', {
    config: { permission: P.traitEdit },
    schema: { tags: traitTags, summary: 'Updates a trait descriptor', body: TraitUpdate, response: { 200: Envelope(TraitRow) } },
  }, async (req) => ok(req, await updateTrait(db, ctxOf(req), req.body)));
  r.delete('/api/trait/:id', {
    config: { permission: P.traitEdit },
    schema: { tags: traitTags, summary: 'Deletes a trait descriptor and its values', params: IdParam, response: { 200: EmptyEnvelope } },
  }, async (req) => {
    await deleteTrait(db, ctxOf(req), req.params.id);
    return ok(req, null);
  });
}
