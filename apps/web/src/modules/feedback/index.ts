import { lazy } from 'react';
import type { ModuleManifest } from '../types';

export const feedbackModule: ModuleManifest = {
  key: 'feedback',
  pages: [{ component: 'system/feedback/index', load: () => import('./pages/FeedbackListPage') }],
  locales: { 'zh-CN': () => import('./locales/zh-CN.json'), en: () => import('./locales/en.json') },
};

/** The feedback dialog (with its file uploader), loaded when first opened: render it inside `<Suspense>`. */
export const FeedbackModal = lazy(() => import('./components/FeedbackModal').then((m) => ({ default: m.FeedbackModal })));
