import { defineApi } from '../http/endpoint';
import { cas } from './cas';
import { captcha, login } from './login';
import { map } from './map';
import { mfa } from './mfa';
import { password } from './password';
import { profile, viewDept } from './profile';
import { qr } from './qr';
import { register } from './register';
import { sms } from './sms';

/** Every auth endpoint, under /api/auth (the spec's auth base). */
export const authApi = defineApi('auth', '/api/auth', { login, captcha, sms, password, register, qr, cas, profile, mfa, viewDept, map });
