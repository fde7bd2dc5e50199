import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CropParam, CropStatistic, CropTypeStatistic, Envelope, FiveYearStatistic, InventoryStatistic, LabelRequest, MyTodoStatistic, Permissions,
  RecentYearStatistic, type LabelLayout,
} from '@breedwise/contracts';
import { ok } from '../../../platform/reply';
import { ctxOf } from '../scope';
import { contentDisposition } from '../../common/file.service';
import { myTodo } from '../document/document.service';
import { labelPdf } from '../label/label.service';
import { cropStatistic, cropTypeStatistic, fiveYearStatistic, inventoryStatistic, recentYearStatistic } from './statistics.service';

const P = Permissions.germ;

export async function statisticsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const tags = ['germ: statistics'];
  const config = { permission: P.statisticsView };

  r.get('/api/statistics/cropTypeStatistic/:crop', {
    config,
    schema: { tags, summary: 'Accessions of a crop by germplasm type', params: CropParam, response: { 200: Envelope(CropTypeStatistic) } },
  }, async (req) => ok(req, await cropTypeStatistic(db, ctxOf(req), req.params.crop)));
  r.get('/api/statistics/fiveYearStatistic', {
    config,
    schema: { tags, summary: 'The last five years: accessions introduced, lots created, approved inbound and outbound documents', response: { 200: Envelope(FiveYearStatistic) } },
  }, async (req) => ok(req, await fiveYearStatistic(db, ctxOf(req))));
  r.get('/api/statistics/inRecentYear', {
    config,
    schema: { tags, summary: 'The last twelve months: ledger movements by kind', response: { 200: Envelope(RecentYearStatistic) } },
  }, async (req) => ok(req, await recentYearStatistic(db, ctxOf(req))));
  r.get('/api/statistics/cropStatistic', {
    config,
    schema: { tags, summary: 'Accessions and lots per crop of the organisation', response: { 200: Envelope(CropStatistic) } },
  }, async (req) => ok(req, await cropStatistic(db, ctxOf(req))));
  r.get('/api/statistics/inventoryStatistic', {
    config,
    schema: { tags, summary: 'Stock of the current crop: lots, empty lots, quantities by unit and by warehouse', response: { 200: Envelope(InventoryStatistic) } },
  }, async (req) => ok(req, await inventoryStatistic(db, ctxOf(req))));

  r.get('/common/my-todo-statistic', {
    schema: { tags: ['germ: dashboard'], summary: 'Documents waiting for the caller’s approval, per kind the caller may approve (kinds without the right are absent)', response: { 200: Envelope(MyTodoStatistic) } },
  }, async (req) => ok(req, await myTodo(db, ctxOf(req))));

  r.post('/api/label/pdf', {
    config: { permission: P.labelPrint },
    schema: { tags: ['germ: labels'], summary: 'A4 sheets of labels (PDF) for lots or germplasm: chosen fields, QR code and/or Code 128 carrying the lot or accession number', body: LabelRequest },
  }, async (req, reply) => {
    const body = req.body as { target: 'lot' | 'germplasm'; ids: number[]; fields: string[]; code: 'qr' | 'code128' | 'both'; layout: LabelLayout; copies: number };
    const pdf = await labelPdf(db, ctxOf(req), body);
    return reply.header('content-type', 'application/pdf').header('content-disposition', contentDisposition(`labels-${new Date().toISOString().slice(0, 10)}.pdf`, true)).send(pdf);
  });
}
