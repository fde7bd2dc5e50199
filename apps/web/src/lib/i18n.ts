import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@breedwise/contracts';
import shellZh from '../locales/zh-CN.json';
import shellEn from '../locales/en.json';
import kitZh from '../components/locales/zh-CN.json';
import kitEn from '../components/locales/en.json';
import { moduleLocales } from '../modules/registry';
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
/** Shell, shared components and modules may add keys to the same section: merge, never overwrite. */
function merge(...trees: Tree[]): Tree {
  const out: Tree = {};
  for (const tree of trees) {
    for (const [k, v] of Object.entries(tree)) {
      const prev = out[k];
      out[k] = v && typeof v === 'object' && prev && typeof prev === 'object' ? merge(prev as Tree, v as Tree) : v;
    }
  }
  return out;
}

const resources = {
  'zh-CN': { translation: merge(shellZh, kitZh, moduleLocales['zh-CN']) },
  en: { translation: merge(shellEn, kitEn, moduleLocales.en) },
};

void i18n.use(initReactI18next).init({
  resources,
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

export async function switchLocale(locale: Locale): Promise<void> {
  local.set(LANG_KEY, locale);
  applyLocale(locale);
  await i18n.changeLanguage(locale);
}

export default i18n;
