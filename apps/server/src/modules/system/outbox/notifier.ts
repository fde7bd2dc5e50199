import nodemailer from 'nodemailer';
import type { Config } from '../../../config';
import type { DbOrTx } from '../../../db/client';
import { AppError } from '../../../platform/errors';
import { sysOutbox } from './outbox.tables';

export interface OutgoingSms {
  to: string;
  text: string;
  purpose: string;
  /** The part of the text that is secret (a code): masked in the record of a message that left. */
  secret?: string;
}
export interface OutgoingMail extends OutgoingSms {
  subject: string;
}

/** Where SMS and e-mail go. Without a gateway configured, messages wait in the outbox table. */
export interface Notifier {
  readonly smsConfigured: boolean;
  readonly mailConfigured: boolean;
  sms(db: DbOrTx, msg: OutgoingSms): Promise<void>;
  mail(db: DbOrTx, msg: OutgoingMail): Promise<void>;
}

const mask = (text: string, secret?: string) => (secret ? text.split(secret).join('*'.repeat(secret.length)) : text);

/**
 * The HTTP SMS gateway protocol: `POST BW_SMS_URL` with `Authorization: Bearer BW_SMS_TOKEN` and a JSON
 * body `{to, text, sender}`; any 2xx answer means accepted.
 */
async function postSms(config: Config['sms'], msg: OutgoingSms): Promise<void> {
  const res = await fetch(config.url!, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(config.token ? { authorization: `Bearer ${config.token}` } : {}) },
    body: JSON.stringify({ to: msg.to, text: msg.text, sender: config.sender }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
}

export function createNotifier(config: Pick<Config, 'sms' | 'mail'>): Notifier {
  const transport = config.mail.smtpUrl ? nodemailer.createTransport(config.mail.smtpUrl, { from: config.mail.from }) : null;
  const record = (db: DbOrTx, row: typeof sysOutbox.$inferInsert) => db.insert(sysOutbox).values(row);
  return {
    smsConfigured: !!config.sms.url,
    mailConfigured: !!transport,
    async sms(db, msg) {
      if (!config.sms.url) {
        await record(db, { channel: 'sms', recipient: msg.to, body: msg.text, purpose: msg.purpose, status: 'outbox' });
        return;
      }
      try {
        await postSms(config.sms, msg);
        await record(db, { channel: 'sms', recipient: msg.to, body: mask(msg.text, msg.secret), purpose: msg.purpose, status: 'sent' });
      } catch (err) {
        await record(db, {
          channel: 'sms',
          recipient: msg.to,
          body: mask(msg.text, msg.secret),
          purpose: msg.purpose,
          status: 'failed',
          error: String((err as Error).message).slice(0, 300),
        });
        throw new AppError(502, 'SYS_SMS_SEND_FAILED');
      }
    },
    async mail(db, msg) {
      if (!transport) {
        await record(db, { channel: 'email', recipient: msg.to, subject: msg.subject, body: msg.text, purpose: msg.purpose, status: 'outbox' });
        return;
      }
      try {
        await transport.sendMail({ from: config.mail.from, to: msg.to, subject: msg.subject, text: msg.text });
        await record(db, { channel: 'email', recipient: msg.to, subject: msg.subject, body: mask(msg.text, msg.secret), purpose: msg.purpose, status: 'sent' });
      } catch (err) {
        await record(db, {
          channel: 'email',
          recipient: msg.to,
          subject: msg.subject,
          body: mask(msg.text, msg.secret),
          purpose: msg.purpose,
          status: 'failed',
          error: String((err as Error).message).slice(0, 300),
        });
        throw new AppError(502, 'SYS_MAIL_SEND_FAILED');
      }
    },
  };
}

const notifiers = new WeakMap<object, Notifier>();
/** One notifier per configuration (per app instance). */
export function notifierFor(config: Pick<Config, 'sms' | 'mail'>): Notifier {
  let n = notifiers.get(config);
  if (!n) {
    n = createNotifier(config);
    notifiers.set(config, n);
  }
  return n;
}
