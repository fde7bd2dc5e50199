import { createContext, useContext } from 'react';

export interface PageContextValue {
  /** Route parameters of the page (`:id`). */
  params: Record<string, string>;
  search: URLSearchParams;
  path: string;
  tabKey: string;
  /** True while the page's tab is the visible one. */
  active: boolean;
}

export const PageContext = createContext<PageContextValue | null>(null);

/** The route parameters and tab of the page a component is rendered in. */
export function usePage(): PageContextValue {
  const value = useContext(PageContext);
  if (!value) throw new Error('usePage() outside a workspace page');
  return value;
}
