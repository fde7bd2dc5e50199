import { z } from 'zod';
import { resource } from '../http/endpoint';
import { PageQuery } from '../query';
import { systemPermissions as P } from './permissions';
import { iso } from './shared';

export const OutboxRow = z.object({
  id: z.number().int(),
  channel: z.enum(['sms', 'email']),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  purpose: z.string(),
  status: z.enum(['outbox', 'sent', 'failed']),
  error: z.string().nullable(),
  createdAt: iso,
});
export type OutboxRow = z.infer<typeof OutboxRow>;
export const OutboxPageQuery = PageQuery.extend({ channel: z.enum(['sms', 'email']).optional() });
export type OutboxPageQuery = z.input<typeof OutboxPageQuery>;

/** SMS and e-mail as handed to the gateways, or kept here when none is configured (platform). */
export const outbox = resource(
  { tag: 'system: logs', base: '/outbox' },
  {
    page: {
      method: 'GET',
      path: '/list',
      permission: P.outboxList,
      scope: 'platform',
      summary: 'SMS and e-mail outbox (messages kept when no gateway is configured)',
      query: OutboxPageQuery,
      page: OutboxRow,
    },
  },
);
