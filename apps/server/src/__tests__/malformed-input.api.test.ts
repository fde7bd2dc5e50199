import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope, FILTER_OPERATORS } from '@breedwise/contracts';
import { createTestApp, type TestApp } from '../test/harness';
import { filterFieldsByRoute } from '../filter-registry';
import { integerRange, isCalendarDate } from '../platform/filters';

/**
 * Issue 12 item 3: malformed input the fuzzing answered with 500. Each class is a 400 naming the
 * field, in the error envelope.
 */
let t: TestApp;
let token: string;
/** Query parameters a list needs besides its filters. */
const required: Record<string, Record<string, string>> = {};
const absent = new Set<string>();
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('admin');
  const lists = await t.call('GET', '/api/doe/api/germList/page', { token });
  required['/api/doe/api/germList/entries'] = { listId: String(lists.body.rows[0].id) };
  // Lists of one parent record: a parent of the demo data (the check is about the filters, not the parent).
  const fields = await t.call('GET', '/api/doe/api/field/page', { token });
  required['/api/doe/api/block/page'] = { fieldId: String(fields.body.rows[0].id) };
  const harvests = await t.call('GET', '/api/doe/api/harvest/page', { token });
  if (harvests.body.rows.length) required['/api/doe/api/harvest/entries'] = { listId: String(harvests.body.rows[0].id) };
  // Without a parent record the list answers 404 before it reads its filters: such a list cannot be probed.
  else absent.add('/api/doe/api/harvest/entries');
  const nurseries = await t.call('GET', '/api/nursery/api/activity/page', { token });
  for (const part of ['entry', 'pollination', 'harvest']) required[`/api/nursery/api/${part}/page`] = { activityId: String(nurseries.body.rows[0].id) };
  required['/api/nursery/api/entry/export'] = { activityId: String(nurseries.body.rows[0].id) };
});
afterAll(() => t.close());

const list = (url: string, filters: unknown, extra: Record<string, string> = {}) =>
  t.call('GET', url, { token, query: { filters: JSON.stringify(filters), ...required[url], ...extra }, headers: { 'accept-language': 'en' } });
const probed = () => Object.entries(filterFieldsByRoute()).filter(([url]) => !absent.has(url));
const fieldsOfType = (type: string) =>
  probed().flatMap(([url, fields]) =>
    Object.entries(fields)
      .filter(([, f]) => f.type === type)
      .map(([key, f]) => ({ url, key, f })),
  );

describe('the registry of filterable fields', () => {
  it('lists exactly the routes that apply filters, with keys each route accepts', async () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, { parameters?: { name: string }[] }>> };
    const withFilters = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.entries(ops)
        .filter(([m, op]) => m === 'get' && op.parameters?.some((q) => q.name === 'filters'))
        .map(() => p),
    );
    const applying: string[] = [];
    for (const url of withFilters) {
      const res = await list(url, [{ key: 'no_such_field', value: 'x' }]);
      if (res.body?.errorCode === 'FILTER_FIELD_UNKNOWN') applying.push(url);
    }
    expect(applying.filter((u) => !absent.has(u)).sort()).toEqual(
      probed()
        .map(([u]) => u)
        .sort(),
    );
    for (const [url, fields] of probed()) {
      for (const key of Object.keys(fields)) {
        const res = await list(url, [{ key, value: `x|${FILTER_OPERATORS[fields[key].type][0]}` }]);
        expect(res.body?.errorCode, `${url} ${key}`).not.toBe('FILTER_FIELD_UNKNOWN');
      }
    }
  });
});

describe('filters', () => {
  it('refuses built-in object properties as filter keys on every list and export (400, not 500)', async () => {
    for (const [url] of probed()) {
      for (const key of ['toString', '__proto__', 'constructor', 'hasOwnProperty', 'valueOf', 'isPrototypeOf']) {
        const res = await list(url, [{ key, value: 'a' }]);
        expect(res.status, `${url} ${key}`).toBe(400);
        expect(res.body).toMatchObject({ code: 400, errorCode: 'FILTER_FIELD_UNKNOWN', msg: `Cannot filter by ${key}` });
      }
    }
  });

  it('sorts by the default order for an orderByColumn that is an object property', async () => {
    for (const [url] of probed()) {
      const res = await t.call('GET', url, { token, query: { orderByColumn: 'constructor' } });
      expect(res.status, url).toBeLessThan(500);
    }
  });

  it('refuses impossible dates, naming the field and the rule', async () => {
    const dates = fieldsOfType('date');
    expect(dates.length).toBeGreaterThan(10);
    for (const { url, key } of dates) {
      for (const range of [
        '2026-02-30,2026-03-01',
        '2026-13-01,2026-12-31',
        '0000-01-01,2026-01-01',
        '2026-01-01,2025-02-29',
        '2026-04-31,2026-05-01',
        '2026-01-01',
      ]) {
        const res = await list(url, [{ key, value: `${range}|between` }]);
        expect(res.status, `${url} ${key} ${range}`).toBe(400);
        expect(res.body.errorCode).toBe('FILTER_VALUE_INVALID');
        expect(res.body.msg).toContain(`for ${key} is invalid: it must be two real calendar dates`);
      }
      for (const range of ['2024-02-29,2024-02-29', '0001-01-01,9999-12-31']) {
        const res = await list(url, [{ key, value: `${range}|between` }]);
        expect(res.status, `${url} ${key} ${range}: ${res.text}`).toBe(200);
      }
    }
  });

  it('refuses a NUL character inside a decoded filter value of any type', async () => {
    for (const [url, fields] of probed()) {
      for (const [key, f] of Object.entries(fields)) {
        const value = f.type === 'date' ? '2026-01-01,2026-01-0\u0000' : f.type === 'number' ? '1\u0000' : 'a\u0000b';
        const res = await list(url, [{ key, value }]);
        expect(res.status, `${url} ${key}`).toBe(400);
        expect(res.body).toMatchObject({ errorCode: 'FILTER_VALUE_INVALID' });
        expect(res.body.msg).toContain(`for ${key} is invalid: it must not contain a NUL character`);
        const broken = await list(url, [{ key, value: 'a\ud800' }]);
        expect(broken.status, `${url} ${key}`).toBe(400);
        expect(broken.body.msg).toContain('invalid Unicode');
      }
    }
  });

  it('checks number filters against the column: whole numbers within an integer column’s range', async () => {
    const ints = [...fieldsOfType('number'), ...fieldsOfType('select')].filter(({ f }) => integerRange(f.column));
    expect(ints.map((i) => i.key)).toEqual(expect.arrayContaining(['year', 'harvestYear', 'type', 'categoryId', 'teamId']));
    for (const { url, key, f } of ints) {
      const op = f.type === 'number' ? 'eq' : 'eq';
      for (const bad of ['2.5', '99999999999', '-2147483649', 'abc', '1e400']) {
        const res = await list(url, [{ key, value: `${bad}|${op}` }]);
        expect(res.status, `${url} ${key} ${bad}`).toBe(400);
        expect(res.body.errorCode).toBe('FILTER_VALUE_INVALID');
        expect(res.body.msg).toContain(`for ${key} is invalid: it must be a whole number from -2147483648 to 2147483647`);
      }
      expect((await list(url, [{ key, value: `2026|${op}` }])).status, `${url} ${key}`).toBe(200);
      expect((await list(url, [{ key, value: `2147483647|${op}` }])).status).toBe(200);
    }
    // Decimal columns take fractions and large magnitudes.
    for (const { url, key, f } of fieldsOfType('number').filter(({ f }) => !integerRange(f.column))) {
      expect(f.type).toBe('number');
      for (const v of ['2.5', '-99999999999.5', '1e300']) expect((await list(url, [{ key, value: `${v}|gt` }])).status, `${url} ${key} ${v}`).toBe(200);
    }
  });

  it('answers the messages in Chinese too', async () => {
    const res = await t.call('GET', '/api/doe/api/experiment/page', {
      token,
      query: { filters: JSON.stringify([{ key: 'year', value: '2.5|eq' }]) },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(res.body.msg).toBe('year 的筛选值 2.5 无效：应为 -2147483648 到 2147483647 之间的整数');
  });

  it('isCalendarDate knows month lengths and leap years', () => {
    for (const d of ['2024-02-29', '2000-02-29', '0001-01-01', '9999-12-31', '2026-04-30']) expect(isCalendarDate(d), d).toBe(true);
    for (const d of ['1900-02-29', '2026-02-29', '2026-02-30', '2026-13-01', '2026-00-10', '2026-01-00', '0000-01-01', '2026-1-01', '20260101', ''])
      expect(isCalendarDate(d), d).toBe(false);
  });
});

describe('text PostgreSQL cannot store', () => {
  it('refuses an unpaired surrogate in body text (400 naming the field) before it reaches the audit record', async () => {
    const lots = await t.call('GET', '/api/germ/api/lot/page', { token, query: { pageSize: 5 } });
    const lot = lots.body.rows.find((r: { quantity: number }) => r.quantity >= 2);
    expect(lot).toBeTruthy();
    const cases: [string, unknown, string][] = [
      ['/api/germ/api/lot/withdraw', { lotId: lot.id, quantity: 1, reason: 'trial \ud800' }, 'reason'],
      ['/api/germ/api/lot/split', { lotId: lot.id, quantity: 1, reason: '\udc00 split' }, 'reason'],
      ['/api/system/dept/create', { name: 'Dept \ud83d' }, 'name'],
      ['/api/system/notice/create', { title: 'Notice', content: 'text \udfff text' }, 'content'],
      ['/api/system/notice/create', { title: 'Notice', content: 'ok', ['bad\ud800key']: 1 }, 'bad\ufffdkey'],
    ];
    for (const [url, body, field] of cases) {
      const res = await t.call('POST', url, { token, raw: JSON.stringify(body), headers: { 'content-type': 'application/json', 'accept-language': 'en' } });
      expect(res.status, `${url}: ${res.text}`).toBe(400);
      expect(res.body).toMatchObject({ code: 400, errorCode: 'TEXT_INVALID_UNICODE' });
      expect(res.body.msg).toBe(`The field ${field} contains invalid Unicode (an unpaired surrogate), which is not allowed`);
    }
    // A well-formed pair (an emoji) is fine.
    const ok = await t.call('POST', '/api/system/notice/create', { token, body: { title: 'Notice 😀', content: 'text 😀' } });
    expect(ok.status).toBe(200);
  });

  it('still refuses NUL characters, in multipart fields too', async () => {
    const res = await t.call('POST', '/api/system/notice/create', { token, body: { title: 'a\u0000', content: 'x' }, headers: { 'accept-language': 'en' } });
    expect(res.body).toMatchObject({ code: 400, errorCode: 'TEXT_NUL_CHARACTER' });
    expect(res.body.msg).toContain('title');
  });
});

describe('HTTP-level errors', () => {
  it('answers oversized headers (431) in the platform’s error envelope', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(`GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
      });
      let data = '';
      socket.on('data', (c) => (data += c.toString()));
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
    });
    const [head, body] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(head.toLowerCase()).toContain('content-type: application/json');
    const parsed = JSON.parse(body);
    expect(ErrorEnvelope.safeParse(parsed).success).toBe(true);
    expect(parsed).toMatchObject({ code: 431, errorCode: 'HEADERS_TOO_LARGE' });
    expect(parsed.msg).toContain('16 KB');
    expect(parsed.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
