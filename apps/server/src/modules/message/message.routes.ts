import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  APP_VERSION, EmptyEnvelope, EnvData, Envelope, IdParam, LatestNotice, MessagePageQuery, MessageRow, NoReadCountData, PageEnvelope, SetReadAllData,
} from '@breedwise/contracts';
import { ok, page } from '../../platform/reply';
import { loginMethods } from '../auth/login.service';
import { notifierFor } from '../auth/notify/notifier';
import { latestNotice, listMessages, noReadCount, setRead, setReadAll } from './message.service';

/** Messages, notices and getEnv (spec section 7, under the /auth base). */
export async function messageRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const tags = ['messages'];

  r.get('/api/message/list', {
    schema: { tags, summary: 'My messages, newest first (read: true/false to filter)', querystring: MessagePageQuery, response: { 200: PageEnvelope(MessageRow) } },
  }, async (req) => {
    const { rows, total } = await listMessages(db, req.ctx, req.query, req.locale);
    return page(req, rows, total);
  });

  r.get('/api/message/noReadCount', {
    schema: { tags, summary: 'How many of my messages are unread', response: { 200: Envelope(NoReadCountData) } },
  }, async (req) => ok(req, { count: await noReadCount(db, req.ctx) }));

  r.post('/api/message/setRead/:id', {
    schema: { tags, summary: 'Marks one of my messages read', params: IdParam, response: { 200: EmptyEnvelope } },
  }, async (req) => {
    await setRead(db, req.ctx, req.params.id);
    return ok(req, null);
  });

  r.post('/api/message/setReadAll', {
    schema: { tags, summary: 'Marks all my messages read', response: { 200: Envelope(SetReadAllData) } },
  }, async (req) => ok(req, { updated: await setReadAll(db, req.ctx) }));

  r.get('/api/notice/getLatest', {
    schema: { tags, summary: 'The newest notice in force (or null)', response: { 200: Envelope(LatestNotice) } },
  }, async (req) => ok(req, await latestNotice(db, req.ctx)));

  r.get('/api/getEnv', {
    config: { auth: 'none' },
    schema: { tags, summary: 'About this installation: environment, version, configured senders, login methods', response: { 200: Envelope(EnvData) } },
  }, async (req) => {
    const notifier = notifierFor(app.config);
    return ok(req, {
      env: app.config.env,
      version: APP_VERSION,
      smsConfigured: notifier.smsConfigured,
      mailConfigured: notifier.mailConfigured,
      loginMethods: loginMethods(app.config),
      chatAiEnable: app.config.chatAi,
      serverTime: new Date().toISOString(),
    });
  });
}
