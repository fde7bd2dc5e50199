import { addLocales } from '../lib/i18n';
import shellZh from '../locales/zh-CN.json';
import shellEn from '../locales/en.json';
import kitZh from '../components/locales/zh-CN.json';
import kitEn from '../components/locales/en.json';
import { moduleLocales } from '../modules/registry';

// Every text of the app: the shell's, the shared components' and each module's (merged under its key).
addLocales({ 'zh-CN': shellZh, en: shellEn });
addLocales({ 'zh-CN': kitZh, en: kitEn });
addLocales(moduleLocales);
