import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth.routes';

export { resolveSession, endUserSessions, type SessionPolicy } from './session.service';
export { hashPassword } from './password';
export { assertPasswordAllowed, setPassword } from './password-policy';
export { sysUserTotp } from './auth.tables';

/** Mounted at /api/auth. */
export async function authModule(app: FastifyInstance) {
  await app.register(authRoutes);
}
