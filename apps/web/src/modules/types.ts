/** The manifest types a module declares itself with (kept in lib/, which the shell, components and modules all read). */
export type { DashboardWidgetDef, HeaderItemDef, ModuleManifest, PageDef, TodoSourceDef } from '../lib/module-types';
