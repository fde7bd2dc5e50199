import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EmptyEnvelope, Envelope, FEEDBACK_MAX_ATTACHMENTS, FeedbackCreate, FeedbackPageQuery, FeedbackRow, IdParam, PageEnvelope } from '@breedwise/contracts';
import { can, requireOrg } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { ok, page } from '../../platform/reply';
import { describeValidation } from '../../platform/validation';
import { getFile, saveUpload } from '../common';
import { createFeedback, FEEDBACK_ADMIN, listFeedback, removeFeedback, resolveFeedback } from './feedback.service';

/** Feedback (spec section 7, under /auth): add (multipart with attachments), remove, list. */
export async function feedbackRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const tags = ['auth: feedback'];

  r.post('/feedback/add', {
    schema: { tags, summary: `Sends feedback (multipart: type, title, description, link, contact, phone, fileIds of files uploaded before, then up to ${FEEDBACK_MAX_ATTACHMENTS} files named file)`, consumes: ['multipart/form-data'], response: { 200: Envelope(z.object({ id: z.number().int() })) } },
  }, async (req) => {
    requireOrg(req.ctx);
    if (!req.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', { type: req.headers['content-type'] ?? '' });
    const raw: Record<string, string> = {};
    const fileIds: string[] = [];
    let input: z.output<typeof FeedbackCreate> | null = null;
    const check = () => {
      const parsed = FeedbackCreate.safeParse(raw);
      if (!parsed.success) {
        const d = describeValidation(parsed.error.issues.map((i) => ({ keyword: i.code, instancePath: `/${i.path.join('/')}`, message: i.message, params: { ...i } })), req.locale);
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
        originalName: part.filename, kind: 'any', businessType: 'feedback', maxBytes: app.config.uploadMaxBytes,
      });
      fileIds.push(saved.fileId);
    }
    input ??= check();
    // Files uploaded beforehand (e.g. cropped screenshots) are referenced by id: only the caller's own.
    const given = (raw.fileIds ?? '').split(',').map((v) => v.trim()).filter(Boolean);
    if (given.length) {
      if (given.length + fileIds.length > FEEDBACK_MAX_ATTACHMENTS) throw new AppError(400, 'FEEDBACK_TOO_MANY_FILES', { max: FEEDBACK_MAX_ATTACHMENTS });
      for (const id of given) {
        const file = await getFile(db, requireOrg(req.ctx), id);
        if (file.createdBy !== req.ctx.userId) throw new AppError(404, 'RECORD_NOT_FOUND');
        fileIds.push(file.id);
      }
    }
    return ok(req, { id: await createFeedback(db, req.ctx, input, fileIds) });
  });

  r.get('/feedback/list', {
    schema: { tags, summary: 'Feedback: one’s own, or all of the organisation with system:feedback:list', querystring: FeedbackPageQuery, response: { 200: PageEnvelope(FeedbackRow) } },
  }, async (req) => {
    const { rows, total } = await listFeedback(db, req.ctx, req.query, can(req.ctx, FEEDBACK_ADMIN));
    return page(req, rows, total);
  });

  r.delete('/feedback/remove/:id', {
    schema: { tags, summary: 'Removes feedback (its author, or a feedback administrator)', params: IdParam, response: { 200: EmptyEnvelope } },
  }, async (req) => {
    await removeFeedback(db, req.ctx, req.params.id, can(req.ctx, FEEDBACK_ADMIN));
    return ok(req, null);
  });

  r.put('/feedback/resolve/:id', {
    config: { permission: FEEDBACK_ADMIN },
    schema: { tags, summary: 'Marks feedback as resolved', params: IdParam, response: { 200: EmptyEnvelope } },
  }, async (req) => {
    await resolveFeedback(db, req.ctx, req.params.id);
    return ok(req, null);
  });
}
