import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { AppError } from './errors';

/** Host names of this machine: a link to one of them can only lead back to the reader's own computer. */
const LOOPBACK = /^(localhost|[\w-]+\.localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** `host` or `host:port` (IPv6 in brackets) split into its name and port. */
function splitHost(host: string): { name: string; port: string | null } {
  const m = /^(\[[^\]]*\]|[^:]*)(?::(\d+))?$/.exec(host.trim().toLowerCase());
  return m ? { name: m[1], port: m[2] ?? null } : { name: '', port: null };
}

/** True when the host is loopback or named in BW_ALLOWED_HOSTS (an entry without a port matches any port). */
export function isAllowedHost(config: Pick<Config, 'allowedHosts'>, host: string | undefined): boolean {
  if (!host) return false;
  const { name, port } = splitHost(host);
  if (!name) return false;
  if (LOOPBACK.test(name)) return true;
  return config.allowedHosts.some((entry) => {
    const allowed = splitHost(entry);
    return allowed.name === name && (allowed.port === null || allowed.port === port);
  });
}

/**
 * The address of the web app for links in e-mails, SMS and QR codes. It comes from configuration
 * only: BW_PUBLIC_URL when set; otherwise the request's own address, but only when its host is a
 * loopback name or one of BW_ALLOWED_HOSTS. A request for any other host (a forged `Host` or
 * `X-Forwarded-Host`) gets no link: 400 HOST_NOT_ALLOWED.
 */
export function linkOrigin(config: Pick<Config, 'publicUrl' | 'allowedHosts'>, req: Pick<FastifyRequest, 'host' | 'protocol'>): string {
  if (config.publicUrl) return config.publicUrl;
  if (!isAllowedHost(config, req.host)) throw new AppError(400, 'HOST_NOT_ALLOWED', { host: String(req.host ?? '').slice(0, 100) });
  return `${req.protocol === 'https' ? 'https' : 'http'}://${req.host.toLowerCase()}`;
}
