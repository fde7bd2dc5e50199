/** The shell's calls of the auth endpoints go through the typed client (`api.auth.*`, lib/auth-api.ts). */
export { api } from '../lib/auth-api';
export { loginInfoKey, useLoginInfo } from '../lib/login-info';
