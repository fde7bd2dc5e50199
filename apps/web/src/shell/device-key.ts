import { DEVICE_KEY_HEADER } from '@breedwise/contracts/auth';
import { local } from '../lib/storage';

const DEVICE_KEY = 'bw-device-key';

/** A bound scan identity (this phone) confirms QR logins with its device key instead of a session. */
export const deviceKey = {
  get: () => local.get<string | null>(DEVICE_KEY, null),
  set: (key: string) => local.set(DEVICE_KEY, key),
};

/** The header that carries this phone's device key, when it has one. */
export function deviceHeader(): Record<string, string> {
  const key = deviceKey.get();
  return key ? { [DEVICE_KEY_HEADER]: key } : {};
}
