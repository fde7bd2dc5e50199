import { Suspense, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Spin } from 'antd';
import type { PageDef } from '../../modules/types';
import { PageContext } from '../../lib/page-context';
import { usePreloaded } from '../../lib/preloadable';
import { PageErrorBoundary } from './PageErrorBoundary';
import { useWorkspace, type Tab } from './store';

const scrollPositions = new Map<string, number>();

/**
 * One open tab. Its page mounts the first time the tab is shown (a deep link does not also render the
 * pinned dashboard behind it), then stays mounted while other tabs are shown (pages are cached per tab)
 * and keeps its own scroll position; refresh remounts it.
 */
export function TabPane({ tab, page, params, active }: { tab: Tab; page: PageDef; params: Record<string, string>; active: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const refresh = useWorkspace((s) => s.refresh);
  const retitle = useWorkspace((s) => s.retitle);
  // Lazily loaded; drawn at once when preloaded (the home page, as the login is sent).
  const Page = usePreloaded(page.load);
  const [shown, setShown] = useState(active);
  if (active && !shown) setShown(true);
  const context = useMemo(
    () => ({
      params,
      search: new URLSearchParams(tab.search),
      path: tab.path,
      tabKey: tab.key,
      active,
      setRecordTitle: (key: string, record: string) => retitle(tab.key, { key, record }),
    }),
    [params, tab.search, tab.path, tab.key, active, retitle],
  );

  useLayoutEffect(() => {
    if (active && ref.current) ref.current.scrollTop = scrollPositions.get(tab.key) ?? 0;
  }, [active, tab.key]);

  return (
    <div
      ref={ref}
      className="bw-tab-pane"
      style={{ display: active ? 'block' : 'none' }}
      data-tab={tab.key}
      onScroll={(e) => scrollPositions.set(tab.key, e.currentTarget.scrollTop)}
    >
      {shown && (
        <PageContext.Provider value={context}>
          <PageErrorBoundary key={tab.version} onReload={() => refresh(tab.key)}>
            <Suspense
              fallback={
                <div className="bw-page-loading">
                  <Spin />
                </div>
              }
            >
              <Page key={tab.version} />
            </Suspense>
          </PageErrorBoundary>
        </PageContext.Provider>
      )}
    </div>
  );
}
