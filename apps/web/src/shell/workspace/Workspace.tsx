import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NotFoundPage } from '../pages/NotFoundPage';
import { affixPages, homePath, resolvePath, type MenuIndex, type ResolvedPage } from '../routing';
import { useWorkspace, type Tab } from './store';
import { TabPane } from './TabPane';
import { TabsBar } from './TabsBar';
import { titleText } from './title';
import { onLogout } from '../../lib/session';
import { useLoginInfo } from '../auth-api';
import { useEmbedBridge } from '../embed/useEmbedBridge';

/**
 * The tabbed workspace. The address bar is the source of truth: every visited page becomes (or
 * activates) a tab; closing a tab navigates to the one that takes its place.
 */
export function Workspace({ index, showTabs }: { index: MenuIndex; showTabs: boolean }) {
  const location = useLocation();
  const navigate = useNavigate();
  const { t, i18n } = useTranslation();
  const { tabs, activeKey, open, close, closeOthers, clear } = useWorkspace();

  useEffect(() => onLogout(clear), [clear]);

  const home = homePath(index);
  const current = location.pathname === '/' ? null : resolvePath(location.pathname, index, new URLSearchParams(location.search));

  // Fixed tabs are always there.
  useEffect(() => {
    for (const item of affixPages(index)) {
      const key = item.path;
      if (!useWorkspace.getState().tabs.some((tb) => tb.key === key)) {
        const before = useWorkspace.getState().activeKey;
        open({ key, path: item.path, search: '', title: { i18n: item.meta.titleI18n }, affix: true });
        if (before) useWorkspace.setState({ activeKey: before });
      }
    }
  }, [index, open]);

  useEffect(() => {
    if (location.pathname === '/') {
      navigate(home, { replace: true });
      return;
    }
    if (!current) return;
    open({
      key: current.path + location.search,
      path: current.path,
      search: location.search,
      title: current.title,
      affix: current.affix,
      parentPath: current.parentPath,
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname, location.search, index]);

  // Resolve every open tab once per menu change; tabs whose page vanished (menu edited) are dropped.
  const resolved = useMemo(() => {
    const map = new Map<string, ResolvedPage>();
    for (const tab of tabs) {
      const r = resolvePath(tab.path, index, new URLSearchParams(tab.search));
      if (r) map.set(tab.key, r);
    }
    return map;
  }, [tabs, index]);

  const active = tabs.find((tb) => tb.key === activeKey);
  useEffect(() => {
    const appName = t('app.name');
    document.title = active && current ? `${titleText(active.title, t, i18n.language)} - ${appName}` : appName;
  }, [active, current, t, i18n.language]);

  const go = (key: string | null) => {
    const tab = useWorkspace.getState().tabs.find((tb) => tb.key === key);
    navigate(tab ? tab.path + tab.search : home);
  };
  const select = (tab: Tab) => navigate(tab.path + tab.search);
  const closeTab = (key: string) => {
    const wasActive = useWorkspace.getState().activeKey === key;
    const next = close(key);
    if (wasActive) go(next);
  };
  const closeOthersTab = (key: string) => {
    closeOthers(key);
    go(key);
  };
  const closePrevious = (key: string) => {
    // Close this tab and return to the one used before it, whichever tab is showing now.
    useWorkspace.setState({ activeKey: key });
    go(close(key));
  };

  const { data: info } = useLoginInfo();
  const keyOfPath = (path: string | null) =>
    path ? (useWorkspace.getState().tabs.find((tb) => tb.key === path || tb.path === path)?.key ?? null) : useWorkspace.getState().activeKey;
  useEmbedBridge(info?.embedOrigins ?? [], {
    open: (path) => navigate(path),
    openFrame: (name, url, title) => navigate(`/i/${name}?src=${encodeURIComponent(url)}${title ? `&title=${encodeURIComponent(title)}` : ''}`),
    replace: (from, path) => {
      const key = keyOfPath(from);
      if (key) close(key);
      navigate(path);
    },
    refresh: (path) => {
      const key = keyOfPath(path);
      if (key) useWorkspace.getState().refresh(key);
    },
    close: (path) => {
      const key = keyOfPath(path);
      if (!key) return null;
      // The tab on screen may not be active yet (its navigation is still settling): compare the address too.
      const shown = window.location.pathname + window.location.search;
      const wasActive = useWorkspace.getState().activeKey === key || key === shown;
      const next = close(key);
      if (wasActive) go(next);
      return next;
    },
  });

  const showNotFound = location.pathname !== '/' && !current;
  return (
    <div className="bw-workspace">
      {showTabs && <TabsBar onSelect={select} onClose={closeTab} onCloseOthers={closeOthersTab} onClosePrevious={closePrevious} />}
      <div className="bw-workspace-body">
        {tabs.map((tab) => {
          const r = resolved.get(tab.key);
          return r ? <TabPane key={tab.key} tab={tab} page={r.page} params={r.params} active={!showNotFound && tab.key === activeKey} /> : null;
        })}
        {showNotFound && (
          <div className="bw-tab-pane">
            <NotFoundPage />
          </div>
        )}
      </div>
    </div>
  );
}
