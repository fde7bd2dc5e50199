import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers, worked out once. `@fastify/helmet` builds the helmet middleware again for
 * every request (parsing the content security policy each time: 3 % of the API's CPU under the load
 * benchmark); these headers depend on nothing in the request, so they are computed at start-up and set
 * on every reply.
 */
export function securityHeaders(options: Readonly<HelmetOptions>): { set: Record<string, string>; remove: string[] } {
  const set: Record<string, string> = {};
  const remove: string[] = [];
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      set[name] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      remove.push(name);
    },
  };
  helmet(options)({} as never, res as never, (error?: unknown) => {
    if (error) throw error;
  });
  return { set, remove };
}

export function installSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const { set, remove } = securityHeaders(options);
  const entries = Object.entries(set);
  // On the raw response, as helmet does: a reply that streams or hijacks carries them too, and a route's
  // own value (a file's `sandbox` policy) still wins.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of entries) reply.raw.setHeader(name, value);
    for (const name of remove) reply.raw.removeHeader(name);
    done();
  });
}
