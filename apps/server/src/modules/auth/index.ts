import type { FastifyInstance } from 'fastify';
import type { ServerModule } from '../../platform/module';
import { captchaRoutes } from './captcha/captcha.routes';
import { casRoutes } from './cas/cas.routes';
import { loginRoutes } from './login/login.routes';
import { mapRoutes } from './map/map.routes';
import { mfaRoutes } from './mfa/mfa.routes';
import { passwordRoutes } from './password/password.routes';
import { profileRoutes } from './profile/profile.routes';
import { qrRoutes } from './qr/qr.routes';
import { registerRoutes } from './register/register.routes';
import { smsRoutes } from './sms/sms.routes';

export { resolveSession, type SessionPolicy } from './login/session.service';
export { sysScanIdentity } from './cas/cas.tables';

/** Login, sessions, MFA, SMS and QR login, password reset and registration (under /api/auth). Built on system. */
export const authModule: ServerModule = {
  name: 'auth',
  routes: (app: FastifyInstance) => {
    loginRoutes(app);
    captchaRoutes(app);
    smsRoutes(app);
    passwordRoutes(app);
    registerRoutes(app);
    qrRoutes(app);
    casRoutes(app);
    profileRoutes(app);
    mfaRoutes(app);
    mapRoutes(app);
  },
};
