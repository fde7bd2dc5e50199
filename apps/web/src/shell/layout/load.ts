/**
 * The workspace's chunk, shared by the route that draws it and the login page that preloads it; it resolves
 * once the modules' texts of the current language are in too, so the workspace never draws raw keys.
 */
export const loadMainLayout = () =>
  import('./MainLayout').then(async (m) => {
    await m.moduleLocalesReady;
    return { default: m.MainLayout };
  });
