import type { ReactNode } from 'react';
import { hasPermission } from '@breedwise/contracts';
import { useLoginInfo } from '../../lib/login-info';

export interface AuthorizedProps {
  /** Shown when the user holds any of these permission strings. */
  permissions?: string[];
  /** Shown when the user has any of these roles. */
  roles?: string[];
}

/**
 * True when the user holds any of the permissions or any of the roles (spec section 6: the element
 * directives). With neither given, anyone signed in passes. The web only hides; the server decides.
 */
export function useAuthorized({ permissions = [], roles = [] }: AuthorizedProps): boolean {
  const { data } = useLoginInfo();
  if (!data) return false;
  if (!permissions.length && !roles.length) return true;
  return permissions.some((p) => hasPermission(data.permissions, p)) || roles.some((r) => data.userInfo.roles.includes(r));
}

/** Ownership check of spec section 6: the signed-in user's id is the given id, or one of the list. */
export function useIsOwner(owner: number | readonly number[] | null | undefined): boolean {
  const { data } = useLoginInfo();
  if (!data || owner === null || owner === undefined) return false;
  return Array.isArray(owner) ? owner.includes(data.userInfo.userId) : owner === data.userInfo.userId;
}

/** Renders its children only for a user with any of the permissions or roles (else `fallback`). */
export function Authorized({ children, fallback = null, ...rule }: AuthorizedProps & { children: ReactNode; fallback?: ReactNode }) {
  return <>{useAuthorized(rule) ? children : fallback}</>;
}
