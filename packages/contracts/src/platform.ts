import { z } from 'zod';
import { defineApi, resource } from './http/endpoint';

/**
 * The platform's own endpoints (`@breedwise/contracts/platform`), registered by the server's app.ts
 * rather than by a module.
 */

export const HealthData = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['pglite', 'postgres']),
  databaseOk: z.boolean(),
  version: z.string(),
  uptimeSeconds: z.number(),
});
export type HealthData = z.infer<typeof HealthData>;

export const health = resource(
  { tag: 'platform', base: '' },
  {
    check: { method: 'GET', path: '/health', auth: 'none', summary: 'Liveness and database reachability', data: HealthData },
  },
);

export const platformApi = defineApi('platform', '/api', { health });
