import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EmptyEnvelope, Envelope, FileRow, PageEnvelope, PageQuery, UploadFields, UploadResult } from '@breedwise/contracts';
import { can, requireOrg } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import { ok, page } from '../../platform/reply';
import {
  contentDisposition, deleteFile, fileMenu, getFile, humanBytes, listFiles, quotaBytes, saveUpload, usedBytes,
  verifyFileSignature, type FileDeps,
} from './file.service';
import { readUpload } from './multipart';

const INLINE = /^(image\/(png|jpeg|gif)|application\/pdf|text\/plain)$/;

export const FileIdParam = z.object({ id: z.uuid() });

/** Sends stored bytes with a safe name; the type is the one we detected, and browsers must not guess. */
export async function sendStoredFile(reply: FastifyReply, app: FastifyInstance, file: { storageKey: string; originalName: string; contentType: string; size: number }) {
  const stream = await app.storage.get(file.storageKey).catch(() => {
    throw notFound();
  });
  return reply
    .header('content-type', file.contentType)
    .header('content-length', String(file.size))
    .header('content-disposition', contentDisposition(file.originalName, INLINE.test(file.contentType)))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, max-age=3600')
    .send(stream);
}

export async function fileRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = (): FileDeps => ({ db: app.database.db, storage: app.storage, config: app.config });
  const tags = ['common: files'];

  for (const url of ['/upload', '/uploadFile']) {
    r.post(url, {
      schema: {
        tags,
        summary: 'Uploads one file (multipart: text fields `kind`, `businessType`, then `file`); answers fileName and src',
        consumes: ['multipart/form-data'],
        response: { 200: Envelope(UploadResult) },
      },
    }, async (req) => {
      const result = await readUpload(req, UploadFields, app.config.uploadMaxBytes, (file, fields) =>
        saveUpload(deps(), req.ctx, file.file, { originalName: file.filename, kind: fields.kind, businessType: fields.businessType, maxBytes: app.config.uploadMaxBytes }),
      );
      return ok(req, result);
    });
  }

  r.get('/download/:id/:name', {
    config: { auth: 'none' },
    schema: { tags, summary: 'Downloads a file through a signed link (as given in `src`)', params: z.object({ id: z.uuid(), name: z.string().max(300) }), querystring: z.object({ exp: z.coerce.number().int(), sig: z.string().max(100) }) },
  }, async (req, reply) => {
    if (!(await verifyFileSignature(app.database.db, req.params.id, req.query.exp, req.query.sig))) throw new AppError(403, 'FORBIDDEN', { permission: 'signed link' });
    return sendStoredFile(reply, app, await getFile(app.database.db, null, req.params.id));
  });

  r.get('/file/:id', {
    schema: { tags, summary: 'Downloads a file of the organisation', params: FileIdParam },
  }, async (req, reply) => sendStoredFile(reply, app, await getFile(app.database.db, requireOrg(req.ctx), req.params.id)));

  r.delete('/file/:id', {
    schema: { tags, summary: 'Deletes a file (the uploader, or a holder of common:file:remove)', params: FileIdParam, response: { 200: EmptyEnvelope } },
  }, async (req) => {
    await deleteFile(deps(), req.ctx, req.params.id, can(req.ctx, 'common:file:remove'));
    return ok(req, null);
  });

  r.get('/file/list', {
    schema: { tags, summary: 'Files of the organisation, newest first', querystring: PageQuery.extend({ businessType: z.string().max(50).optional() }), response: { 200: PageEnvelope(FileRow) } },
  }, async (req) => {
    const { rows, total } = await listFiles(app.database.db, req.ctx, req.query);
    return page(req, rows, total);
  });

  r.get('/file/menu', {
    schema: { tags, summary: 'Business types the files are filed under, with counts and sizes', response: { 200: Envelope(z.array(z.object({ businessType: z.string(), files: z.number().int(), bytes: z.number() }))) } },
  }, async (req) => ok(req, await fileMenu(app.database.db, req.ctx)));
}

export const SpaceInfo = z.object({
  orgId: z.number().int(),
  usedBytes: z.number(),
  totalBytes: z.number(),
  used: z.string(),
  total: z.string(),
  percent: z.number(),
});

/** GET storage-space/spaceInfo/{id} (spec section 7, Auth): used and total storage of the organisation. */
export async function storageSpaceRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get('/storage-space/spaceInfo/:id', {
    schema: { tags: ['auth'], summary: 'Used and total storage of the caller’s organisation', params: z.object({ id: z.coerce.number().int().positive() }), response: { 200: Envelope(SpaceInfo) } },
  }, async (req) => {
    const orgId = requireOrg(req.ctx);
    if (req.params.id !== orgId) throw notFound();
    const used = await usedBytes(app.database.db, orgId);
    const total = await quotaBytes(app.database.db, orgId, app.config.orgQuotaBytes);
    return ok(req, { orgId, usedBytes: used, totalBytes: total, used: humanBytes(used), total: humanBytes(total), percent: Math.min(100, Math.round((used / total) * 10_000) / 100) });
  });
}
