import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/** Query parameters that carry a secret: a signed link's signature, tokens, one-time keys and codes. */
const SECRET_PARAMS = /^(sig|signature|token|access_token|key|code|secret|pollsecret|userexpiredkey|devicekey|password)$/i;

/** A request URL as it may be logged: the values of secret query parameters replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A malformed escape: judge the raw name.
      }
      return eq >= 0 && SECRET_PARAMS.test(decoded.trim()) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}

/** The access log's pino options: session headers and secret query parameters never reach the log. */
export function loggerOptions(config: Pick<Config, 'logLevel'>): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level: config.logLevel,
    redact: { paths: ['req.headers.token', 'req.headers.cookie', 'req.headers.authorization'], censor: '[redacted]' },
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket ? req.socket.remotePort : undefined,
      }),
    },
  };
}
