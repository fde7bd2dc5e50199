import http from 'node:http';
import type { Socket } from 'node:net';
import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DEFAULT_LOCALE, type ErrorEnvelope } from '@breedwise/contracts';
import { AppError, postgresError, type FieldError } from './errors';
import { translateError } from './i18n';
import { describeValidation, type ValidationItem } from './validation';

const fastifyClientErrors: Record<string, { status: number; errorCode: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, errorCode: 'BAD_JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, errorCode: 'BAD_JSON' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, errorCode: 'BODY_TOO_LARGE' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, errorCode: 'UNSUPPORTED_MEDIA_TYPE' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, errorCode: 'BAD_REQUEST' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, errorCode: 'FILE_TOO_LARGE' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, errorCode: 'UNSUPPORTED_MEDIA_TYPE' },
  FST_FILES_LIMIT: { status: 413, errorCode: 'BAD_REQUEST' },
  FST_PARTS_LIMIT: { status: 413, errorCode: 'BAD_REQUEST' },
  FST_FIELDS_LIMIT: { status: 413, errorCode: 'BAD_REQUEST' },
};

function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(n % (1024 * 1024) ? 1 : 0)} MB` : `${Math.round(n / 1024)} KB`;
}

/**
 * 409 for PostgreSQL's foreign key violations (a record a key still refers to: 23503 foreign_key_violation
 * on PostgreSQL 15, 23001 restrict_violation under `on delete restrict` on PGlite's 17; 23503 too for a
 * reference to no record) and unique ones.
 */
function integrityRefusal(err: unknown): { status: number; errorCode: 'RECORD_IN_USE' | 'RECORD_REFERENCE_MISSING' | 'RECORD_EXISTS' } | null {
  const pgErr = postgresError(err);
  if (pgErr?.code === '23001') return { status: 409, errorCode: 'RECORD_IN_USE' };
  if (pgErr?.code === '23503') {
    // "update or delete on table ... violates foreign key constraint" against "insert or update on table ...".
    return { status: 409, errorCode: /^update or delete on/.test(pgErr.message) ? 'RECORD_IN_USE' : 'RECORD_REFERENCE_MISSING' };
  }
  if (pgErr?.code === '23505') return { status: 409, errorCode: 'RECORD_EXISTS' };
  return null;
}

/**
 * Every error leaves in the one envelope: `{code, msg, errorCode, requestId, errors?}`. Client mistakes
 * are 4xx with a translated message; only our own faults are 500, logged with the request id and
 * answered without internals.
 */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    const locale = req.locale ?? 'zh-CN';
    const integrity = integrityRefusal(err);
    let status = 500;
    let errorCode = 'INTERNAL';
    let params: Record<string, unknown> = { requestId: req.id };
    let errors: FieldError[] | undefined;
    let code: number | undefined;
    let msg: string | undefined;

    if (err instanceof AppError) {
      status = err.status;
      errorCode = err.errorCode;
      params = err.params;
      errors = err.extra.errors;
      code = err.extra.code;
      for (const [k, v] of Object.entries(err.extra.headers ?? {})) reply.header(k, v);
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      status = 400;
      const described = describeValidation(err.validation as unknown as ValidationItem[], locale);
      errors = described.errors;
      errorCode = described.errorCode ?? 'VALIDATION_FAILED';
      const detail = errors.map((e) => e.message).join('; ');
      params = described.params ?? { detail };
      msg = described.errorCode ? detail : translateError('VALIDATION_FAILED', locale, { detail });
    } else if (err.code && fastifyClientErrors[err.code]) {
      ({ status, errorCode } = fastifyClientErrors[err.code]);
      params = {
        limit:
          err.code === 'FST_REQ_FILE_TOO_LARGE' ? Math.round((app.config.uploadMaxBytes / 1024 / 1024) * 100) / 100 : formatBytes(app.config.bodyLimitBytes),
        type: req.headers['content-type'] ?? '',
        detail: err.message,
      };
    } else if (integrity) {
      // A foreign key or unique constraint the service did not check first (a race with another request,
      // or a check missing): the transaction is rolled back; the caller gets a conflict, not a server
      // error. Logged as a warning: the service should name the record (as *_IN_USE errors do).
      ({ status, errorCode } = integrity);
      req.log.warn({ err }, 'constraint refused a write the service did not check');
    } else if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      status = err.statusCode;
      errorCode = status === 429 ? 'TOO_MANY_REQUESTS' : status === 404 ? 'ROUTE_NOT_FOUND' : 'BAD_REQUEST';
      params = { detail: err.message, seconds: reply.getHeader('retry-after') ?? '', method: req.method, url: req.url };
    }

    if (status >= 500) req.log.error({ err }, 'request failed');
    else if (status !== 401) req.log.info({ errorCode, status }, 'request refused');

    const body: ErrorEnvelope = {
      code: code ?? status,
      msg: msg ?? translateError(errorCode, locale, params),
      errorCode,
      requestId: req.id,
      ...(errors && errors.length ? { errors } : {}),
    };
    return reply.status(status).send(body);
  });
}

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (headers over the limit, a request
 * that timed out, malformed HTTP): answered in the same envelope as every other refusal. No headers
 * were parsed, so the message is in the default language.
 */
export function clientErrorHandler(this: { log: FastifyInstance['log'] }, err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, errorCode, params] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'HEADERS_TOO_LARGE', { limit: formatBytes(http.maxHeaderSize) }]
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'REQUEST_TIMEOUT', {}]
        : [400, 'BAD_REQUEST', { detail: 'HTTP' }];
  const requestId = randomUUID();
  const body: ErrorEnvelope = { code: status, msg: translateError(errorCode, DEFAULT_LOCALE, params), errorCode, requestId };
  const text = JSON.stringify(body);
  this.log.info({ errorCode, status, requestId, code: err.code }, 'client error');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\nX-Request-Id: ${requestId}\r\nConnection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy(err);
}
