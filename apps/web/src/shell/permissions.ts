import { hasPermission } from '@breedwise/contracts';
import { useLoginInfo } from './auth-api';

/** True when the user holds any of the permissions (the web only hides; the server decides). */
export function usePermission(...required: string[]): boolean {
  const { data } = useLoginInfo();
  if (!data) return false;
  return required.length === 0 || required.some((p) => hasPermission(data.permissions, p));
}
