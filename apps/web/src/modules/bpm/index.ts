import { bpmPermissions as P } from '@breedwise/contracts/bpm';
import type { ModuleManifest } from '../types';

/** Workflow: to-do, done, my processes, the instance detail, models and their designer, rules, groups, bindings. */
export const bpmModule: ModuleManifest = {
  key: 'bpm',
  pages: [
    { component: 'bpm/task/todo/index', load: () => import('./task/pages/TodoPage') },
    { component: 'bpm/task/done/index', load: () => import('./task/pages/DonePage') },
    { component: 'bpm/task/my/index', load: () => import('./task/pages/MyProcessPage') },
    { component: 'bpm/manager/model/index', load: () => import('./manager/pages/ModelListPage') },
    { component: 'bpm/manager/form/index', load: () => import('./manager/form/FormListPage') },
    { route: '/bpm/manager/form/edit', titleKey: 'bpm.form.designerTitle', parentPath: '/bpm/manager/form', load: () => import('./manager/form/FormEditPage') },
    { route: '/bpm/task/my/create', titleKey: 'bpm.start.title', parentPath: '/bpm/task/my', load: () => import('./task/pages/StartProcessPage') },
    { component: 'bpm/manager/definition/index', load: () => import('./manager/pages/DefinitionListPage') },
    { component: 'bpm/manager/taskAssignRule/index', load: () => import('./manager/pages/TaskAssignRulePage') },
    { component: 'bpm/manager/user-group/index', load: () => import('./manager/pages/UserGroupPage') },
    { component: 'relationship/detail/index', load: () => import('./manager/pages/RelationshipPage') },
    { component: 'bpm/oa/leave/index', load: () => import('./oa/pages/LeaveListPage') },
    { route: '/bpm/oa/leave/create', titleKey: 'bpm.leave.add', parentPath: '/bpm/oa/leave', load: () => import('./oa/pages/LeaveCreatePage') },
    { route: '/bpm/oa/leave/detail/:id', titleKey: 'bpm.leave.detail', parentPath: '/bpm/oa/leave', load: () => import('./oa/pages/LeaveDetailPage') },
    { route: '/bpm/task/my/detail/:id', titleKey: 'bpm.instance.detail', parentPath: '/bpm/task/my', load: () => import('./task/pages/InstanceDetailPage') },
    {
      route: '/bpm/manager/model/design/:id',
      titleKey: 'bpm.designer.title',
      parentPath: '/bpm/manager/model',
      load: () => import('./manager/pages/ModelDesignPage'),
    },
  ],
  header: [{ key: 'bpm.todo', permission: P.taskQuery, load: () => import('./components/TodoBadge') }],
  dashboard: {
    todos: [
      {
        key: 'bpm.tasks',
        titleKey: 'bpm.todo.line',
        permission: P.taskQuery,
        path: '/bpm/task/todo',
        count: async () => {
          const { api } = await import('./api');
          return (await api.bpm.task.myTodoStatistic(undefined, { errorMode: 'silent' })).todo;
        },
      },
    ],
  },
  locales: { 'zh-CN': () => import('./locales/zh-CN.json'), en: () => import('./locales/en.json') },
};
