import { addLocales } from '../lib/i18n';
import shellZh from '../locales/zh-CN.json';
import shellEn from '../locales/en.json';
import kitZh from '../components/locales/zh-CN.json';
import kitEn from '../components/locales/en.json';

// The texts of the shell and the shared components; each module's (merged under its key) are added by the
// workspace when it loads (shell/routing.ts), so the login page does not download every module.
addLocales({ 'zh-CN': shellZh, en: shellEn });
addLocales({ 'zh-CN': kitZh, en: kitEn });
