import type { ModuleManifest } from '../types';

/** Genomic selection: datasets, models, comparison, inbred and hybrid prediction (spec section 2: gs page group and hidden detail routes). */
export const gsModule: ModuleManifest = {
  key: 'gs',
  pages: [
    { component: 'gs/dataset/index', load: () => import('./dataset/pages/DatasetListPage') },
    { component: 'gs/model/index', load: () => import('./model/pages/ModelListPage') },
    { component: 'gs/prediction/inbred/index', load: () => import('./prediction/pages/PredictListPage') },
    { component: 'gs/prediction/hybrid/index', load: () => import('./hybrid/pages/HybridListPage') },
    { component: 'gs/evaluation/index', load: () => import('./evaluation/pages/EvaluationPage') },
    { component: 'gs/gws/index', load: () => import('./gws/pages/GwsPage') },
    {
      route: '/gs/dataset/components/datasetDetail',
      titleKey: 'gs.dataset.detailTitle',
      parentPath: '/gs/dataset',
      load: () => import('./dataset/pages/DatasetDetailPage'),
    },
    {
      route: '/gs/model/components/modelDetail',
      titleKey: 'gs.model.detailTitle',
      parentPath: '/gs/model',
      load: () => import('./model/pages/ModelDetailPage'),
    },
    {
      route: '/gs/model/components/comparison',
      titleKey: 'gs.model.comparison',
      parentPath: '/gs/model',
      load: () => import('./model/pages/ModelComparePage'),
    },
    {
      route: '/gs/prediction/inbred/components/inbredDetail',
      titleKey: 'gs.predict.detailTitle',
      parentPath: '/gs/prediction/inbred',
      load: () => import('./prediction/pages/InbredDetailPage'),
    },
    {
      route: '/gs/prediction/hybrid/components/hybridDetail',
      titleKey: 'gs.hybrid.detailTitle',
      parentPath: '/gs/prediction/hybrid',
      load: () => import('./hybrid/pages/HybridDetailPage'),
    },
  ],
  // The genome build selector in the header while a gene-selection page (under /gs) is open.
  header: [{ key: 'gs.build', load: () => import('./components/HeaderBuildSelector') }],
  locales: { 'zh-CN': () => import('./locales/zh-CN.json'), en: () => import('./locales/en.json') },
};

export { api } from './api';
export { gsPaths } from './paths';
