import { doePermissions as P } from '@breedwise/contracts/doe';
import type { ModuleManifest } from '../types';

export const doeModule: ModuleManifest = {
  key: 'doe',
  pages: [
    { component: 'doe/exp/location/index', load: () => import('./location/pages/LocationListPage') },
    { component: 'doe/team/index', load: () => import('./team/pages/TeamListPage') },
    { component: 'doe/project/index', load: () => import('./project/pages/ProjectListPage') },
    { component: 'doe/exp/design/index', load: () => import('./experiment/pages/ExperimentListPage') },
    { component: 'doe/exp/germList/index', load: () => import('./germlist/pages/GermListPage') },
    { component: 'doe/exp/harvest/index', load: () => import('./harvest/pages/HarvestListPage') },
    { component: 'doe/germplasm/design/index', load: () => import('./germ-design/pages/GermDesignListPage') },
    { component: 'doe/nursery/entries/index', load: () => import('./entry-group/pages/EntryGroupListPage') },
    { component: 'doe/activity/category/index', load: () => import('./activity/pages/ActivityCategoryPage') },
    { component: 'doe/activity/record/index', load: () => import('./activity/pages/ActivityRecordPage') },
    {
      route: '/doe/exp/design/editExperiment/:id',
      titleKey: 'doe.experiment.editTitle',
      parentPath: '/doe/exp/design',
      load: () => import('./experiment/pages/ExperimentEditPage'),
    },
    {
      route: '/doe/exp/design/viewExperiment/:id',
      titleKey: 'doe.experiment.viewTitle',
      parentPath: '/doe/exp/design',
      load: () => import('./experiment/pages/ExperimentViewPage'),
    },
    {
      route: '/doe/exp/location/viewLocation',
      titleKey: 'doe.location.viewTitle',
      parentPath: '/doe/exp/location',
      load: () => import('./location/pages/LocationViewPage'),
    },
    {
      route: '/doe/exp/location/viewField',
      titleKey: 'doe.field.viewTitle',
      parentPath: '/doe/exp/location',
      load: () => import('./field/pages/FieldViewPage'),
    },
    {
      route: '/doe/exp/location/editField',
      titleKey: 'doe.field.editTitle',
      parentPath: '/doe/exp/location',
      load: () => import('./field/pages/FieldEditPage'),
    },
    {
      route: '/doe/germplasm/design/editDesign/:id',
      titleKey: 'doe.germDesign.editTitle',
      parentPath: '/doe/germplasm/design',
      load: () => import('./germ-design/pages/GermDesignEditPage'),
    },
    {
      route: '/doe/germplasm/design/viewDesign/:id',
      titleKey: 'doe.germDesign.viewTitle',
      parentPath: '/doe/germplasm/design',
      load: () => import('./germ-design/pages/GermDesignViewPage'),
    },
    {
      route: '/doe/nursery/entries/viewGroup/:id',
      titleKey: 'doe.entryGroup.viewTitle',
      parentPath: '/doe/nursery/entries',
      load: () => import('./entry-group/pages/EntryGroupViewPage'),
    },
    {
      route: '/doe/nursery/entries/viewExpGroup/:id',
      titleKey: 'doe.entryGroup.viewExpTitle',
      parentPath: '/doe/nursery/entries',
      load: () => import('./entry-group/pages/EntryGroupViewPage'),
    },
  ],
  dashboard: {
    widgets: [
      { key: 'doe.experiments', span: 24, order: 20, permission: P.experimentList, load: () => import('./experiment/components/ExperimentStatsWidget') },
    ],
  },
  locales: { 'zh-CN': () => import('./locales/zh-CN.json'), en: () => import('./locales/en.json') },
};

export { api } from './api';
/** The DOE field map: draws any plots (the nursery's layout uses it). */
export { FieldMap } from './components/FieldMap';
