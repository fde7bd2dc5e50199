import { lazy } from 'react';
import type { ModuleManifest } from '../types';
import zh from './locales/zh-CN.json';
import en from './locales/en.json';

export const feedbackModule: ModuleManifest = {
  key: 'feedback',
  pages: [{ component: 'system/feedback/index', load: () => import('./pages/FeedbackListPage') }],
  locales: { 'zh-CN': zh, en },
};

/** The feedback dialog (with its file uploader), loaded when first opened: render it inside `<Suspense>`. */
export const FeedbackModal = lazy(() => import('./components/FeedbackModal').then((m) => ({ default: m.FeedbackModal })));
