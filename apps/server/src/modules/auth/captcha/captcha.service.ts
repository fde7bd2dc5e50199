import { createHash } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import sharp from 'sharp';
import svgCaptcha from 'svg-captcha';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { AppError } from '../../../platform/errors';
import { sysCaptcha } from './captcha.tables';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CAPTCHA_TTL_MS = 5 * 60 * 1000;
const hashAnswer = (text: string) => createHash('sha256').update(text.trim().toLowerCase()).digest('hex');

/** Draws a new captcha for this uuid (replacing an older one) and returns it as a JPEG. */
export async function createCaptcha(db: Db, uuid: string): Promise<Buffer> {
  const captcha = svgCaptcha.create({
    size: 4,
    ignoreChars: '0oO1iIlLg9q',
    noise: 3,
    color: true,
    background: '#eef3f8',
    width: 120,
    height: 40,
    fontSize: 44,
  });
  const jpeg = await sharp(Buffer.from(captcha.data)).flatten({ background: '#eef3f8' }).jpeg({ quality: 85 }).toBuffer();
  const expiresAt = new Date(Date.now() + CAPTCHA_TTL_MS);
  await db.delete(sysCaptcha).where(lt(sysCaptcha.expiresAt, new Date()));
  await db
    .insert(sysCaptcha)
    .values({ uuid, answerHash: hashAnswer(captcha.text), expiresAt })
    .onConflictDoUpdate({ target: sysCaptcha.uuid, set: { answerHash: hashAnswer(captcha.text), expiresAt } });
  return jpeg;
}

/** Single use: the captcha is consumed whether the answer is right or not. */
export async function consumeCaptcha(db: Db, uuid: string | undefined, answer: string | undefined): Promise<boolean> {
  if (!uuid || !answer || !UUID.test(uuid)) return false;
  const [row] = await db.delete(sysCaptcha).where(eq(sysCaptcha.uuid, uuid)).returning();
  return !!row && row.expiresAt > new Date() && row.answerHash === hashAnswer(answer);
}

/** Refuses a form without a right captcha when the installation asks for one (BW_CAPTCHA). */
export async function requireCaptcha(db: Db, config: Config, body: { code?: string; uuid?: string }) {
  if (!config.captcha) return;
  if (!body.code || !body.uuid) throw new AppError(400, 'AUTH_CAPTCHA_REQUIRED', {}, { errors: [] });
  if (!(await consumeCaptcha(db, body.uuid, body.code))) throw new AppError(400, 'AUTH_CAPTCHA_INVALID');
}
