import { createContext, useContext, useEffect } from 'react';

export interface PageContextValue {
  /** Route parameters of the page (`:id`). */
  params: Record<string, string>;
  search: URLSearchParams;
  path: string;
  tabKey: string;
  /** True while the page's tab is the visible one. */
  active: boolean;
  /** Titles the page's tab by its record: the translated `key` followed by `record` ("Edit E2026-0003"). */
  setRecordTitle(key: string, record: string): void;
}

export const PageContext = createContext<PageContextValue | null>(null);

/** The route parameters and tab of the page a component is rendered in. */
export function usePage(): PageContextValue {
  const value = useContext(PageContext);
  if (!value) throw new Error('usePage() outside a workspace page');
  return value;
}

/**
 * Titles the page's tab (and the browser title) by the record it shows, once the record is known:
 * `useRecordTitle('common.edit', data?.code)` gives "Edit E2026-0003" / "编辑 E2026-0003".
 */
export function useRecordTitle(key: string, record: string | null | undefined): void {
  const { setRecordTitle } = usePage();
  useEffect(() => {
    if (record) setRecordTitle(key, record);
  }, [setRecordTitle, key, record]);
}
