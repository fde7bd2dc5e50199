import { DEFAULT_LOCALE, errorCatalog, formatMessage, type Locale } from '@breedwise/contracts';
import type { FastifyRequest } from 'fastify';

const serverMessages = {
  ok: { 'zh-CN': '操作成功', en: 'Success' },
} as const;

/** The language of the answer: the UI language the web sends, else the session's, else the default. */
export function requestLocale(req: FastifyRequest, sessionLocale?: Locale | null): Locale {
  const header = req.headers['accept-language'];
  if (typeof header === 'string') {
    const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
    if (first.startsWith('en')) return 'en';
    if (first.startsWith('zh')) return 'zh-CN';
  }
  return sessionLocale ?? DEFAULT_LOCALE;
}

export function translateError(errorCode: string, locale: Locale, params: Record<string, unknown> = {}): string {
  const entry = errorCatalog[errorCode];
  return entry ? formatMessage(entry[locale], params) : errorCode;
}

export function okMessage(locale: Locale): string {
  return serverMessages.ok[locale];
}
