import { addLocales } from '../lib/i18n';
import { moduleLocales } from '../modules/registry';

// Each module's texts, merged under its key. The workspace imports this file, so the login page (which
// needs only the shell's texts, app/locales.ts) does not download every module's manifest.
addLocales(moduleLocales);
