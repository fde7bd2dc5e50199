import type { FastifyInstance } from 'fastify';
import { doeApi, doePermissions as P } from '@breedwise/contracts/doe';
import { requirePermission } from '../../../platform/context';
import { notFound } from '../../../platform/errors';
import { registerEndpoints } from '../../../platform/endpoints';
import { contentDisposition } from '../../common';
import { checkDesign } from './design';
import {
  addSite,
  changeStatus,
  createExperiment,
  deleteExperiment,
  designInput,
  entriesFromList,
  experimentEntries,
  experimentOptions,
  experimentsOnField,
  experimentPlots,
  experimentPlotsJson,
  experimentSites,
  experimentStatistics,
  getExperiment,
  getExperimentDetail,
  listExperiments,
  previewDesign,
  removeSite,
  requireFreePlots,
  saveEntries,
  updateExperiment,
} from './experiment.service';
import { fieldBookCsv, fieldBookXlsx, fieldMapPdf } from './fieldbook';
import { LAYOUT_JOB, createLayoutTask } from './layout.job';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The experiment endpoints: handlers of the definitions in `@breedwise/contracts/doe` (experiment). */
export function experimentRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, doeApi.resources.experiment, {
    page: (req) => listExperiments(db, req.ctx, req.query),
    detail: (req) => getExperimentDetail(db, req.ctx, req.params.id),
    options: (req) => experimentOptions(db, req.ctx, req.query),
    onField: (req) => experimentsOnField(db, req.ctx, req.params.id),
    statistics: (req) => experimentStatistics(db, req.ctx),
    create: (req) => createExperiment(db, req.ctx, req.body),
    update: (req) => updateExperiment(db, req.ctx, req.body),
    status: (req) => {
      if (req.body.action === 'push') requirePermission(req.ctx, P.experimentPush);
      return changeStatus(db, req.ctx, req.body.id, req.body.action);
    },
    entries: (req) => experimentEntries(db, req.ctx, req.params.id),
    saveEntries: (req) => saveEntries(db, req.ctx, req.body.id, req.body.entries),
    entriesFromList: (req) => entriesFromList(db, req.ctx, req.body.id, req.body.listId),
    preview: (req) => previewDesign(db, req.ctx, req.body),
    design: async (req) => {
      const { input, row, site } = await designInput(db, req.ctx, req.body);
      checkDesign(input);
      // Over-booking is refused before the task starts (and re-checked when the job saves).
      await requireFreePlots(db, req.ctx, row, site, req.body);
      const taskId = await createLayoutTask(db, req.ctx, req.body, `${row.name} (${row.code}): ${req.body.planName}`);
      await app.jobs.enqueue(LAYOUT_JOB, taskId);
      return { taskId };
    },
    addSite: (req) => addSite(db, req.ctx, req.body),
    removeSite: async (req) => {
      await removeSite(db, req.ctx, req.params.id);
      return null;
    },
    plots: (req) => experimentPlotsJson(db, req.ctx, req.params.id, req.query.siteId),
    fieldbook: async (req, reply) => {
      const exp = await getExperiment(db, req.ctx, req.params.id);
      const plots = await experimentPlots(db, req.ctx, exp.id);
      const entries = new Map((await experimentEntries(db, req.ctx, exp.id)).map((e) => [e.entryNo, e]));
      const sites = await experimentSites(db, exp.id);
      const base = `${exp.code}-fieldbook`;
      if (req.query.format === 'csv') {
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', contentDisposition(`${base}.csv`, false))
          .send(fieldBookCsv(exp, plots, entries, sites, req.locale));
      }
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', contentDisposition(`${base}.xlsx`, false))
        .send(await fieldBookXlsx(exp, plots, entries, req.locale, sites));
    },
    map: async (req, reply) => {
      const exp = await getExperiment(db, req.ctx, req.params.id);
      const sites = await experimentSites(db, exp.id);
      const site = req.query.siteId ? sites.find((s) => s.id === req.query.siteId) : sites[0];
      if (req.query.siteId && !site) throw notFound();
      const plots = site ? await experimentPlots(db, req.ctx, exp.id, site.id) : [];
      const place = site ? { ...exp, locationName: site.locationName, fieldName: site.fieldName, seed: site.design?.seed ?? exp.seed } : exp;
      const pdf = await fieldMapPdf(place, plots, { paper: req.query.paper, locale: req.locale });
      const suffix = site && site.seq > 1 ? `-L${site.seq}` : '';
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(`${exp.code}${suffix}-map.pdf`, false))
        .send(pdf);
    },
    remove: async (req) => {
      await deleteExperiment(db, req.ctx, req.params.id);
      return null;
    },
  });
}
