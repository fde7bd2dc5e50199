import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { FEEDBACK_MAX_ATTACHMENTS, FeedbackCreate, feedbackApi, feedbackPermissions } from '@breedwise/contracts/feedback';
import { can, requireOrg } from '../../../platform/context';
import { registerEndpoints, type EndpointRequest } from '../../../platform/endpoints';
import { AppError } from '../../../platform/errors';
import { describeValidation } from '../../../platform/validation';
import { getFile, saveUpload } from '../../common';
import { createFeedback, listFeedback, removeFeedback, resolveFeedback } from './feedback.service';

/** Feedback (spec section 7, under /auth): the handlers of `feedbackApi.resources.feedback`. */
export function feedbackRoutes(app: FastifyInstance) {
  const { db } = app.database;

  /** Add: a multipart form (type, title, ..., fileIds) then up to FEEDBACK_MAX_ATTACHMENTS files. */
  const add = async (req: EndpointRequest<typeof feedbackApi.resources.feedback.add>) => {
    requireOrg(req.ctx);
    if (!req.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', { type: req.headers['content-type'] ?? '' });
    const raw: Record<string, string> = {};
    const fileIds: string[] = [];
    let input: z.output<typeof FeedbackCreate> | null = null;
    const check = () => {
      const parsed = FeedbackCreate.safeParse(raw);
      if (!parsed.success) {
        const d = describeValidation(
          parsed.error.issues.map((i) => ({ keyword: i.code, instancePath: `/${i.path.join('/')}`, message: i.message, params: { ...i } })),
          req.locale,
        );
        throw new AppError(400, 'VALIDATION_FAILED', { detail: d.errors.map((e) => e.message).join('; ') }, { errors: d.errors });
      }
      return parsed.data;
    };
    // Fields come first; the form is checked before any file is stored.
    for await (const part of req.parts({ limits: { files: FEEDBACK_MAX_ATTACHMENTS + 1, fileSize: app.config.uploadMaxBytes + 1 } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') raw[part.fieldname] = part.value;
        continue;
      }
      input ??= check();
      if (fileIds.length >= FEEDBACK_MAX_ATTACHMENTS) {
        part.file.resume();
        throw new AppError(400, 'FEEDBACK_TOO_MANY_FILES', { max: FEEDBACK_MAX_ATTACHMENTS });
      }
      // Screenshots are the commonest attachment, so any accepted type (images included) may come.
      const saved = await saveUpload({ db, storage: app.storage, config: app.config }, req.ctx, part.file, {
        originalName: part.filename,
        kind: 'any',
        businessType: 'feedback',
        maxBytes: app.config.uploadMaxBytes,
      });
      fileIds.push(saved.fileId);
    }
    input ??= check();
    // Files uploaded beforehand (e.g. cropped screenshots) are referenced by id: only the caller's own.
    const given = (raw.fileIds ?? '')
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
    if (given.length) {
      if (given.length + fileIds.length > FEEDBACK_MAX_ATTACHMENTS) throw new AppError(400, 'FEEDBACK_TOO_MANY_FILES', { max: FEEDBACK_MAX_ATTACHMENTS });
      for (const id of given) {
        const file = await getFile(db, requireOrg(req.ctx), id);
        if (file.createdBy !== req.ctx.userId) throw new AppError(404, 'RECORD_NOT_FOUND');
        fileIds.push(file.id);
      }
    }
    return { id: await createFeedback(db, req.ctx, input, fileIds) };
  };

  registerEndpoints(app, feedbackApi.resources.feedback, {
    add,
    list: (req) => listFeedback(db, req.ctx, req.query, can(req.ctx, feedbackPermissions.list)),
    remove: async (req) => {
      await removeFeedback(db, req.ctx, req.params.id, can(req.ctx, feedbackPermissions.list));
      return null;
    },
    resolve: async (req) => {
      await resolveFeedback(db, req.ctx, req.params.id);
      return null;
    },
  });
}
