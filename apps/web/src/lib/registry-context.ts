import { createContext, useContext } from 'react';
import type { MenuItem } from '@breedwise/contracts/system';
import type { DashboardWidgetDef, HeaderItemDef, TodoSourceDef } from './module-types';

/**
 * What the module registry knows, as pages read it: the screens of this build, the dashboard's widgets and
 * to-do sources. The app provides it (`RegistryContext.Provider`, set by the shell from the manifests), so
 * a module that shows other modules' parts (the dashboard, the menu editor) does not import the registry,
 * which imports every module: no cycle.
 */
export interface RegistryValue {
  /** Menu component keys this build has a screen for, sorted. */
  components: readonly string[];
  /** Whether this build has the screen of a menu component key. */
  hasPage(component: string): boolean;
  /** Whether a menu entry leads somewhere in this build (its screen exists, or it is an embedded page). */
  isAvailable(item: MenuItem): boolean;
  /** Dashboard cards the modules add, in their order. */
  widgets: readonly DashboardWidgetDef[];
  /** Lines of the dashboard's to-do list the modules declare. */
  todos: readonly TodoSourceDef[];
  /** Header parts the modules add (badges). */
  headerItems: readonly HeaderItemDef[];
}

/** Nothing registered: what a page sees outside the app (unit tests of a single page). */
export const emptyRegistry: RegistryValue = {
  components: [],
  hasPage: () => false,
  isAvailable: () => false,
  widgets: [],
  todos: [],
  headerItems: [],
};

export const RegistryContext = createContext<RegistryValue>(emptyRegistry);

/** The module registry as the app provides it. */
export function useRegistry(): RegistryValue {
  return useContext(RegistryContext);
}
