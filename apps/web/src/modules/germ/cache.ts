/** The home dashboard caches its to-do counts under this key (home's TodoList): a change of documents refreshes them. */
export const dashboardTodoKey = ['dashboard', 'todo'] as const;
