import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import type { Config } from '../../config';

/** What a licence file carries; the file is `{format, payload, signature}` with an Ed25519 signature. */
export interface LicensePayload {
  licenseId: string;
  subject: { code: string; name: string };
  name: string;
  activationDate: string;
  expiryDate: string;
  consumerType: 'user' | 'organisation';
  consumerAmount: number;
  description: string | null;
  issuedAt: string;
}
const FORMAT = 'breedwise-license/1';

/** Keys come from the environment as PEM; `\n` written literally in an env file is accepted. */
const pem = (text: string) => text.replace(/\\n/g, '\n').trim();
const keyCache = new Map<string, KeyObject>();
export function publicKey(config: Pick<Config, 'license'>): KeyObject | null {
  const text = config.license.publicKey;
  if (!text) return null;
  let key = keyCache.get(text);
  if (!key) {
    key = createPublicKey(pem(text));
    keyCache.set(text, key);
  }
  return key;
}
export function signingKey(config: Pick<Config, 'license'>): KeyObject | null {
  const text = config.license.signingKey;
  if (!text) return null;
  let key = keyCache.get(text);
  if (!key) {
    key = createPrivateKey(pem(text));
    keyCache.set(text, key);
  }
  return key;
}

export function signLicense(key: KeyObject, payload: LicensePayload): string {
  const body = JSON.stringify(payload);
  const signature = sign(null, Buffer.from(body), key).toString('base64');
  return JSON.stringify({ format: FORMAT, payload: body, signature }, null, 2);
}

/** The payload of a licence file whose Ed25519 signature verifies, or null. */
export function verifyLicense(key: KeyObject, file: string): LicensePayload | null {
  try {
    const parsed = JSON.parse(file) as { format?: unknown; payload?: unknown; signature?: unknown };
    if (parsed.format !== FORMAT || typeof parsed.payload !== 'string' || typeof parsed.signature !== 'string') return null;
    if (!verify(null, Buffer.from(parsed.payload), key, Buffer.from(parsed.signature, 'base64'))) return null;
    const p = JSON.parse(parsed.payload) as LicensePayload;
    if (!p.licenseId || !/^\d{4}-\d{2}-\d{2}$/.test(p.activationDate) || !/^\d{4}-\d{2}-\d{2}$/.test(p.expiryDate)) return null;
    if (!['user', 'organisation'].includes(p.consumerType) || !Number.isInteger(p.consumerAmount)) return null;
    return p;
  } catch {
    return null;
  }
}
