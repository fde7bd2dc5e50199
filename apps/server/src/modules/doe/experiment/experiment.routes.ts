import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, asc, desc, ilike, or } from 'drizzle-orm';
import {
  DesignParams, DesignPreview, DesignSave, EmptyEnvelope, Envelope, ExperimentCreate, ExperimentDetail, ExperimentEntriesFromList, ExperimentEntriesSave,
  ExperimentEntryRow, ExperimentPageQuery, ExperimentRow, ExperimentStatistics, ExperimentStatusUpdate, ExperimentUpdate, FieldBookQuery, FieldMapQuery,
  IdParam, NamedOption, OptionQuery, PageEnvelope, Permissions, PlotRow, ExportStarted,
} from '@breedwise/contracts';
import { requirePermission } from '../../../platform/context';
import { ok, page } from '../../../platform/reply';
import { likePattern } from '../../../platform/pagination';
import { contentDisposition } from '../../common/file.service';
import { inCrop } from '../shared';
import { checkDesign } from './design';
import {
  changeStatus, createExperiment, deleteExperiment, designInput, entriesFromList, experimentEntries, experimentPlots, experimentStatistics,
  getExperiment, getExperimentDetail, listExperiments, previewDesign, saveEntries, updateExperiment,
} from './experiment.service';
import { doeExperiment } from './experiment.tables';
import { fieldBookCsv, fieldBookXlsx, fieldMapPdf } from './fieldbook';
import { LAYOUT_JOB, createLayoutTask } from './layout.job';

const P = Permissions.doe;

export async function experimentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const tags = ['doe: experiments'];

  r.get('/api/experiment/page', {
    config: { permission: P.experimentList },
    schema: { tags, summary: 'Experiments of the current crop, paged and filtered; the summary totals their plots', querystring: ExperimentPageQuery, response: { 200: PageEnvelope(ExperimentRow) } },
  }, async (req) => {
    const { rows, total, summary } = await listExperiments(db, req.ctx, req.query);
    return page(req, rows, total, summary);
  });

  r.get('/api/experiment/detail/:id', {
    config: { permission: P.experimentList },
    schema: { tags, summary: 'One experiment with its saved design and the actions the caller may take next', params: IdParam, response: { 200: Envelope(ExperimentDetail) } },
  }, async (req) => ok(req, await getExperimentDetail(db, req.ctx, req.params.id)));

  r.get('/api/experiment/options', {
    config: { permission: P.experimentList },
    schema: { tags, summary: 'Experiments of the current crop for pickers, newest first', querystring: OptionQuery, response: { 200: Envelope(z.array(NamedOption)) } },
  }, async (req) => ok(req, await db.select({ id: doeExperiment.id, name: doeExperiment.name, code: doeExperiment.code }).from(doeExperiment)
    .where(and(inCrop(doeExperiment, req.ctx), req.query.keyword ? or(ilike(doeExperiment.name, likePattern(req.query.keyword)), ilike(doeExperiment.code, likePattern(req.query.keyword))) : undefined))
    .orderBy(desc(doeExperiment.year), asc(doeExperiment.code)).limit(req.query.limit)));

  r.get('/api/experiment/statistics', {
    config: { permission: P.experimentList },
    schema: { tags, summary: 'Experiments over the recent five seasons, five years and twelve months (dashboard)', response: { 200: Envelope(ExperimentStatistics) } },
  }, async (req) => ok(req, await experimentStatistics(db, req.ctx)));

  r.post('/api/experiment/create', {
    config: { permission: P.experimentAdd },
    schema: { tags, summary: 'Creates an experiment in temporary storage', body: ExperimentCreate, response: { 200: Envelope(ExperimentRow) } },
  }, async (req) => ok(req, await createExperiment(db, req.ctx, req.body)));

  r.put('/api/experiment/update', {
    config: { permission: P.experimentEdit },
    schema: { tags, summary: 'Updates an experiment; refused once pushed (locked), and location, field and code are fixed once designed', body: ExperimentUpdate, response: { 200: Envelope(ExperimentRow) } },
  }, async (req) => ok(req, await updateExperiment(db, req.ctx, req.body)));

  r.put('/api/experiment/status', {
    config: { permission: P.experimentStatus },
    schema: {
      tags, summary: 'State transitions: reset (designed -> temporary), finish (designed -> finished), reopen (finished -> designed), harvest (finished -> harvested), push (locks the experiment; needs doe:experiment:push)',
      body: ExperimentStatusUpdate, response: { 200: Envelope(ExperimentRow) },
    },
  }, async (req) => {
    if (req.body.action === 'push') requirePermission(req.ctx, P.experimentPush);
    return ok(req, await changeStatus(db, req.ctx, req.body.id, req.body.action));
  });

  r.get('/api/experiment/entries/:id', {
    config: { permission: P.experimentList },
    schema: { tags, summary: 'Entries of an experiment in entry order', params: IdParam, response: { 200: Envelope(z.array(ExperimentEntryRow)) } },
  }, async (req) => ok(req, await experimentEntries(db, req.ctx, req.params.id)));

  r.put('/api/experiment/entries', {
    config: { permission: P.experimentEdit },
    schema: { tags, summary: 'Replaces the entries (only in temporary storage); checks are the core controls', body: ExperimentEntriesSave, response: { 200: Envelope(z.array(ExperimentEntryRow)) } },
  }, async (req) => ok(req, await saveEntries(db, req.ctx, req.body.id, req.body.entries)));

  r.post('/api/experiment/entries/fromList', {
    config: { permission: P.experimentEdit },
    schema: { tags, summary: 'Takes the entries of a planting list (its checks become core controls)', body: ExperimentEntriesFromList, response: { 200: Envelope(z.array(ExperimentEntryRow)) } },
  }, async (req) => ok(req, await entriesFromList(db, req.ctx, req.body.id, req.body.listId)));

  r.post('/api/experiment/preview', {
    config: { permission: P.experimentDesign },
    schema: { tags, summary: 'Generates a layout without saving it; without a seed a new one is drawn (re-randomise)', body: DesignParams, response: { 200: Envelope(DesignPreview) } },
  }, async (req) => ok(req, await previewDesign(db, req.ctx, req.body)));

  r.post('/api/experiment/design', {
    config: { permission: P.experimentDesign },
    schema: { tags, summary: 'Saves the previewed layout (same seed) as a task with progress; the experiment becomes designed', body: DesignSave, response: { 200: Envelope(ExportStarted) } },
  }, async (req) => {
    const { input, row } = await designInput(db, req.ctx, req.body);
    checkDesign(input);
    const taskId = await createLayoutTask(db, req.ctx, req.body, `${row.name} (${row.code}): ${req.body.planName}`);
    await app.jobs.enqueue(LAYOUT_JOB, taskId);
    return ok(req, { taskId });
  });

  r.get('/api/experiment/plots/:id', {
    config: { permission: P.experimentList },
    schema: { tags, summary: 'The saved layout: every plot in planting order', params: IdParam, response: { 200: Envelope(z.array(PlotRow)) } },
  }, async (req) => ok(req, await experimentPlots(db, req.ctx, req.params.id)));

  r.get('/api/experiment/fieldbook/:id', {
    config: { permission: P.experimentExport },
    schema: { tags, summary: 'The field book: xlsx (with trait columns) or the Field Book app CSV (unique plot_id)', params: IdParam, querystring: FieldBookQuery },
  }, async (req, reply) => {
    const exp = await getExperiment(db, req.ctx, req.params.id);
    const plots = await experimentPlots(db, req.ctx, exp.id);
    const entries = new Map((await experimentEntries(db, req.ctx, exp.id)).map((e) => [e.entryNo, e]));
    const base = `${exp.code}-fieldbook`;
    if (req.query.format === 'csv') {
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', contentDisposition(`${base}.csv`, false)).send(fieldBookCsv(exp, plots, entries));
    }
    return reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', contentDisposition(`${base}.xlsx`, false)).send(await fieldBookXlsx(exp, plots, entries, req.locale));
  });

  r.get('/api/experiment/map/:id', {
    config: { permission: P.experimentExport },
    schema: { tags, summary: 'The field map for printing (PDF, landscape A3 or A4, paged when larger)', params: IdParam, querystring: FieldMapQuery },
  }, async (req, reply) => {
    const exp = await getExperiment(db, req.ctx, req.params.id);
    const plots = await experimentPlots(db, req.ctx, exp.id);
    const pdf = await fieldMapPdf(exp, plots, { paper: req.query.paper, locale: req.locale });
    return reply.header('content-type', 'application/pdf').header('content-disposition', contentDisposition(`${exp.code}-map.pdf`, false)).send(pdf);
  });

  r.delete('/api/experiment/:id', {
    config: { permission: P.experimentRemove },
    schema: { tags, summary: 'Deletes an experiment in temporary storage or designed, not pushed', params: IdParam, response: { 200: EmptyEnvelope } },
  }, async (req) => {
    await deleteExperiment(db, req.ctx, req.params.id);
    return ok(req, null);
  });

}
