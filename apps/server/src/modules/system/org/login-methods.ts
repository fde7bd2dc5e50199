import type { LoginMethod } from '@breedwise/contracts/system';
import type { Config } from '../../../config';

/** The ways users may sign in here (the login page, getEnv). */
export function loginMethods(config: Config): LoginMethod[] {
  // SMS codes are offered only alongside the stronger TOTP (ASVS 6.6.1), which every account may enrol.
  return ['password', ...(config.sms.login ? (['phone'] as const) : []), 'qrcode', 'mfa'];
}
