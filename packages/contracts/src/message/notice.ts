import { z } from 'zod';
import { IdParam } from '../envelope';
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

/** A notice in force that the caller has not dismissed yet. */
export const OpenNotice = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  level: z.enum(['info', 'warning', 'important']),
  publishedAt: z.string(),
  expiresAt: z.string().nullable(),
});
export type OpenNotice = z.infer<typeof OpenNotice>;

/** Notices as their readers see them (administrators edit them in the system module). */
export const notice = resource(
  { tag: 'messages', base: '/api/notice' },
  {
    getLatest: { method: 'GET', path: '/getLatest', summary: 'The newest notice in force (or null)', data: LatestNotice },
    open: { method: 'GET', path: '/open', summary: 'Notices in force that the caller has not dismissed, newest first', data: z.array(OpenNotice) },
    dismiss: {
      method: 'POST',
      path: '/dismiss/:id',
      summary: 'Dismisses a notice for the caller (it is not shown to them again)',
      // A read marker, like marking a message read: not an operation for the log.
      audit: false,
      params: IdParam,
      data: z.null(),
    },
  },
);
