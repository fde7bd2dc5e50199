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
