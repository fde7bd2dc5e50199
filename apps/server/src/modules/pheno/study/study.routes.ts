import type { FastifyInstance } from 'fastify';
import { phenoApi } from '@breedwise/contracts/pheno';
import { registerEndpoints } from '../../../platform/endpoints';
import { AppError } from '../../../platform/errors';
import { contentDisposition } from '../../common';
import { runAnalysis, savedAnalyses } from './analysis';
import { fieldFile, importFieldBook, traitFile } from './fieldbook';
import { qualityChecks } from './qc';
import { excludeObservation, getStudy, listStudies, observationHistory, observe, observeRow, pushStudy, setStudyTraits, studyGrid } from './study.service';

/** Largest Field Book export read (a 100,000-line database export is about 8 MB). */
export const FIELD_BOOK_MAX_BYTES = 64 * 1024 * 1024;

/** The phenotype side of experiments: traits, observations, Field Book files, checks and analysis. */
export function studyRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, phenoApi.resources.study, {
    page: (req) => listStudies(db, req.ctx, req.query),
    detail: (req) => getStudy(db, req.ctx, req.params.id),
    push: (req) => pushStudy(db, req.ctx, req.body),
    traits: (req) => setStudyTraits(db, req.ctx, req.body),
    grid: (req) => studyGrid(db, req.ctx, req.params.id),
    observe: (req) => observe(db, req.ctx, req.body),
    observeRow: (req) => observeRow(db, req.ctx, req.body),
    history: (req) => observationHistory(db, req.ctx, req.query.observationId),
    exclude: (req) => excludeObservation(db, req.ctx, req.body),
    fieldFile: async (req, reply) => {
      const f = await fieldFile(db, req.ctx, req.params.id);
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', contentDisposition(f.name, false)).send(f.body);
    },
    traitFile: async (req, reply) => {
      const f = await traitFile(db, req.ctx, req.params.id);
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', contentDisposition(f.name, false)).send(f.body);
    },
    fieldBookImport: async (req) => {
      if (!req.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', { type: req.headers['content-type'] ?? '' });
      const file = await req.file({ limits: { fileSize: FIELD_BOOK_MAX_BYTES, files: 1 } });
      if (!file) throw new AppError(400, 'FILE_REQUIRED');
      const bytes = await file.toBuffer();
      if (file.file.truncated) throw new AppError(413, 'FILE_TOO_LARGE', { limit: FIELD_BOOK_MAX_BYTES / 1024 / 1024 });
      return importFieldBook(db, req.ctx, req.params.id, bytes.toString('utf8'), req.locale, file.filename || 'fieldbook.csv');
    },
    qc: (req) => qualityChecks(db, req.ctx, req.params.id, req.query.variableId),
    analysis: (req) => savedAnalyses(db, req.ctx, req.params.id),
    analyse: (req) => runAnalysis(db, req.ctx, req.body),
  });
}
