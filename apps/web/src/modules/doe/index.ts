import { Permissions } from '@breedwise/contracts';
import type { ModuleManifest } from '../types';
import zh from './locales/zh-CN.json';
import en from './locales/en.json';

const P = Permissions.doe;

export const doeModule: ModuleManifest = {
  key: 'doe',
  pages: [
    { component: 'doe/exp/location/index', load: () => import('./pages/LocationListPage') },
    { component: 'doe/team/index', load: () => import('./pages/TeamListPage') },
    { component: 'doe/project/index', load: () => import('./pages/ProjectListPage') },
    { component: 'doe/exp/design/index', load: () => import('./pages/ExperimentListPage') },
    { component: 'doe/exp/germList/index', load: () => import('./pages/GermListPage') },
    { component: 'doe/exp/harvest/index', load: () => import('./pages/HarvestListPage') },
    { component: 'doe/germplasm/design/index', load: () => import('./pages/GermDesignListPage') },
    { component: 'doe/nursery/entries/index', load: () => import('./pages/EntryGroupListPage') },
    { component: 'doe/activity/category/index', load: () => import('./pages/ActivityCategoryPage') },
    { component: 'doe/activity/record/index', load: () => import('./pages/ActivityRecordPage') },
    { route: '/doe/exp/design/editExperiment/:id', titleKey: 'doe.experiment.editTitle', parentPath: '/doe/exp/design', load: () => import('./pages/ExperimentEditPage') },
    { route: '/doe/exp/design/viewExperiment/:id', titleKey: 'doe.experiment.viewTitle', parentPath: '/doe/exp/design', load: () => import('./pages/ExperimentViewPage') },
    { route: '/doe/exp/location/viewLocation', titleKey: 'doe.location.viewTitle', parentPath: '/doe/exp/location', load: () => import('./pages/LocationViewPage') },
    { route: '/doe/exp/location/viewField', titleKey: 'doe.field.viewTitle', parentPath: '/doe/exp/location', load: () => import('./pages/FieldViewPage') },
    { route: '/doe/exp/location/editField', titleKey: 'doe.field.editTitle', parentPath: '/doe/exp/location', load: () => import('./pages/FieldEditPage') },
    { route: '/doe/germplasm/design/editDesign/:id', titleKey: 'doe.germDesign.editTitle', parentPath: '/doe/germplasm/design', load: () => import('./pages/GermDesignEditPage') },
    { route: '/doe/germplasm/design/viewDesign/:id', titleKey: 'doe.germDesign.viewTitle', parentPath: '/doe/germplasm/design', load: () => import('./pages/GermDesignViewPage') },
    { route: '/doe/nursery/entries/viewGroup/:id', titleKey: 'doe.group.viewTitle', parentPath: '/doe/nursery/entries', load: () => import('./pages/EntryGroupViewPage') },
    { route: '/doe/nursery/entries/viewExpGroup/:id', titleKey: 'doe.group.viewExpTitle', parentPath: '/doe/nursery/entries', load: () => import('./pages/EntryGroupViewPage') },
  ],
  dashboard: {
    widgets: [{ key: 'doe.experiments', span: 24, order: 20, permission: P.experimentList, load: () => import('./components/ExperimentStatsWidget') }],
  },
  locales: { 'zh-CN': zh, en },
};

export { locationApi } from './api';
