/** The workspace's chunk, shared by the route that draws it and the login page that preloads it. */
export const loadMainLayout = () => import('./MainLayout').then((m) => ({ default: m.MainLayout }));
