import { DEFAULT_LOCALE, errorMessages, formatMessage, type Locale } from '@breedwise/contracts';
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

const isTranslations = (v: unknown): v is Record<Locale, string> =>
  !!v && typeof v === 'object' && typeof (v as Record<string, unknown>)['zh-CN'] === 'string' && typeof (v as Record<string, unknown>).en === 'string';

/** The message of an error code; a parameter given in both languages ({'zh-CN', en}) is taken in the answer's language. */
export function translateError(errorCode: string, locale: Locale, params: Record<string, unknown> = {}): string {
  const entry = errorMessages[errorCode];
  if (!entry) return errorCode;
  const localised = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, isTranslations(v) ? v[locale] : v]));
  return formatMessage(entry[locale], localised);
}

export function okMessage(locale: Locale): string {
  return serverMessages.ok[locale];
}
