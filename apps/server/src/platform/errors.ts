import type { ErrorCode, FieldError } from '@breedwise/contracts';

export type { FieldError };

/** A refusal the client can act on: HTTP status, a stable machine code, and message parameters. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: ErrorCode,
    readonly params: Record<string, unknown> = {},
    readonly extra: { code?: number; headers?: Record<string, string>; errors?: FieldError[] } = {},
  ) {
    super(errorCode);
    this.name = 'AppError';
  }
}

export const notFound = () => new AppError(404, 'RECORD_NOT_FOUND');
export const forbidden = (permission: string) => new AppError(403, 'FORBIDDEN', { permission });
export const badRequest = (errorCode: ErrorCode, params: Record<string, unknown> = {}) => new AppError(400, errorCode, params);
export const conflict = (errorCode: ErrorCode, params: Record<string, unknown> = {}) => new AppError(409, errorCode, params);

/** PostgreSQL's error (SQLSTATE code, constraint, message) under a driver's or drizzle's wrapping, if it is one. */
export function postgresError(err: unknown): { code: string; constraint?: string; message: string } | null {
  let e = err as { code?: unknown; constraint?: string; message?: string; severity?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 3; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && e.severity !== undefined)
      return { code: e.code, constraint: e.constraint, message: e.message ?? '' };
    e = e.cause as typeof e;
  }
  return null;
}

/** True for PostgreSQL's unique_violation, whichever driver raised it. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined;
  // drizzle wraps driver errors; the PostgreSQL error is the cause.
  for (let depth = 0; e && depth < 3; depth++) {
    if (e.code === '23505') return constraint ? e.constraint === constraint : true;
    e = e.cause as typeof e;
  }
  return false;
}
