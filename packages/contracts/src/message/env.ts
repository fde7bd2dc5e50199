import { z } from 'zod';
import { LoginMethod } from '../system/org';
import { resource } from '../http/endpoint';

/** GET /api/auth/api/getEnv: what the web needs to know about this installation. */
export const EnvData = z.object({
  env: z.string(),
  version: z.string(),
  smsConfigured: z.boolean(),
  mailConfigured: z.boolean(),
  loginMethods: z.array(LoginMethod),
  chatAiEnable: z.boolean(),
  serverTime: z.string(),
});
export type EnvData = z.infer<typeof EnvData>;

/** About this installation (public). */
export const env = resource(
  { tag: 'messages', base: '/api' },
  {
    getEnv: {
      method: 'GET',
      path: '/getEnv',
      auth: 'none',
      summary: 'About this installation: environment, version, configured senders, login methods',
      data: EnvData,
    },
  },
);
