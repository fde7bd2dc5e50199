import { z } from 'zod';
import { resource } from '../http/endpoint';

export const SpaceInfo = z.object({
  orgId: z.number().int(),
  usedBytes: z.number(),
  totalBytes: z.number(),
  used: z.string(),
  total: z.string(),
  percent: z.number(),
});
export type SpaceInfo = z.infer<typeof SpaceInfo>;

/** Storage space of the organisation (spec section 7, under the /auth base). */
export const space = resource(
  { tag: 'auth', base: '/auth/storage-space' },
  {
    info: {
      method: 'GET',
      path: '/spaceInfo/:id',
      summary: 'Used and total storage of the caller’s organisation',
      params: z.object({ id: z.coerce.number().int().positive() }),
      data: SpaceInfo,
    },
  },
);
