import { useCallback } from 'react';
import { hasPermission } from '@breedwise/contracts';
import { useLoginInfo } from './login-info';

/** True when the user holds any of the permissions (the web only hides; the server decides). */
export function usePermission(...required: string[]): boolean {
  const { data } = useLoginInfo();
  if (!data) return false;
  return required.length === 0 || required.some((p) => hasPermission(data.permissions, p));
}

/** A checker for permissions known only at render time (row actions declared as data). */
export function usePermissionChecker(): (permission: string) => boolean {
  const { data } = useLoginInfo();
  return useCallback((permission: string) => !!data && hasPermission(data.permissions, permission), [data]);
}
