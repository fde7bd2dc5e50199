import { defineModuleErrors, type Translations } from '../errors';

/** Errors of the message module. */
export const messageErrors = defineModuleErrors('MSG', {
  MSG_NOT_FOUND: { 'zh-CN': '消息不存在', en: 'No such message' },
});

export const messageFieldLabels: Record<string, Translations> = {
  read: { 'zh-CN': '已读', en: 'Read' },
};
