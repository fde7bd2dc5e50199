/** Where the workflow screens live, for links between them. */
export const bpmPaths = {
  todo: '/bpm/task/todo',
  done: '/bpm/task/done',
  my: '/bpm/task/my',
  instance: (id: number) => `/bpm/task/my/detail/${id}`,
  models: '/bpm/manager/model',
  design: (id: number) => `/bpm/manager/model/design/${id}`,
  definitions: '/bpm/manager/definition',
  forms: '/bpm/manager/form',
  formEdit: (id: number | null) => (id ? `/bpm/manager/form/edit?id=${id}` : '/bpm/manager/form/edit'),
  start: (definitionId?: number) => (definitionId ? `/bpm/task/my/create?definitionId=${definitionId}` : '/bpm/task/my/create'),
  rules: (definitionId: number) => `/bpm/manager/taskAssignRule?definitionId=${definitionId}`,
};

/** The dashboard and the header badge read the to-do count under this key; a decision refreshes it. */
export const todoCountKey = ['bpm', 'task', 'myTodoStatistic'] as const;
