import type { Locale } from '@breedwise/contracts';
import { addLocaleLoader, addLocales } from '../lib/i18n';
import { loadModuleLocales } from '../modules/registry';

// Each module's texts, merged under its key, of the current language only (a language switch loads the
// other's first). The workspace imports this file, so the login page (which needs only the shell's texts,
// app/locales.ts) does not download every module's manifest; the workspace is drawn once they are in
// (layout/load.ts).
const loaded = new Map<Locale, Promise<void>>();
const load = (locale: Locale) => {
  if (!loaded.has(locale))
    loaded.set(
      locale,
      loadModuleLocales(locale).then(
        (texts) => addLocales({ [locale]: texts }),
        (error: unknown) => {
          loaded.delete(locale); // a failed download (a new build deployed) is tried again
          throw error;
        },
      ),
    );
  return loaded.get(locale)!;
};

export const moduleLocalesReady = addLocaleLoader(load);
/** Both languages' texts (the unit tests switch languages without waiting). */
export const loadAllModuleLocales = () => Promise.all([load('zh-CN'), load('en')]);
