import { z } from 'zod';
import { PageQuery } from '../query';
import { resource } from '../http/endpoint';
import { commonPermissions as P } from './permissions';

/** Answer of POST /api/common/upload (spec: code 0 with fileName and src). */
export const UploadResult = z.object({
  fileId: z.string(),
  fileName: z.string(),
  src: z.string(),
  size: z.number().int(),
  contentType: z.string(),
});
export type UploadResult = z.infer<typeof UploadResult>;

export const FILE_KINDS = ['image', 'document', 'spreadsheet', 'archive', 'text', 'sequence', 'any'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/** The text fields of an upload, sent before the file. */
export const UploadFields = z.object({
  kind: z.enum(FILE_KINDS).default('any'),
  businessType: z
    .string()
    .trim()
    .max(50)
    .regex(/^[A-Za-z0-9_.-]*$/)
    .default('common'),
});
export type UploadFields = z.input<typeof UploadFields>;

export const FileRow = z.object({
  fileId: z.string(),
  fileName: z.string(),
  fileUrl: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  businessType: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type FileRow = z.infer<typeof FileRow>;

export const FileIdParam = z.object({ id: z.uuid() });

export const FilePageQuery = PageQuery.extend({ businessType: z.string().max(50).optional() });
export type FilePageQuery = z.input<typeof FilePageQuery>;

/** The business types files are filed under, with counts and sizes. */
export const FileMenu = z.array(z.object({ businessType: z.string(), files: z.number().int(), bytes: z.number() }));
export type FileMenu = z.infer<typeof FileMenu>;

const upload = {
  method: 'POST',
  path: '/upload',
  summary: 'Uploads one file (multipart: text fields `kind`, `businessType`, then `file`); answers fileName and src',
  bodyType: 'multipart',
  data: UploadResult,
} as const;

/** Files: uploads, downloads (authenticated or through a signed link), the organisation's file list. */
export const file = resource(
  { tag: 'common: files', base: '/common' },
  {
    upload,
    /** The same upload under the spec's second name. */
    uploadFile: { ...upload, path: '/uploadFile' },
    download: {
      method: 'GET',
      path: '/download/:id/:name',
      auth: 'none',
      summary: 'Downloads a file through a signed link (as given in `src`)',
      params: z.object({ id: z.uuid(), name: z.string().max(300) }),
      query: z.object({ exp: z.coerce.number().int(), sig: z.string().max(100) }),
      file: true,
    },
    get: { method: 'GET', path: '/file/:id', summary: 'Downloads a file of the organisation', params: FileIdParam, file: true },
    remove: {
      method: 'DELETE',
      path: '/file/:id',
      summary: `Deletes a file (the uploader, or a holder of ${P.fileRemove})`,
      params: FileIdParam,
      data: z.null(),
    },
    list: { method: 'GET', path: '/file/list', summary: 'Files of the organisation, newest first', query: FilePageQuery, page: FileRow },
    menu: { method: 'GET', path: '/file/menu', summary: 'Business types the files are filed under, with counts and sizes', data: FileMenu },
  },
);
