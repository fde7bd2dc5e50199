import type { ModuleManifest } from '../types';

/** Phenotype data: traits, the experiments' observations, Field Book, quality checks and analysis. */
export const phenoModule: ModuleManifest = {
  key: 'pheno',
  pages: [
    { component: 'pheno/variable/index', load: () => import('./variable/pages/VariableListPage') },
    { component: 'pheno/study/index', load: () => import('./study/pages/StudyListPage') },
    { route: '/pheno/study/view/:id', titleKey: 'pheno.study.viewTitle', parentPath: '/pheno/study', load: () => import('./study/pages/StudyPage') },
  ],
  locales: { 'zh-CN': () => import('./locales/zh-CN.json'), en: () => import('./locales/en.json') },
};

/** For other modules (the nursery's field survey chooses the crop's traits): the typed phenotype client. */
export { api } from './api';
