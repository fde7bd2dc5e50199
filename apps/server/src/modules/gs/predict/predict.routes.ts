import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { GsError, parseCsvTable } from '@breedwise/genomics';
import { PredictVerifyFields, gsApi } from '@breedwise/contracts/gs';
import { requireOrg } from '../../../platform/context';
import { registerEndpoints, type EndpointRequest } from '../../../platform/endpoints';
import { AppError } from '../../../platform/errors';
import { receiveToTemp } from '../../../platform/files/receive';
import { describeValidation } from '../../../platform/validation';
import { contentDisposition } from '../../common';
import { gsRefusal, workDir } from '../gs-files';
import { GS_PREDICT_JOB, createPrediction, deletePrediction, getPrediction, listPredictions, predictionCsv, verifyPrediction } from './predict.service';

const OBSERVED_MAX_BYTES = 30 * 1024 ** 2;

/** Inbred prediction (spec 7, /gs api/predict): the handlers of `gsApi.resources.predict`. */
export function predictRoutes(app: FastifyInstance) {
  const { db } = app.database;

  /** verify-result: the form field `id`, then the observed values as a CSV `file` (sample column, trait columns). */
  const verify = async (req: EndpointRequest<typeof gsApi.resources.predict.verify>) => {
    requireOrg(req.ctx);
    if (!req.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', { type: req.headers['content-type'] ?? '' });
    const w = await workDir(app.config.dataDir);
    try {
      const raw: Record<string, string> = {};
      let staged: { path: string; name: string } | undefined;
      for await (const part of req.parts({ limits: { files: 1, fileSize: OBSERVED_MAX_BYTES + 1 } })) {
        if (part.type === 'field') {
          if (typeof part.value === 'string') raw[part.fieldname] = part.value;
          continue;
        }
        if (part.fieldname !== 'file' || staged) {
          part.file.resume();
          continue;
        }
        const name = path.basename(part.filename.replace(/\\/g, '/')) || 'observed.csv';
        staged = { path: (await receiveToTemp(part.file, w.dir, OBSERVED_MAX_BYTES)).path, name };
      }
      const fields = PredictVerifyFields.safeParse(raw);
      if (!fields.success) {
        const d = describeValidation(
          fields.error.issues.map((i) => ({ keyword: i.code, instancePath: `/${i.path.join('/')}`, message: i.message, params: { ...i } })),
          req.locale,
        );
        throw new AppError(400, 'VALIDATION_FAILED', { detail: d.errors.map((e) => e.message).join('; ') }, { errors: d.errors });
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
      return verifyPrediction(db, req.ctx, fields.data.id, { fileName: staged.name, name: fields.data.name, header: table.header, rows: table.rows });
    } finally {
      await w.done();
    }
  };

  registerEndpoints(app, gsApi.resources.predict, {
    page: (req) => listPredictions(db, req.ctx, req.query),
    create: async (req) => {
      const created = await createPrediction(db, req.ctx, req.body, req.locale);
      await app.jobs.enqueue(GS_PREDICT_JOB, created.taskId);
      return created;
    },
    remove: async (req) => {
      await deletePrediction(db, req.ctx, req.params.id);
      return null;
    },
    detail: (req) => getPrediction(db, req.ctx, req.params.id),
    exportResult: async (req, reply) => {
      const { name, csv } = await predictionCsv(db, req.ctx, req.params.id);
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', contentDisposition(name, false)).send(`\uFEFF${csv}`);
    },
    verify,
  });
}
