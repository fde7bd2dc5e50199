import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/** The path of the first string holding a NUL character, or null. */
function findNul(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || '(body)' : null;
  if (depth > 20 || !value || typeof value !== 'object') return null;
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (k.includes('\u0000')) return path ? `${path}.${k}` : k;
    const hit = findNul(v, path ? `${path}.${k}` : k, depth + 1);
    if (hit) return hit;
  }
  return null;
}

/**
 * PostgreSQL text cannot hold NUL characters: a request carrying one in any field is refused as bad
 * input (400) before it reaches a query, instead of failing there.
 */
export function installTextGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    const field = findNul(req.params, '') ?? findNul(req.query, '') ?? findNul(req.body, '');
    if (field) throw new AppError(400, 'TEXT_NUL_CHARACTER', { field }, { errors: [] });
  });
}
