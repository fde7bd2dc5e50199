import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';
import { isWellFormed, toWellFormed } from './unicode';

type Problem = { field: string; errorCode: 'TEXT_NUL_CHARACTER' | 'TEXT_INVALID_UNICODE' };

const problemOf = (s: string): Problem['errorCode'] | null => (s.includes('\u0000') ? 'TEXT_NUL_CHARACTER' : isWellFormed(s) ? null : 'TEXT_INVALID_UNICODE');

/** The path of the first string (value or key) PostgreSQL could not store, and why; or null. */
export function findBadText(value: unknown, path = '', depth = 0): Problem | null {
  if (typeof value === 'string') {
    const errorCode = problemOf(value);
    return errorCode ? { field: path || '(body)', errorCode } : null;
  }
  if (depth > 20 || !value || typeof value !== 'object') return null;
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const at = path ? `${path}.${k}` : k;
    const keyProblem = problemOf(k);
    if (keyProblem) return { field: toWellFormed(at).replace(/\0/g, '\uFFFD'), errorCode: keyProblem };
    const hit = findBadText(v, at, depth + 1);
    if (hit) return hit;
  }
  return null;
}

/**
 * PostgreSQL text cannot hold NUL characters, and its JSON refuses unpaired UTF-16 surrogates (which
 * a JSON body may carry as `\ud800`): a request carrying either in any field is refused as bad input
 * (400 naming the field) before it reaches a query or an audit record, instead of failing there.
 */
export function installTextGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    const bad = findBadText(req.params) ?? findBadText(req.query) ?? findBadText(req.body);
    if (bad) throw new AppError(400, bad.errorCode, { field: bad.field }, { errors: [] });
  });
}
