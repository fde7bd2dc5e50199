import { z } from 'zod';
import { IdParam } from '../envelope';
import { resource } from '../http/endpoint';

export const CasQrcodeData = z.object({ code: z.string(), content: z.string(), qrDataUrl: z.string(), expiresAt: z.string() });
export type CasQrcodeData = z.infer<typeof CasQrcodeData>;
export const CasBindQuery = z.object({ code: z.string().trim().min(20).max(100), deviceName: z.string().trim().max(100).optional() });
export const CasBindData = z.object({ deviceKey: z.string(), userName: z.string(), deviceName: z.string() });
export type CasBindData = z.infer<typeof CasBindData>;
export const CasCheckQuery = z.object({ code: z.string().trim().min(20).max(100) });
/** checkCode answers one raw word, not the envelope. */
export const CAS_CHECK_STATES = ['waiting', 'bound', 'expired'] as const;
export const ScanIdentityRow = z.object({ id: z.number().int(), deviceName: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() });
export type ScanIdentityRow = z.infer<typeof ScanIdentityRow>;

/** Scan identities (CAS): a device bound to a user that may confirm that user's QR-code logins. */
export const cas = resource(
  { tag: 'auth', base: '' },
  {
    qrcode: {
      method: 'GET',
      path: '/cas/getQrcode',
      summary: 'A binding QR code (5 minutes) for a device to scan',
      data: CasQrcodeData,
    },
    bind: {
      method: 'GET',
      path: '/cas/bindQrcode',
      auth: 'none',
      summary: 'The device redeems a binding code and receives its device key',
      query: CasBindQuery,
      data: CasBindData,
    },
    check: {
      method: 'GET',
      path: '/cas/checkCode',
      summary: 'Polls a binding code; answers one raw word: waiting, bound or expired',
      query: CasCheckQuery,
      raw: z.enum(CAS_CHECK_STATES),
    },
    identities: {
      method: 'GET',
      path: '/api/profile/scan-identities',
      summary: 'Devices bound to confirm my QR-code logins',
      data: z.array(ScanIdentityRow),
    },
    removeIdentity: {
      method: 'DELETE',
      path: '/api/profile/scan-identities/:id',
      summary: 'Unbinds a device',
      params: IdParam,
      data: z.null(),
    },
  },
);
