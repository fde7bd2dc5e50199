import type { FastifyInstance } from 'fastify';
import { audit, sourceOf } from './audit.service';

export { audit, sourceOf, redact, type AuditSource, type AuditEvent } from './audit.service';
export { sysAuditLog } from './audit.tables';
export { installForeignAccessAudit } from './foreign-access';
export { installEndpointAudit, snapshot } from './endpoint-audit';

/**
 * Records every refusal for lack of rights (403), whether the auth hook refused the route or a
 * service refused the object: who, which route, which permission, from where.
 */
export function installAudit(app: FastifyInstance) {
  app.addHook('onResponse', async (req, reply) => {
    if (reply.statusCode !== 403) return;
    const config = req.routeOptions.config ?? {};
    try {
      await audit(app.database.db, sourceOf(req), {
        action: 'access.denied',
        result: 'denied',
        targetType: 'route',
        targetId: `${req.method} ${req.routeOptions.url ?? req.url.split('?')[0]}`,
        detail: { permission: config.permission ?? null, scope: config.scope ?? null },
      });
    } catch (err) {
      req.log.error({ err }, 'audit record failed');
    }
  });
}
