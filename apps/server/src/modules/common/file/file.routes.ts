import type { FastifyInstance, FastifyReply } from 'fastify';
import { commonApi, commonPermissions, UploadFields } from '@breedwise/contracts/common';
import { can, requireOrg } from '../../../platform/context';
import { registerEndpoints } from '../../../platform/endpoints';
import { AppError, notFound } from '../../../platform/errors';
import { contentDisposition, deleteFile, fileMenu, getFile, listFiles, saveUpload, verifyFileSignature, type FileDeps } from './file.service';
import { readUpload } from '../multipart';

// A PDF may carry JavaScript its viewer runs: PDFs are downloaded, never shown inline; every stored file is sandboxed.
const INLINE = /^(image\/(png|jpeg|gif)|text\/plain)$/;

/** Sends stored bytes with a safe name; the type is the one we detected, and browsers must not guess. */
export async function sendStoredFile(
  reply: FastifyReply,
  app: FastifyInstance,
  file: { storageKey: string; originalName: string; contentType: string; size: number },
) {
  const stream = await app.storage.get(file.storageKey).catch(() => {
    throw notFound();
  });
  return reply
    .header('content-type', file.contentType)
    .header('content-length', String(file.size))
    .header('content-disposition', contentDisposition(file.originalName, INLINE.test(file.contentType)))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', 'sandbox')
    .header('cache-control', 'private, max-age=3600')
    .send(stream);
}

/** Uploads, downloads and the organisation's files: the handlers of `commonApi.resources.file`. */
export function fileRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const deps = (): FileDeps => ({ db, storage: app.storage, config: app.config });
  const upload = (req: Parameters<typeof readUpload>[0]) =>
    readUpload(req, UploadFields, app.config.uploadMaxBytes, (file, fields) =>
      saveUpload(deps(), req.ctx, file.file, {
        originalName: file.filename,
        kind: fields.kind,
        businessType: fields.businessType,
        maxBytes: app.config.uploadMaxBytes,
      }),
    );
  registerEndpoints(app, commonApi.resources.file, {
    upload: (req) => upload(req),
    uploadFile: (req) => upload(req),
    download: async (req, reply) => {
      if (!(await verifyFileSignature(db, req.params.id, req.query.exp, req.query.sig))) throw new AppError(403, 'FORBIDDEN', { permission: 'signed link' });
      return sendStoredFile(reply, app, await getFile(db, null, req.params.id));
    },
    get: async (req, reply) => sendStoredFile(reply, app, await getFile(db, requireOrg(req.ctx), req.params.id)),
    remove: async (req) => {
      await deleteFile(deps(), req.ctx, req.params.id, can(req.ctx, commonPermissions.fileRemove));
      return null;
    },
    list: (req) => listFiles(db, req.ctx, req.query),
    menu: (req) => fileMenu(db, req.ctx),
  });
}
