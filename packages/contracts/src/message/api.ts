import { defineApi } from '../http/endpoint';
import { message } from './message';
import { notice } from './notice';
import { env } from './env';

/** Messages, notices and getEnv, under the spec's /auth base. */
export const messageApi = defineApi('message', '/api/auth', { message, notice, env });
