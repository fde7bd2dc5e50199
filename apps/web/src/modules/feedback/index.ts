import type { ModuleManifest } from '../types';
import zh from './locales/zh-CN.json';
import en from './locales/en.json';

export const feedbackModule: ModuleManifest = {
  key: 'feedback',
  pages: [{ component: 'system/feedback/index', load: () => import('./pages/FeedbackListPage') }],
  locales: { 'zh-CN': zh, en },
};

export { FeedbackModal } from './components/FeedbackModal';
