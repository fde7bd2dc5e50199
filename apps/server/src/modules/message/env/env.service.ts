import { APP_VERSION } from '@breedwise/contracts';
import type { EnvData } from '@breedwise/contracts/message';
import type { Config } from '../../../config';
import { loginMethods, notifierFor } from '../../system';

/** GET getEnv: environment, version, configured senders, login methods, server time. */
export function environment(config: Config): EnvData {
  const notifier = notifierFor(config);
  return {
    env: config.env,
    version: APP_VERSION,
    smsConfigured: notifier.smsConfigured,
    mailConfigured: notifier.mailConfigured,
    loginMethods: loginMethods(config),
    chatAiEnable: config.chatAi,
    serverTime: new Date().toISOString(),
  };
}
