import { z } from 'zod';
import { resource } from '../http/endpoint';

/** The latest notice in force for the caller's organisation, or null. */
export const LatestNotice = z
  .object({
    id: z.number().int(),
    title: z.string(),
    content: z.string(),
    level: z.enum(['info', 'warning', 'important']),
    publishedAt: z.string(),
  })
  .nullable();
export type LatestNotice = z.infer<typeof LatestNotice>;

/** Notices as their readers see them (administrators edit them in the system module). */
export const notice = resource(
  { tag: 'messages', base: '/api/notice' },
  {
    getLatest: { method: 'GET', path: '/getLatest', summary: 'The newest notice in force (or null)', data: LatestNotice },
  },
);
