import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import type { z } from 'zod';
import { AppError } from '../../platform/errors';
import { findBadText } from '../../platform/text-guard';
import { describeValidation } from '../../platform/validation';

/**
 * Reads a multipart request: the text fields sent before the file (validated with `fields`), then the
 * file under the field name `file`, handed over as a stream while it arrives.
 */
export async function readUpload<F extends z.ZodType, T>(
  req: FastifyRequest,
  fields: F,
  maxBytes: number,
  handle: (file: MultipartFile, values: z.output<F>) => Promise<T>,
): Promise<T> {
  if (!req.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', { type: req.headers['content-type'] ?? '' });
  const raw: Record<string, string> = Object.create(null);
  let result: { value: T } | undefined;
  for await (const part of req.parts({ limits: { fileSize: maxBytes + 1, files: 1 } })) {
    if (part.type === 'field') {
      if (typeof part.value === 'string') raw[part.fieldname] = part.value;
      continue;
    }
    if (part.fieldname !== 'file' || result) {
      part.file.resume();
      continue;
    }
    // The text guard does not see multipart fields: the same rule (no NUL, no broken Unicode) here.
    const bad = findBadText(raw) ?? findBadText({ [part.fieldname]: part.filename });
    if (bad) {
      part.file.resume();
      throw new AppError(400, bad.errorCode, { field: bad.field }, { errors: [] });
    }
    const parsed = fields.safeParse(raw);
    if (!parsed.success) {
      part.file.resume();
      const described = describeValidation(
        parsed.error.issues.map((i) => ({ keyword: i.code, instancePath: `/${i.path.join('/')}`, message: i.message, params: { ...i } })),
        req.locale,
      );
      throw new AppError(400, 'VALIDATION_FAILED', { detail: described.errors.map((e) => e.message).join('; ') }, { errors: described.errors });
    }
    result = { value: await handle(part, parsed.data) };
  }
  if (!result) throw new AppError(400, 'FILE_REQUIRED');
  return result.value;
}
