import type { FastifyInstance } from 'fastify';
import { nurseryApi } from '@breedwise/contracts/nursery';
import { registerEndpoints } from '../../../platform/endpoints';
import { AppError } from '../../../platform/errors';
import { contentDisposition } from '../../common';
import { feedbackBook } from './book';
import { getSurveyGrid, importSurvey, observeSurvey, setSurveyTraits, surveyHistory } from './survey.service';

/** Largest survey xlsx read (a book of a few thousand entries is well under 1 MB). */
export const SURVEY_IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/** The field survey and the feedback books: handlers of `@breedwise/contracts/nursery` (survey, book). */
export function surveyRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, nurseryApi.resources.survey, {
    grid: (req) => getSurveyGrid(db, req.ctx, req.params.id),
    traits: (req) => setSurveyTraits(db, req.ctx, req.body),
    observe: (req) => observeSurvey(db, req.ctx, req.body),
    history: (req) => surveyHistory(db, req.ctx, req.query.surveyId),
    import: async (req) => {
      if (!req.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', { type: req.headers['content-type'] ?? '' });
      const file = await req.file({ limits: { fileSize: SURVEY_IMPORT_MAX_BYTES, files: 1 } });
      if (!file) throw new AppError(400, 'FILE_REQUIRED');
      const bytes = await file.toBuffer();
      if (file.file.truncated) throw new AppError(413, 'FILE_TOO_LARGE', { limit: SURVEY_IMPORT_MAX_BYTES / 1024 / 1024 });
      return importSurvey(db, req.ctx, req.params.id, bytes, req.locale);
    },
  });
  registerEndpoints(app, nurseryApi.resources.book, {
    download: async (req, reply) => {
      const f = await feedbackBook(db, req.ctx, req.params.id, req.query.format, req.locale);
      return reply.header('content-type', f.type).header('content-disposition', contentDisposition(f.name, false)).send(f.body);
    },
  });
}
