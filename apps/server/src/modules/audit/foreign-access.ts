import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, getTableName, ne } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { scopeOf } from '../../platform/request-scope';
import { audit, sourceOf } from './audit.service';

/** At most this many records of foreign-row 404s per user and minute; the rest are counted into the next record. */
const PER_MINUTE = 10;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INTEGER_ID = new Set(['PgSerial', 'PgInteger', 'PgBigSerial53', 'PgBigInt53']);

type OrgTable = PgTable & { id: PgColumn; orgId: PgColumn };

/** Ids the request named: route parameters, and `id` or `<thing>Id` fields of the query and body. */
function namedIds(req: FastifyRequest): { key: string; value: string }[] {
  const out: { key: string; value: string }[] = [];
  const add = (source: unknown, all: boolean) => {
    if (!source || typeof source !== 'object' || Array.isArray(source)) return;
    for (const [key, value] of Object.entries(source as Record<string, unknown>)) {
      if ((all || key === 'id' || /^[a-z]+[A-Za-z]*Id$/.test(key)) && (typeof value === 'string' || typeof value === 'number'))
        out.push({ key, value: String(value) });
    }
  };
  add(req.params, true);
  add(req.query, false);
  add(req.body, false);
  return out.slice(0, 6);
}

/** `lotId` names a table ending in `lot`; `id` (or a route parameter) any table the request read. */
const namesTable = (key: string, table: string) => {
  if (key === 'id' || !key.endsWith('Id')) return true;
  const thing = key.slice(0, -2).replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  return table === thing || table.endsWith(`_${thing}`);
};

const windows = new Map<number, { start: number; count: number; suppressed: number }>();
function admit(userId: number): { ok: boolean; suppressed: number } {
  const now = Date.now();
  let w = windows.get(userId);
  if (!w || now - w.start >= 60_000) {
    const suppressed = w?.suppressed ?? 0;
    w = { start: now, count: 0, suppressed };
    windows.set(userId, w);
    if (windows.size > 10_000) for (const [k, v] of windows) if (now - v.start >= 60_000) windows.delete(k);
  }
  if (w.count >= PER_MINUTE) {
    w.suppressed++;
    return { ok: false, suppressed: 0 };
  }
  w.count++;
  const suppressed = w.suppressed;
  w.suppressed = 0;
  return { ok: true, suppressed };
}

/** The first id of the request that names a row of another organisation in a table the request read. */
async function foreignRow(db: Db, req: FastifyRequest, orgId: number): Promise<{ table: string; id: string } | null> {
  const tables = [...(scopeOf(req)?.orgTables ?? [])] as OrgTable[];
  if (!tables.length) return null;
  for (const { key, value } of namedIds(req)) {
    for (const table of tables) {
      const name = getTableName(table);
      if (!table.id || !namesTable(key, name)) continue;
      const integer = INTEGER_ID.has(table.id.columnType);
      if (integer ? !/^\d{1,15}$/.test(value) : table.id.columnType !== 'PgUUID' || !UUID.test(value)) continue;
      const id = integer ? Number(value) : value;
      const [row] = await db
        .select({ orgId: table.orgId })
        .from(table as PgTable)
        .where(and(eq(table.id, id), ne(table.orgId, orgId)))
        .limit(1);
      if (row) return { table: name, id: value };
    }
  }
  return null;
}

/**
 * A 404 that hides a row of another organisation (tenancy answers "not found", never "forbidden") is
 * recorded as a denied access, like a 403: who, which route, which table and id. At most PER_MINUTE
 * records per user and minute; the count of those left out goes into the next record.
 */
export function installForeignAccessAudit(app: FastifyInstance) {
  // onSend, not onResponse: the record is written before the answer leaves, so the caller's next request
  // (and a test reading the audit log) sees it. Only 404s of a signed-in user pay for it.
  app.addHook('onSend', async (req, reply, payload) => {
    const ctx = req.maybeCtx;
    if (reply.statusCode !== 404 || !ctx?.orgId) return payload;
    try {
      const hit = await foreignRow(app.database.db, req, ctx.orgId);
      if (!hit) return payload;
      const { ok, suppressed } = admit(ctx.userId);
      if (!ok) return payload;
      await audit(app.database.db, sourceOf(req), {
        action: 'access.denied',
        result: 'denied',
        targetType: hit.table,
        targetId: hit.id,
        detail: { reason: 'otherOrganisation', route: `${req.method} ${req.routeOptions.url ?? req.url.split('?')[0]}`, ...(suppressed ? { suppressed } : {}) },
      });
    } catch (err) {
      req.log.error({ err }, 'audit of a foreign access failed');
    }
    return payload;
  });
}
