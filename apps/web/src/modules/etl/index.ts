import type { ModuleManifest } from '../types';

/** Data pipelines (the spec's bpm pipeline page): pipelines, runs with row reports, business data tables. */
export const etlModule: ModuleManifest = {
  key: 'etl',
  pages: [
    { component: 'bpm/pipeline/index', load: () => import('./pipeline/pages/PipelineListPage') },
    { route: '/bpm/pipeline/new', titleKey: 'etl.pipeline.add', parentPath: '/bpm/pipeline', load: () => import('./pipeline/pages/PipelineEditPage') },
    {
      route: '/bpm/pipeline/edit/:id',
      titleKey: 'etl.pipeline.editTitle',
      parentPath: '/bpm/pipeline',
      load: () => import('./pipeline/pages/PipelineEditPage'),
    },
    {
      route: '/bpm/pipeline/business/:id',
      titleKey: 'etl.business.dataTitle',
      parentPath: '/bpm/pipeline',
      load: () => import('./business/pages/BusinessDataPage'),
    },
  ],
  locales: { 'zh-CN': () => import('./locales/zh-CN.json'), en: () => import('./locales/en.json') },
};
