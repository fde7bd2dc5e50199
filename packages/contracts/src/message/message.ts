import { z } from 'zod';
import { PageQuery } from '../query';
import { IdParam } from '../envelope';
import { resource } from '../http/endpoint';

export const MESSAGE_TYPES = ['system', 'account', 'approval', 'license'] as const;

export const MessageRow = z.object({
  id: z.number().int(),
  type: z.enum(MESSAGE_TYPES),
  title: z.string(),
  content: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type MessageRow = z.infer<typeof MessageRow>;
export const MessagePageQuery = PageQuery.extend({ read: z.enum(['true', 'false']).optional() });
export type MessagePageQuery = z.input<typeof MessagePageQuery>;
export type MessagePageParsed = z.output<typeof MessagePageQuery>;
export const NoReadCountData = z.object({ count: z.number().int() });
export const SetReadAllData = z.object({ updated: z.number().int() });

/** The caller's messages (the header bell and the message page). */
export const message = resource(
  { tag: 'messages', base: '/api/message' },
  {
    list: { method: 'GET', path: '/list', summary: 'My messages, newest first (read: true/false to filter)', query: MessagePageQuery, page: MessageRow },
    noReadCount: { method: 'GET', path: '/noReadCount', summary: 'How many of my messages are unread', data: NoReadCountData },
    setRead: { audit: false, method: 'POST', path: '/setRead/:id', summary: 'Marks one of my messages read', params: IdParam, data: z.null() },
    setReadAll: { audit: false, method: 'POST', path: '/setReadAll', summary: 'Marks all my messages read', data: SetReadAllData },
  },
);
