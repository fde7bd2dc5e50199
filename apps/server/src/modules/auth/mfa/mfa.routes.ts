import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { authApi } from '@breedwise/contracts/auth';
import { registerEndpoints } from '../../../platform/endpoints';
import { AppError } from '../../../platform/errors';
import { verifyPassword } from '../../../platform/password';
import { audit, sourceOf } from '../../audit';
import { sysUser } from '../../system';
import { disableTotp, enableTotp, replaceRecoveryCodes, setupTotp, verifyTotpOnly } from './totp.service';

/** My authenticator: handlers of the definitions in `@breedwise/contracts/auth` (mfa). */
export function mfaRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, authApi.resources.mfa, {
    setup: (req) => setupTotp(db, req.ctx.userId, req.ctx.username),
    enable: async (req) => {
      const data = await enableTotp(db, req.ctx.userId, req.body.totpCode);
      await audit(db, sourceOf(req), { action: 'account.totp.enable', targetType: 'user', targetId: req.ctx.userId });
      return data;
    },
    disable: async (req) => {
      const [user] = await db.select({ hash: sysUser.passwordHash }).from(sysUser).where(eq(sysUser.id, req.ctx.userId));
      if (!(await verifyPassword(user.hash, req.body.password))) throw new AppError(400, 'AUTH_PASSWORD_WRONG');
      await db.transaction(async (tx) => {
        await disableTotp(tx, req.ctx.userId);
        await audit(tx, sourceOf(req), { action: 'account.totp.disable', targetType: 'user', targetId: req.ctx.userId });
      });
      return null;
    },
    recoveryCodes: async (req) => {
      if (!(await verifyTotpOnly(db, req.ctx.userId, req.body.totpCode))) throw new AppError(400, 'AUTH_MFA_INVALID');
      const codes = await replaceRecoveryCodes(db, req.ctx.userId);
      await audit(db, sourceOf(req), { action: 'account.totp.recoveryCodes', targetType: 'user', targetId: req.ctx.userId });
      return { recoveryCodes: codes };
    },
  });
}
