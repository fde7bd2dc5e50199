import { z } from 'zod';
import { resource } from '../http/endpoint';

export const QrStatus = z.enum(['waiting', 'scanned', 'confirmed', 'cancelled', 'expired']);
export type QrStatus = z.infer<typeof QrStatus>;
export const QrGenerateData = z.object({
  qrId: z.string(),
  /** Known only to the browser that asked: a scanned code logs in that browser and no other. */
  pollSecret: z.string(),
  content: z.string(),
  qrDataUrl: z.string(),
  expiresAt: z.string(),
});
export type QrGenerateData = z.infer<typeof QrGenerateData>;
export const QrCheckQuery = z.object({ qrId: z.uuid(), pollSecret: z.string().trim().min(20).max(100) });
export const QrCheckData = z.object({ status: QrStatus, token: z.string().nullable(), expiresAt: z.string().nullable() });
export type QrCheckData = z.infer<typeof QrCheckData>;
export const QrScanBody = z.object({ qrId: z.uuid() });
export const QrScanData = z.object({
  status: QrStatus,
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  userName: z.string(),
});
export type QrScanData = z.infer<typeof QrScanData>;
export const QrConfirmBody = z.object({ qrId: z.uuid(), approve: z.boolean() });
/** Header a bound scan identity (device) sends instead of a session token. */
export const DEVICE_KEY_HEADER = 'x-device-key';

/** QR-code login: the browser shows and polls a code; a signed-in phone (or a bound device) confirms it. */
export const qr = resource(
  { tag: 'auth', base: '/api/login/qrcode' },
  {
    generate: {
      method: 'GET',
      path: '/generate',
      auth: 'none',
      summary: 'A login QR code (2 minutes) and the secret to poll it with',
      data: QrGenerateData,
    },
    check: {
      method: 'GET',
      path: '/check',
      auth: 'none',
      summary: 'Polls a login QR code; once confirmed, answers the session token (once)',
      query: QrCheckQuery,
      data: QrCheckData,
    },
    scan: {
      method: 'POST',
      path: '/scan',
      auth: 'optional',
      summary: 'A signed-in phone (or bound device) opened the code: where was it made?',
      body: QrScanBody,
      data: QrScanData,
    },
    confirm: {
      method: 'POST',
      path: '/confirm',
      auth: 'optional',
      summary: 'The phone approves or refuses the login',
      body: QrConfirmBody,
      data: z.null(),
    },
  },
);
