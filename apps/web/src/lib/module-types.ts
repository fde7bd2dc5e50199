import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { LoginInfoData } from '@breedwise/contracts/auth';
import type { Locale } from '@breedwise/contracts';

/** A screen a module provides. Menu pages match the server menu's `component`; detail pages carry a route. */
export interface PageDef {
  /** The menu component key this page implements, e.g. 'doe/exp/location/index'. */
  component?: string;
  /** A route of its own (hidden detail pages), e.g. '/doe/exp/design/viewExperiment/:id'. */
  route?: string;
  /** i18n key of the tab title when the page is not opened from a menu entry. */
  titleKey?: string;
  /** Menu path the page belongs under (hidden detail pages). */
  parentPath?: string;
  load: () => Promise<{ default: ComponentType }>;
  /**
   * Starts the page's first queries (into the app's query client) once login/info is in, when the page is
   * the first one shown after logging in: their answers then arrive while the workspace is drawn.
   */
  prefetch?: (client: QueryClient, info: LoginInfoData, registry: ModuleParts) => Promise<void>;
}

/** A card a module adds to the dashboard, below the default layout. */
export interface DashboardWidgetDef {
  key: string;
  /** Grid columns out of 24. */
  span: 24 | 18 | 16 | 12 | 8 | 6;
  /** Lower first. */
  order: number;
  /** Shown only to holders of this permission. */
  permission?: string;
  /**
   * The widget's module. It may also export `prefetch(client)`: its first queries, which the dashboard's
   * prefetch starts with its own (see PageDef.prefetch).
   */
  load: () => Promise<{ default: ComponentType; prefetch?: (client: QueryClient) => Promise<void> }>;
}

/**
 * One line of the dashboard's to-do list (spec section 6: inbound, outbound, stocktaking, scrap,
 * breeding lists ...). Without the permission the line says the user has no authority.
 */
export interface TodoSourceDef {
  key: string;
  /** i18n key of the line's label. */
  titleKey: string;
  permission: string;
  /** Page that lists the items. */
  path: string;
  count(): Promise<number>;
}

/** A small part a module adds to the header (a badge with a count), before the task center and messages. */
export interface HeaderItemDef {
  key: string;
  /** Shown only to holders of this permission. */
  permission?: string;
  load: () => Promise<{ default: ComponentType }>;
}

/** The parts of every module that one module's page may show (the dashboard: widgets and to-do lines). */
export interface ModuleParts {
  widgets: readonly DashboardWidgetDef[];
  todos: readonly TodoSourceDef[];
}

export interface ModuleManifest {
  key: string;
  pages: PageDef[];
  /** Header parts (the workflow's to-do badge). */
  header?: HeaderItemDef[];
  dashboard?: { widgets?: DashboardWidgetDef[]; todos?: TodoSourceDef[] };
  /**
   * Module texts, merged under the module key: `t('doe.location.title')`. Loaded per language (the build
   * puts every module's texts of one language in one file): the workspace loads the current language's,
   * a language switch the other's.
   */
  locales: Record<Locale, () => Promise<{ default: Record<string, unknown> }>>;
}
