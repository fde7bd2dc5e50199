import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EmptyEnvelope, Envelope, ExportStarted, HarvestEntriesUpdate, HarvestEntryPageQuery, HarvestEntryRow, HarvestGenerate, HarvestListRow, HarvestListUpdate,
  HarvestPageQuery, IdParam, PageEnvelope, Permissions,
} from '@breedwise/contracts';
import { ok, page } from '../../../platform/reply';
import { createTask } from '../../common';
import { buildWorkbook } from '../../common/io/xlsx';
import { contentDisposition } from '../../common/file.service';
import { requireCropWrite } from '../../../platform/context';
import {
  allHarvestEntries, checkHarvestable, deleteHarvestList, getHarvestList, listHarvestEntries, listHarvestLists, updateHarvestEntries, updateHarvestList,
} from './harvest.service';
import { HARVEST_JOB } from './harvest.job';

const P = Permissions.doe;

export async function harvestRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const tags = ['doe: harvest lists'];

  r.get('/api/harvest/page', {
    config: { permission: P.harvestList },
    schema: { tags, summary: 'Harvest lists of experiments of the current crop', querystring: HarvestPageQuery, response: { 200: PageEnvelope(HarvestListRow) } },
  }, async (req) => {
    const { rows, total } = await listHarvestLists(db, req.ctx, req.query);
    return page(req, rows, total);
  });

  r.get('/api/harvest/detail/:id', {
    config: { permission: P.harvestList },
    schema: { tags, summary: 'One harvest list', params: IdParam, response: { 200: Envelope(HarvestListRow) } },
  }, async (req) => ok(req, await getHarvestList(db, req.ctx, req.params.id)));

  r.get('/api/harvest/entries', {
    config: { permission: P.harvestList },
    schema: { tags, summary: 'Lines of a harvest list in plot order; the summary totals weight and seeds', querystring: HarvestEntryPageQuery, response: { 200: PageEnvelope(HarvestEntryRow) } },
  }, async (req) => {
    const { rows, total, summary } = await listHarvestEntries(db, req.ctx, req.query);
    return page(req, rows, total, summary);
  });

  r.post('/api/harvest/generate', {
    config: { permission: P.harvestGenerate },
    schema: { tags, summary: 'Generates a harvest list from a finished experiment as a task (the experiment becomes harvested)', body: HarvestGenerate, response: { 200: Envelope(ExportStarted) } },
  }, async (req) => {
    requireCropWrite(req.ctx);
    const exp = await checkHarvestable(db, req.ctx, req.body.experimentId);
    const taskId = await createTask(db, req.ctx, { module: 'doe', type: HARVEST_JOB, title: `${exp.name} (${exp.code}): ${req.body.name}`, input: { params: req.body, locale: req.locale, cropId: req.ctx.cropId } });
    await app.jobs.enqueue(HARVEST_JOB, taskId);
    return ok(req, { taskId });
  });

  r.put('/api/harvest/update', {
    config: { permission: P.harvestEdit },
    schema: { tags, summary: 'Renames a harvest list, sets its date and remark', body: HarvestListUpdate, response: { 200: Envelope(HarvestListRow) } },
  }, async (req) => ok(req, await updateHarvestList(db, req.ctx, req.body)));

  r.put('/api/harvest/entries', {
    config: { permission: P.harvestEdit },
    schema: { tags, summary: 'Records weights, seed counts and remarks (all lines or none)', body: HarvestEntriesUpdate, response: { 200: Envelope(z.object({ updated: z.number().int() })) } },
  }, async (req) => ok(req, { updated: await updateHarvestEntries(db, req.ctx, req.body) }));

  r.get('/api/harvest/export/:id', {
    config: { permission: P.harvestList },
    schema: { tags, summary: 'A harvest list as xlsx (harvest labels, weights)', params: IdParam },
  }, async (req, reply) => {
    const list = await getHarvestList(db, req.ctx, req.params.id);
    const rows = await allHarvestEntries(db, req.ctx, list.id);
    const en = req.locale === 'en';
    const buffer = await buildWorkbook([{
      name: en ? 'Harvest' : '收获清单',
      columns: [
        { header: en ? 'Harvest number' : '收获编号', key: 'harvestNumber', width: 20 }, { header: en ? 'Plot id' : '小区标识', key: 'plotId', width: 20 },
        { header: en ? 'Plot' : '小区号', key: 'plotNumber' }, { header: en ? 'Entry' : '材料编号', key: 'entryNo' },
        { header: en ? 'Material' : '材料名称', key: 'materialName', width: 20 }, { header: en ? 'Generation' : '世代', key: 'generation' },
        { header: en ? 'Pedigree' : '系谱', key: 'pedigree', width: 24 }, { header: en ? 'Rep' : '重复', key: 'rep' },
        { header: en ? 'Weight (g)' : '重量（克）', key: 'weight' }, { header: en ? 'Seeds' : '粒数', key: 'seedCount' }, { header: en ? 'Remark' : '备注', key: 'remark', width: 24 },
      ],
      rows,
    }]);
    return reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', contentDisposition(`${list.experimentCode}-${list.name}.xlsx`, false)).send(buffer);
  });

  r.delete('/api/harvest/:id', {
    config: { permission: P.harvestRemove },
    schema: { tags, summary: 'Deletes a harvest list', params: IdParam, response: { 200: EmptyEnvelope } },
  }, async (req) => {
    await deleteHarvestList(db, req.ctx, req.params.id);
    return ok(req, null);
  });
}
