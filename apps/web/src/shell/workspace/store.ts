import { create } from 'zustand';
import { session } from '../../lib/storage';
import type { Title } from '../routing';

export interface Tab {
  /** pathname + search: the same screen with other parameters is another tab. */
  key: string;
  path: string;
  search: string;
  title: Title;
  affix: boolean;
  /** Bumped by refresh: the page is removed and added again. */
  version: number;
  parentPath?: string;
}

/** A detail page opened this session, shown in the menu under its parent entry (spec section 2). */
export interface OpenedPage {
  parent: string;
  path: string;
  title: Title;
}

interface WorkspaceState {
  tabs: Tab[];
  opened: OpenedPage[];
  activeKey: string | null;
  /** Activation order, most recent last: "close and go to the previous tab". */
  history: string[];
  open(tab: Omit<Tab, 'version'>): void;
  close(key: string): string | null;
  closeOthers(key: string): void;
  refresh(key: string): void;
  /** Gives an open tab (and its entry among the opened pages) another title: the page titles it by its record. */
  retitle(key: string, title: Title): void;
  clear(): void;
}

const STORE_KEY = 'bw-tabs';
const saved = session.get<Pick<WorkspaceState, 'tabs' | 'activeKey' | 'history' | 'opened'>>(STORE_KEY, { tabs: [], activeKey: null, history: [], opened: [] });

/** The next tab to show when `key` closes: the previously active one, else the right or left neighbour. */
function successor(state: Pick<WorkspaceState, 'tabs' | 'history'>, key: string): string | null {
  const remaining = state.tabs.filter((t) => t.key !== key);
  const previous = [...state.history].reverse().find((k) => k !== key && remaining.some((t) => t.key === k));
  if (previous) return previous;
  const i = state.tabs.findIndex((t) => t.key === key);
  return (state.tabs[i + 1] ?? state.tabs[i - 1])?.key ?? null;
}

export const useWorkspace = create<WorkspaceState>((set, get) => ({
  ...saved,
  opened: saved.opened ?? [],
  open: (tab) =>
    set((s) => {
      const exists = s.tabs.some((t) => t.key === tab.key);
      // Activating an open tab keeps the record title its page gave it.
      const keep = (t: Tab) => 'key' in t.title && !!t.title.record && 'key' in tab.title && !('record' in tab.title && tab.title.record);
      const tabs = exists ? s.tabs.map((t) => (t.key === tab.key ? { ...t, title: keep(t) ? t.title : tab.title } : t)) : [...s.tabs, { ...tab, version: 0 }];
      // Fixed tabs stay in front, in the order they were pinned.
      tabs.sort((a, b) => Number(b.affix) - Number(a.affix));
      // Detail pages join the menu under their parent for the rest of the session.
      const opened =
        tab.parentPath && !s.opened.some((o) => o.path === tab.path)
          ? [...s.opened, { parent: tab.parentPath, path: tab.path, title: tab.title }].slice(-30)
          : s.opened;
      return { tabs, opened, activeKey: tab.key, history: [...s.history.filter((k) => k !== tab.key), tab.key].slice(-50) };
    }),
  close: (key) => {
    const s = get();
    const tab = s.tabs.find((t) => t.key === key);
    if (!tab || tab.affix) return s.activeKey;
    const next = s.activeKey === key ? successor(s, key) : s.activeKey;
    set({ tabs: s.tabs.filter((t) => t.key !== key), activeKey: next, history: s.history.filter((k) => k !== key) });
    return next;
  },
  closeOthers: (key) =>
    set((s) => ({
      tabs: s.tabs.filter((t) => t.affix || t.key === key),
      activeKey: key,
      history: s.history.filter((k) => k === key || s.tabs.some((t) => t.key === k && t.affix)),
    })),
  refresh: (key) => set((s) => ({ tabs: s.tabs.map((t) => (t.key === key ? { ...t, version: t.version + 1 } : t)) })),
  retitle: (key, title) =>
    set((s) => {
      const tab = s.tabs.find((t) => t.key === key);
      if (!tab || JSON.stringify(tab.title) === JSON.stringify(title)) return s;
      return {
        tabs: s.tabs.map((t) => (t.key === key ? { ...t, title } : t)),
        opened: s.opened.map((o) => (o.path === tab.path ? { ...o, title } : o)),
      };
    }),
  clear: () => set({ tabs: [], activeKey: null, history: [], opened: [] }),
}));

useWorkspace.subscribe((s) => session.set(STORE_KEY, { tabs: s.tabs, activeKey: s.activeKey, history: s.history, opened: s.opened }));

/** Layout preferences restored at first entry (spec section 2): menu collapse and the tab bar. */
export interface LayoutSettings {
  collapsed: boolean;
  showTabs: boolean;
}
