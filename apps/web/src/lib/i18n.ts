import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@breedwise/contracts';
import { local } from './storage';

const LANG_KEY = 'bw-lang';

export function storedLocale(): Locale {
  const saved = local.get<string>(LANG_KEY, DEFAULT_LOCALE);
  return (LOCALES as readonly string[]).includes(saved) ? (saved as Locale) : DEFAULT_LOCALE;
}

export function currentLocale(): Locale {
  return (i18n.language as Locale) || DEFAULT_LOCALE;
}

type Tree = Record<string, unknown>;

void i18n.use(initReactI18next).init({
  resources: { 'zh-CN': { translation: {} }, en: { translation: {} } },
  lng: storedLocale(),
  fallbackLng: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

function applyLocale(locale: Locale) {
  dayjs.locale(locale === 'zh-CN' ? 'zh-cn' : 'en');
  document.documentElement.lang = locale;
}
applyLocale(storedLocale());

type LocaleLoader = (locale: Locale) => Promise<void>;
const localeLoaders: LocaleLoader[] = [];

/**
 * Texts loaded per language (the modules'): `load` runs for the current language now and for each language
 * switched to, before the switch. Resolves when the current language's texts are in.
 */
export function addLocaleLoader(load: LocaleLoader): Promise<void> {
  localeLoaders.push(load);
  return load(currentLocale());
}

export async function switchLocale(locale: Locale): Promise<void> {
  await Promise.all(localeLoaders.map((load) => load(locale)));
  local.set(LANG_KEY, locale);
  applyLocale(locale);
  await i18n.changeLanguage(locale);
}

/**
 * Adds texts (the shell's, the shared components', each module's): sections several parts add keys to
 * are merged, never overwritten. The app registers them at start (app/locales.ts), so this file needs
 * no import of the parts that use it.
 */
export function addLocales(texts: Partial<Record<Locale, Tree>>): void {
  for (const locale of LOCALES) if (texts[locale]) i18n.addResourceBundle(locale, 'translation', texts[locale], true, true);
}

export default i18n;
