import { z } from 'zod';
import { resource } from '../http/endpoint';
import { UploadResult } from './file';

/** The version of the tus protocol the resumable uploads speak. */
export const TUS_VERSION = '1.0.0';

export const UploadIdParam = z.object({ id: z.uuid() });

/**
 * Resumable uploads following the tus 1.0 protocol (creation, termination, expiration): protocol routes
 * whose answers are headers, not envelopes (`raw`). Bytes are appended with PATCH as raw bodies.
 */
export const tus = resource(
  { tag: 'common: resumable uploads (tus)', base: '/common/tus' },
  {
    capabilities: { method: 'OPTIONS', path: '', auth: 'none', summary: 'tus capabilities', raw: true },
    create: {
      method: 'POST',
      path: '',
      summary: 'Creates an upload (headers Upload-Length, Upload-Metadata: filename, kind, businessType)',
      raw: true,
    },
    offset: { method: 'HEAD', path: '/:id', summary: 'Offset of an upload', params: UploadIdParam, raw: true },
    append: {
      method: 'PATCH',
      path: '/:id',
      summary: 'Appends bytes at Upload-Offset (Content-Type application/offset+octet-stream)',
      params: UploadIdParam,
      bodyType: 'raw',
      raw: true,
    },
    terminate: { method: 'DELETE', path: '/:id', summary: 'Abandons an upload (tus termination)', params: UploadIdParam, raw: true },
    result: { method: 'GET', path: '/:id/result', summary: 'The stored file of a finished upload', params: UploadIdParam, data: UploadResult },
  },
);
