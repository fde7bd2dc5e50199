import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BindPhoneBody, BrandQuery, CAS_CHECK_STATES, CROP_COOKIE, CaptchaQuery, CasBindData, CasBindQuery, CasCheckQuery, CasQrcodeData, ChangePasswordBody,
  DEVICE_KEY_HEADER, EditPasswordBody, EmptyEnvelope, Envelope, ExpiredKeyData, ExpiredKeyQuery, IdParam, LocaleParam, LoginBody, LoginData,
  LoginInfoData, LoginInitData, MfaLoginBody, MobileLoginBody, PasswordConfirmBody, PREFERENCE_COOKIE_SECONDS, ProfileData, ProfileUpdate,
  QrCheckData, QrCheckQuery, QrConfirmBody, QrGenerateData, QrScanBody, QrScanData, RecoveryCodesData, RegisterBody, RegisterData,
  RegisterInitData, ResetPasswordBody, RetrievePasswordBody, ScanIdentityRow, SendResetEmailBody, SessionIdParam, SessionRow, SmsSendBody,
  SmsSendData, TotpCodeBody, TotpSetupData, ViewDeptBody, ViewDeptData,
} from '@breedwise/contracts';
import { AppError } from '../../platform/errors';
import { ok } from '../../platform/reply';
import { audit, sourceOf } from '../audit';
import {
  bindPhone, changePassword, endOtherSessions, endOwnSession, getUserIdByExpiredKey, getViewDepts, listSessions, profile, registerInit,
  registerSubmit, resetPassword, retrievePassword, sendResetPasswordEmail, setViewDepts, updateProfile,
} from './account.service';
import { createCaptcha, consumeCaptcha } from './captcha';
import { sendCode } from './code.service';
import {
  changeLocale, editPassword, login, loginInfo, loginInit, loginMfa, loginMobile, logout, setCrop, setOrg, type Attempt,
} from './login.service';
import { verifyPassword } from './password';
import {
  casBind, casCheck, casQrcode, checkQr, confirmerFromDeviceKey, confirmQr, generateQr, listScanIdentities, removeScanIdentity, scanQr, type Confirmer,
} from './qr.service';
import { sysUser } from '../system/system.tables';
import { disableTotp, enableTotp, replaceRecoveryCodes, setupTotp, verifyTotpOnly } from './totp.service';

/** The address of the web app for links and QR codes: BW_PUBLIC_URL, else where the request came to. */
function originOf(app: FastifyInstance, req: FastifyRequest): string {
  return app.config.publicUrl ?? `${req.protocol}://${req.host}`;
}

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const cfg = app.config;
  const tags = ['auth'];

  const attemptOf = (req: FastifyRequest): Attempt => {
    const cropCookie = Number(req.cookies[CROP_COOKIE]);
    return {
      ip: req.ip,
      userAgent: req.headers['user-agent'],
      preferredCropId: Number.isInteger(cropCookie) ? cropCookie : undefined,
      locale: req.locale,
      requestId: req.id,
    };
  };
  const where = (req: FastifyRequest, path?: string) => ({ host: req.host, path });

  r.get('/api/login/init', {
    config: { auth: 'none' },
    schema: { tags, summary: 'Login page settings: captcha, login methods, app name, version, brand (by host and entry path)', querystring: BrandQuery, response: { 200: Envelope(LoginInitData) } },
  }, async (req) => ok(req, await loginInit(db, cfg, where(req, req.query.path))));

  r.get('/captcha.jpg', {
    config: { auth: 'none' },
    schema: { tags, summary: 'A JPEG captcha bound to the given uuid (valid 5 minutes, single use)', querystring: CaptchaQuery },
  }, async (req, reply) => {
    const jpeg = await createCaptcha(db, req.query.uuid);
    return reply.header('content-type', 'image/jpeg').header('cache-control', 'no-store').send(jpeg);
  });

  r.post('/api/login', {
    config: { auth: 'none' },
    schema: { tags, summary: 'Password login (form-encoded): a session token, or mfaRequired with an mfaToken', body: LoginBody, response: { 200: Envelope(LoginData) } },
  }, async (req) => ok(req, await login(db, cfg, req.body, attemptOf(req))));

  r.post('/api/sms/send', {
    config: { auth: 'none' },
    schema: { tags, summary: 'Sends a six-digit code to a mobile number (login, reset); capped per number and per day', body: SmsSendBody, response: { 200: Envelope(SmsSendData) } },
  }, async (req) => {
    if (req.body.purpose === 'bind') throw new AppError(400, 'CODE_INVALID');
    if (req.body.purpose === 'login' && !cfg.sms.login) throw new AppError(403, 'SMS_LOGIN_DISABLED');
    if (cfg.captcha) {
      if (!req.body.code || !req.body.uuid) throw new AppError(400, 'CAPTCHA_REQUIRED', {}, { errors: [] });
      if (!(await consumeCaptcha(db, req.body.uuid, req.body.code))) throw new AppError(400, 'CAPTCHA_INVALID');
    }
    return ok(req, await sendCode(db, cfg, { purpose: req.body.purpose, mobile: req.body.mobile, ip: req.ip, locale: req.locale }));
  });

  r.post('/api/login/mobile', {
    config: { auth: 'none' },
    schema: { tags, summary: 'Login by mobile number and SMS code (form-encoded)', body: MobileLoginBody, response: { 200: Envelope(LoginData) } },
  }, async (req) => ok(req, await loginMobile(db, cfg, req.body, attemptOf(req))));

  r.post('/api/login/mfa', {
    config: { auth: 'none' },
    schema: { tags, summary: 'Second login step: an authenticator code or a recovery code (form-encoded)', body: MfaLoginBody, response: { 200: Envelope(LoginData) } },
  }, async (req) => ok(req, await loginMfa(db, cfg, req.body, attemptOf(req))));

  r.post('/api/login/editPassword', {
    config: { auth: 'none' },
    schema: { tags, summary: 'Changes a password with the current one (login page form, form-encoded); every session ends', body: EditPasswordBody, response: { 200: EmptyEnvelope } },
  }, async (req) => {
    await editPassword(db, cfg, req.body, attemptOf(req));
    return ok(req, null);
  });

  r.get('/api/login/info', {
    schema: { tags, summary: 'User, permissions, organisation, crops, menu and brand of the session', querystring: BrandQuery, response: { 200: Envelope(LoginInfoData) } },
  }, async (req) => ok(req, await loginInfo(db, cfg, req.ctx, req.locale, where(req, req.query.path))));

  r.post('/api/login/logout', {
    config: { auth: 'optional' },
    schema: { tags, summary: 'Ends the session (answers success even without one)', response: { 200: EmptyEnvelope } },
  }, async (req) => {
    await logout(db, req.maybeCtx, sourceOf(req));
    return ok(req, null);
  });

  r.post('/api/login/setOrgId/:id', {
    schema: { tags, summary: 'Switches the session to another organisation of the user', params: IdParam, response: { 200: EmptyEnvelope } },
  }, async (req) => {
    await setOrg(db, req.ctx, req.params.id);
    return ok(req, null);
  });

  r.post('/api/login/setCropId/:id', {
    schema: { tags, summary: 'Switches the session crop; remembered in a cookie for 7 days', params: IdParam, response: { 200: EmptyEnvelope } },
  }, async (req, reply) => {
    await setCrop(db, req.ctx, req.params.id);
    reply.setCookie(CROP_COOKIE, String(req.params.id), { path: '/', maxAge: PREFERENCE_COOKIE_SECONDS, sameSite: 'lax', httpOnly: false });
    return ok(req, null);
  });

  r.get('/api/login/changeLocal/:locale', {
    schema: { tags, summary: 'Sets the language of the session and the user', params: LocaleParam, response: { 200: Envelope(z.object({ locale: LocaleParam.shape.locale })) } },
  }, async (req) => {
    await changeLocale(db, req.ctx, req.params.locale);
    req.locale = req.params.locale;
    return ok(req, { locale: req.params.locale });
  });

  // ---- password reset and registration (spec names, form-encoded) ------------------------------------
  r.post('/api/sendResetPasswordEmail', {
    config: { auth: 'none' },
    schema: { tags, summary: 'E-mails a reset link valid 30 minutes; answers the same whether or not the account exists', body: SendResetEmailBody, response: { 200: EmptyEnvelope } },
  }, async (req) => {
    await sendResetPasswordEmail(db, cfg, req.body, originOf(app, req), req.locale, sourceOf(req));
    return ok(req, null);
  });
  r.get('/api/getUserIdByExpiredKey', {
    config: { auth: 'none' },
    schema: { tags, summary: 'The account of a live reset link', querystring: ExpiredKeyQuery, response: { 200: Envelope(ExpiredKeyData) } },
  }, async (req) => ok(req, await getUserIdByExpiredKey(db, req.query.userExpiredKey)));
  r.post('/api/resetPassword', {
    config: { auth: 'none' },
    schema: { tags, summary: 'Sets a new password from a reset link; every session ends', body: ResetPasswordBody, response: { 200: EmptyEnvelope } },
  }, async (req) => {
    await resetPassword(db, req.body, req.locale, sourceOf(req));
    return ok(req, null);
  });
  r.post('/api/retrievePasswrd', {
    config: { auth: 'none' },
    schema: { tags, summary: 'Sets a new password with a code sent to the verified mobile number; every session ends', body: RetrievePasswordBody, response: { 200: EmptyEnvelope } },
  }, async (req) => {
    await retrievePassword(db, req.body, req.locale, sourceOf(req));
    return ok(req, null);
  });
  r.get('/api/registerInit', {
    config: { auth: 'none' },
    schema: { tags, summary: 'Whether and where users may register, and the password rules', response: { 200: Envelope(RegisterInitData) } },
  }, async (req) => ok(req, await registerInit(db, cfg)));
  r.post('/register/register-submit', {
    config: { auth: 'none' },
    schema: { tags, summary: 'Registers a user (enabled at once, or pending an administrator\'s approval)', body: RegisterBody, response: { 200: Envelope(RegisterData) } },
  }, async (req) => ok(req, await registerSubmit(db, cfg, req.body, req.locale, sourceOf(req))));

  // ---- QR-code login ------------------------------------------------------------------------------------
  const confirmer = async (req: FastifyRequest): Promise<Confirmer> => {
    if (req.maybeCtx) return { userId: req.maybeCtx.userId, username: req.maybeCtx.username };
    const key = req.headers[DEVICE_KEY_HEADER];
    const device = await confirmerFromDeviceKey(db, typeof key === 'string' ? key : undefined);
    if (!device) throw new AppError(401, 'UNAUTHORIZED');
    return device;
  };
  r.get('/api/login/qrcode/generate', {
    config: { auth: 'none' },
    schema: { tags, summary: 'A login QR code (2 minutes) and the secret to poll it with', response: { 200: Envelope(QrGenerateData) } },
  }, async (req) => ok(req, await generateQr(db, originOf(app, req), attemptOf(req))));
  r.get('/api/login/qrcode/check', {
    config: { auth: 'none' },
    schema: { tags, summary: 'Polls a login QR code; once confirmed, answers the session token (once)', querystring: QrCheckQuery, response: { 200: Envelope(QrCheckData) } },
  }, async (req) => ok(req, await checkQr(db, cfg, req.query.qrId, req.query.pollSecret, attemptOf(req))));
  r.post('/api/login/qrcode/scan', {
    config: { auth: 'optional' },
    schema: { tags, summary: 'A signed-in phone (or bound device) opened the code: where was it made?', body: QrScanBody, response: { 200: Envelope(QrScanData) } },
  }, async (req) => ok(req, await scanQr(db, req.body.qrId, await confirmer(req))));
  r.post('/api/login/qrcode/confirm', {
    config: { auth: 'optional' },
    schema: { tags, summary: 'The phone approves or refuses the login', body: QrConfirmBody, response: { 200: EmptyEnvelope } },
  }, async (req) => {
    await confirmQr(db, req.body.qrId, req.body.approve, await confirmer(req), sourceOf(req));
    return ok(req, null);
  });

  // ---- CAS: binding a scan identity ------------------------------------------------------------------------
  r.get('/cas/getQrcode', {
    schema: { tags, summary: 'A binding QR code (5 minutes) for a device to scan', response: { 200: Envelope(CasQrcodeData) } },
  }, async (req) => ok(req, await casQrcode(db, req.ctx, originOf(app, req))));
  r.get('/cas/bindQrcode', {
    config: { auth: 'none' },
    schema: { tags, summary: 'The device redeems a binding code and receives its device key', querystring: CasBindQuery, response: { 200: Envelope(CasBindData) } },
  }, async (req) => ok(req, await casBind(db, req.query.code, req.query.deviceName, req.headers['user-agent'], sourceOf(req))));
  r.get('/cas/checkCode', {
    schema: { tags, summary: 'Polls a binding code; answers one raw word: waiting, bound or expired', querystring: CasCheckQuery, response: { 200: z.enum(CAS_CHECK_STATES) } },
  }, async (req, reply) => reply.type('text/plain; charset=utf-8').send(await casCheck(db, req.ctx, req.query.code)));

  // ---- profile: password, phone, authenticator, sessions, scan identities, department scope -----------------
  const ptags = ['profile'];
  r.get('/api/profile', {
    schema: { tags: ptags, summary: 'My account', response: { 200: Envelope(ProfileData) } },
  }, async (req) => ok(req, await profile(db, cfg, req.ctx)));
  r.put('/api/profile', {
    schema: { tags: ptags, summary: 'Updates my name and e-mail', body: ProfileUpdate, response: { 200: EmptyEnvelope } },
  }, async (req) => {
    await updateProfile(db, req.ctx, req.body, sourceOf(req));
    return ok(req, null);
  });
  r.put('/api/profile/password', {
    schema: { tags: ptags, summary: 'Changes my password; my other sessions end', body: ChangePasswordBody, response: { 200: EmptyEnvelope } },
  }, async (req) => {
    await changePassword(db, req.ctx, req.body, sourceOf(req));
    return ok(req, null);
  });
  r.post('/api/profile/phone/send', {
    schema: { tags: ptags, summary: 'Sends a code to confirm a mobile number', body: SmsSendBody.pick({ mobile: true }), response: { 200: Envelope(SmsSendData) } },
  }, async (req) => ok(req, await sendCode(db, cfg, { purpose: 'bind', mobile: req.body.mobile, ip: req.ip, locale: req.locale, userId: req.ctx.userId })));
  r.post('/api/profile/phone', {
    schema: { tags: ptags, summary: 'Confirms my mobile number with the code sent to it', body: BindPhoneBody, response: { 200: EmptyEnvelope } },
  }, async (req) => {
    await bindPhone(db, req.ctx, req.body, sourceOf(req));
    return ok(req, null);
  });
  r.post('/api/profile/totp/setup', {
    schema: { tags: ptags, summary: 'Starts authenticator enrolment: the secret as a QR code (shown once)', response: { 200: Envelope(TotpSetupData) } },
  }, async (req) => ok(req, await setupTotp(db, req.ctx.userId, req.ctx.username)));
  r.post('/api/profile/totp/enable', {
    schema: { tags: ptags, summary: 'Finishes enrolment with a first code; answers the recovery codes (shown once)', body: TotpCodeBody, response: { 200: Envelope(RecoveryCodesData) } },
  }, async (req) => {
    const data = await enableTotp(db, req.ctx.userId, req.body.totpCode);
    await audit(db, sourceOf(req), { action: 'account.totp.enable', targetType: 'user', targetId: req.ctx.userId });
    return ok(req, data);
  });
  r.post('/api/profile/totp/disable', {
    schema: { tags: ptags, summary: 'Removes my authenticator (needs my password)', body: PasswordConfirmBody, response: { 200: EmptyEnvelope } },
  }, async (req) => {
    const [user] = await db.select({ hash: sysUser.passwordHash }).from(sysUser).where(eq(sysUser.id, req.ctx.userId));
    if (!(await verifyPassword(user.hash, req.body.password))) throw new AppError(400, 'PASSWORD_WRONG');
    await db.transaction(async (tx) => {
      await disableTotp(tx, req.ctx.userId);
      await audit(tx, sourceOf(req), { action: 'account.totp.disable', targetType: 'user', targetId: req.ctx.userId });
    });
    return ok(req, null);
  });
  r.post('/api/profile/totp/recovery-codes', {
    schema: { tags: ptags, summary: 'New recovery codes (needs an authenticator code); the old ones stop working', body: TotpCodeBody, response: { 200: Envelope(RecoveryCodesData) } },
  }, async (req) => {
    if (!(await verifyTotpOnly(db, req.ctx.userId, req.body.totpCode))) throw new AppError(400, 'MFA_INVALID');
    const codes = await replaceRecoveryCodes(db, req.ctx.userId);
    await audit(db, sourceOf(req), { action: 'account.totp.recoveryCodes', targetType: 'user', targetId: req.ctx.userId });
    return ok(req, { recoveryCodes: codes });
  });
  r.get('/api/profile/sessions', {
    schema: { tags: ptags, summary: 'My live sessions', response: { 200: Envelope(z.array(SessionRow)) } },
  }, async (req) => ok(req, await listSessions(db, req.ctx)));
  r.delete('/api/profile/sessions/:id', {
    schema: { tags: ptags, summary: 'Ends one of my sessions', params: SessionIdParam, response: { 200: EmptyEnvelope } },
  }, async (req) => {
    await endOwnSession(db, req.ctx, req.params.id, sourceOf(req));
    return ok(req, null);
  });
  r.post('/api/profile/sessions/end-others', {
    schema: { tags: ptags, summary: 'Ends all my sessions but this one', response: { 200: Envelope(z.object({ count: z.number().int() })) } },
  }, async (req) => ok(req, { count: await endOtherSessions(db, req.ctx, sourceOf(req)) }));
  r.get('/api/profile/scan-identities', {
    schema: { tags: ptags, summary: 'Devices bound to confirm my QR-code logins', response: { 200: Envelope(z.array(ScanIdentityRow)) } },
  }, async (req) => ok(req, await listScanIdentities(db, req.ctx)));
  r.delete('/api/profile/scan-identities/:id', {
    schema: { tags: ptags, summary: 'Unbinds a device', params: IdParam, response: { 200: EmptyEnvelope } },
  }, async (req) => {
    await removeScanIdentity(db, req.ctx, req.params.id, sourceOf(req));
    return ok(req, null);
  });
  r.get('/api/user/viewDeptIds', {
    schema: { tags: ptags, summary: 'The departments whose data I chose to see, and the department tree', response: { 200: Envelope(ViewDeptData) } },
  }, async (req) => ok(req, await getViewDepts(db, req.ctx)));
  r.post('/api/user/viewDeptIds', {
    schema: { tags: ptags, summary: 'Sets the departments whose data I see', body: ViewDeptBody, response: { 200: EmptyEnvelope } },
  }, async (req) => {
    await setViewDepts(db, req.ctx, req.body.deptIds, sourceOf(req));
    return ok(req, null);
  });
}
