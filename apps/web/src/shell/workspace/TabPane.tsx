import { lazy, Suspense, useLayoutEffect, useMemo, useRef, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { Spin } from 'antd';
import type { PageDef } from '../../modules/types';
import { PageContext } from '../../lib/page-context';
import { PageErrorBoundary } from './PageErrorBoundary';
import { useWorkspace, type Tab } from './store';

const lazyCache = new Map<PageDef, LazyExoticComponent<ComponentType>>();
function lazyPage(page: PageDef) {
  let component = lazyCache.get(page);
  if (!component) {
    component = lazy(page.load);
    lazyCache.set(page, component);
  }
  return component;
}

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
  const Page = lazyPage(page);
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
