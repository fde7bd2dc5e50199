import { authApi } from '@breedwise/contracts/auth';
import { createClient } from './api-client';

/**
 * The auth endpoints (login, session, profile, password reset, registration, QR login), typed from
 * their definitions: `api.auth.login.info(query)`. The shell, the user centre and lib use it.
 */
export const api = { auth: createClient(authApi) };
