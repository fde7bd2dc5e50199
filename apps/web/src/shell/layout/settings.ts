import { create } from 'zustand';
import { local } from '../../lib/storage';

export interface LayoutSettings {
  collapsed: boolean;
  showTabs: boolean;
  /** The user's name tiled over the workspace (a deterrent for screenshots of sensitive data). */
  watermark: boolean;
}

const KEY = 'bw-layout';

/** Layout, menu-collapse and tag-bar settings persist locally and are restored at first entry. */
export const useLayoutSettings = create<LayoutSettings & { update(patch: Partial<LayoutSettings>): void }>((set) => ({
  ...{ collapsed: false, showTabs: true, watermark: false, ...local.get<Partial<LayoutSettings>>(KEY, {}) },
  update: (patch) =>
    set((s) => {
      const next = { collapsed: s.collapsed, showTabs: s.showTabs, watermark: s.watermark, ...patch };
      local.set(KEY, next);
      return next;
    }),
}));
