import { z } from 'zod';
import { defineErrors, type Translations } from './errors';
import { PageQuery } from './query';
import { LoginMethod } from './auth';

export const MessageRow = z.object({
  id: z.number().int(),
  type: z.enum(['system', 'account', 'approval', 'license']),
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

/** GET /api/auth/api/getEnv: what the web needs to know about this installation. */
export const EnvData = z.object({
  env: z.string(),
  version: z.string(),
  smsConfigured: z.boolean(),
  mailConfigured: z.boolean(),
  loginMethods: z.array(LoginMethod),
  chatAiEnable: z.boolean(),
  serverTime: z.string(),
});
export type EnvData = z.infer<typeof EnvData>;

export const messageErrors = defineErrors({
  MESSAGE_NOT_FOUND: { 'zh-CN': '消息不存在', en: 'No such message' },
});

export const messageFieldLabels: Record<string, Translations> = {
  read: { 'zh-CN': '已读', en: 'Read' },
};
