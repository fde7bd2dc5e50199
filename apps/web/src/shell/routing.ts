import { matchPath } from 'react-router';
import type { MenuItem } from '@breedwise/contracts/system';
import { dashboardWidgets, headerItems, pageByComponent, routedPages, todoSources } from '../modules/registry';
import type { PageDef } from '../modules/types';
import type { LoginInfoData } from '@breedwise/contracts/auth';
import type { RegistryValue } from '../lib/registry-context';
import { preload } from '../lib/preloadable';
import { queryClient } from '../lib/query';

/** A tab's title: menu titles per language, or a translation key (with the record shown, e.g. "Edit E2026-0003"). */
export type Title = { i18n: Record<string, string> } | { key: string; record?: string };

export interface ResolvedPage {
  page: PageDef;
  path: string;
  params: Record<string, string>;
  title: Title;
  menuId?: number;
  affix: boolean;
  parentPath?: string;
}

export interface MenuIndex {
  byPath: Map<string, MenuItem>;
  /** Ids of the directories above each page, outermost first (for the open menu state). */
  ancestors: Map<string, string[]>;
}

/** An embedded page (spec section 2): opened at /i/{name}, its original path becomes the frame address. */
export function isIframeItem(item: MenuItem): boolean {
  return item.meta.type === 'iframe' || /^https?:\/\//.test(item.path);
}

const IFRAME_PAGE: PageDef = { route: '/i/:name', titleKey: 'embed.title', load: () => import('./embed/IframePage') };

/** Where a menu entry opens. */
export function menuPath(item: MenuItem): string {
  return isIframeItem(item) ? `/i/${item.name}` : item.path;
}

/**
 * Entries shown only beside certain modules (spec section 2): storage space only when the menu holds
 * the account (system) or genomic-selection group, whose data fills the storage.
 */
const SHOWN_WITH: Record<string, string[]> = { storageSpace: ['system', 'gs'] };

export function hiddenByRule(item: MenuItem, menu: MenuItem[]): boolean {
  const needs = SHOWN_WITH[item.name];
  return !!needs && !menu.some((m) => needs.includes(m.name));
}

/** A menu page is usable only when this build has its screen; others stay out of the menu. */
export function isAvailable(item: MenuItem): boolean {
  return isIframeItem(item) || (!!item.component && pageByComponent.has(item.component));
}

/** What the registry knows, as the app provides it to pages (`RegistryContext`). */
export const registryValue: RegistryValue = {
  components: [...pageByComponent.keys()].sort(),
  hasPage: (component) => pageByComponent.has(component),
  isAvailable,
  widgets: dashboardWidgets,
  todos: todoSources,
  headerItems,
};

export function indexMenu(menu: MenuItem[]): MenuIndex {
  const byPath = new Map<string, MenuItem>();
  const ancestors = new Map<string, string[]>();
  const walk = (items: MenuItem[], chain: string[]) => {
    for (const item of items) {
      if (item.children.length && !item.component && !isIframeItem(item)) walk(item.children, [...chain, menuKey(item)]);
      else if (isAvailable(item)) {
        byPath.set(menuPath(item), item);
        ancestors.set(menuPath(item), chain);
      }
    }
  };
  walk(menu, []);
  return { byPath, ancestors };
}

export const menuKey = (item: MenuItem) => (item.component || isIframeItem(item) ? menuPath(item) : `dir:${item.id}`);

/** Finds the screen for a path: a menu entry first, then the modules' own routes. */
export function resolvePath(pathname: string, index: MenuIndex, search?: URLSearchParams): ResolvedPage | null {
  const item = index.byPath.get(pathname);
  if (item) {
    const iframe = isIframeItem(item);
    return {
      page: iframe ? IFRAME_PAGE : pageByComponent.get(item.component!)!,
      path: pathname,
      params: iframe ? { name: item.name, src: item.path } : {},
      title: { i18n: item.meta.titleI18n },
      menuId: item.id,
      affix: item.meta.affix,
    };
  }
  const framed = matchPath({ path: IFRAME_PAGE.route!, end: true }, pathname);
  if (framed) {
    const title = search?.get('title');
    return {
      page: IFRAME_PAGE,
      path: pathname,
      params: { name: framed.params.name ?? '' },
      title: title ? { i18n: { 'zh-CN': title, en: title } } : { key: IFRAME_PAGE.titleKey! },
      affix: false,
    };
  }
  for (const page of routedPages) {
    const match = matchPath({ path: page.route!, end: true }, pathname);
    if (match) {
      return {
        page,
        path: pathname,
        params: Object.fromEntries(Object.entries(match.params).map(([k, v]) => [k, v ?? ''])),
        title: { key: page.titleKey ?? 'tabs.untitled' },
        affix: false,
        parentPath: page.parentPath,
      };
    }
  }
  return null;
}

/** The pages pinned as fixed tabs: menu entries marked affix. */
export function affixPages(index: MenuIndex): MenuItem[] {
  return [...index.byPath.values()].filter((m) => m.meta.affix);
}

/** Where `/` leads: the first pinned page, else the dashboard. */
export function homePath(index: MenuIndex): string {
  return affixPages(index)[0]?.path ?? '/dashboard';
}

/**
 * The page a fresh login lands on (`target`; `/` is the home page) and its first queries, started as soon
 * as login/info is in: their answers arrive while the workspace is drawn, not after it (bench/web). Answers
 * the path to go to. Nothing for a user the guard sends elsewhere (no organisation yet).
 */
export function prefetchPage(target: string, info: LoginInfoData): string {
  if (!info.orgInfo?.orgName) return target;
  const index = indexMenu(info.menu);
  const url = new URL(target, window.location.origin);
  const toHome = url.pathname === '/'; // the workspace would redirect it
  const path = toHome ? homePath(index) : url.pathname;
  resolvePath(path, index, url.searchParams)
    ?.page.prefetch?.(queryClient, info, { widgets: dashboardWidgets, todos: todoSources })
    .catch(() => undefined);
  return toHome ? path : target;
}

/**
 * Starts loading the home page and its widgets (bench/web, issue 14 item 3): called as the login is sent,
 * so their files arrive while the login answers and the workspace draws, rather than one after the other.
 * A widget the user may not see is downloaded but not shown.
 */
export function preloadDashboard(): void {
  const ignore = () => undefined;
  const home = pageByComponent.get('home/dashboard/index');
  if (home) preload(home.load).catch(ignore);
  for (const w of dashboardWidgets) preload(w.load).catch(ignore);
}
