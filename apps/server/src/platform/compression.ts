import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Smaller answers gain nothing worth the work (and a compressed body this small may grow). */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * JSON answers of 1 KB and more are sent brotli- (or gzip-) compressed when the client accepts it (issue 14
 * item 3: the login info with its menu tree was 20 KB on the wire). Brotli at quality 4: about gzip's speed,
 * smaller. Files (downloads, the web app's precompressed assets) are not touched. Installed after the other
 * onSend hooks, so they see the JSON text.
 */
export function installResponseCompression(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (Buffer.byteLength(payload) < COMPRESS_MIN_BYTES || reply.hasHeader('content-encoding')) return payload;
    if (!/^application\/json\b/.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    const accepted = String(req.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
    reply.header('vary', 'accept-encoding');
    if (!encoding) return payload;
    const body =
      encoding === 'br'
        ? await brotli(payload, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(payload) } })
        : await gzip(payload, { level: 6 });
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return body;
  });
}
