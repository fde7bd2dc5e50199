import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { GsError, parseCsvTable } from '@breedwise/genomics';
import { gsApi } from '@breedwise/contracts/gs';
import { requireOrg } from '../../../platform/context';
import { registerEndpoints, type EndpointRequest } from '../../../platform/endpoints';
import { AppError } from '../../../platform/errors';
import { receiveToTemp } from '../../../platform/files/receive';
import { contentDisposition } from '../../common';
import { gsRefusal, workDir } from '../gs-files';
import {
  GS_GCA_JOB,
  checkGcaFixed,
  createGcaTask,
  gcaColumns,
  deleteGcaTask,
  gcaData,
  gcaFigure,
  gcaPredictionResult,
  gcaResultCsv,
  getGcaRow,
  hgTemplateCsv,
  importHgTemplate,
  listGcaTasks,
  resetGcaTask,
} from './hybrid.service';

const TEMPLATE_MAX_BYTES = 30 * 1024 ** 2;

/** Hybrid prediction (spec 7, /gs api/predict): the handlers of `gsApi.resources.hybrid`. */
export function hybridRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const files = { db, storage: app.storage, dataDir: app.config.dataDir };

  /** import-hg-template: the filled hybrid template as a CSV `file` (columns female and male). */
  const importTemplate = async (req: EndpointRequest<typeof gsApi.resources.hybrid.importHgTemplate>) => {
    requireOrg(req.ctx);
    if (!req.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', { type: req.headers['content-type'] ?? '' });
    const w = await workDir(app.config.dataDir);
    try {
      let staged: { path: string; name: string } | undefined;
      for await (const part of req.parts({ limits: { files: 1, fileSize: TEMPLATE_MAX_BYTES + 1 } })) {
        if (part.type === 'field') continue;
        if (part.fieldname !== 'file' || staged) {
          part.file.resume();
          continue;
        }
        const name = path.basename(part.filename.replace(/\\/g, '/')) || 'hybrids.csv';
        staged = { path: (await receiveToTemp(part.file, w.dir, TEMPLATE_MAX_BYTES)).path, name };
      }
      if (!staged) throw new AppError(400, 'FILE_REQUIRED');
      if (/\s/.test(staged.name)) throw gsRefusal(new GsError('FILE_NAME_HAS_SPACE', { file: staged.name, rule: 'file names have no spaces' }), req.locale);
      if (!/\.csv$/i.test(staged.name)) throw new AppError(400, 'GS_PHENOTYPE_NOT_CSV', { file: staged.name });
      let table;
      try {
        table = parseCsvTable(await fsp.readFile(staged.path), staged.name);
      } catch (err) {
        throw gsRefusal(err, req.locale);
      }
      return await importHgTemplate(db, req.ctx, req.params.id, { fileName: staged.name, header: table.header, rows: table.rows });
    } finally {
      await w.done();
    }
  };

  const sendCsv = (reply: FastifyReply, file: { name: string; csv: string }) =>
    reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', contentDisposition(file.name, false)).send(`\uFEFF${file.csv}`);

  registerEndpoints(app, gsApi.resources.hybrid, {
    gcaPage: (req) => listGcaTasks(db, req.ctx, req.query),
    gcaColumns: (req) => gcaColumns(files, req.ctx, req.query.datasetId),
    createGcaTask: async (req) => {
      await checkGcaFixed(files, req.ctx, req.body, req.locale);
      const created = await createGcaTask(db, req.ctx, req.body, req.locale);
      await app.jobs.enqueue(GS_GCA_JOB, created.taskId);
      return created;
    },
    resetGcaTask: async (req) => {
      const created = await resetGcaTask(db, req.ctx, req.params.id, req.locale);
      await app.jobs.enqueue(GS_GCA_JOB, created.taskId);
      return created;
    },
    gcaDetail: (req) => getGcaRow(db, req.ctx, req.params.id),
    removeGcaTask: async (req) => {
      await deleteGcaTask(db, req.ctx, req.params.id);
      return null;
    },
    gcaData: (req) => gcaData(db, req.ctx, req.query.id),
    gcaFigure: (req) => gcaFigure(db, req.ctx, req.query.id),
    gcaPredictionResult: (req) => gcaPredictionResult(db, req.ctx, req.query),
    exportGcaResult: async (req, reply) => sendCsv(reply, await gcaResultCsv(db, req.ctx, req.params.id)),
    exportHgTemplate: async (req, reply) => sendCsv(reply, await hgTemplateCsv(db, req.ctx, req.params.id)),
    importHgTemplate: importTemplate,
  });
}
