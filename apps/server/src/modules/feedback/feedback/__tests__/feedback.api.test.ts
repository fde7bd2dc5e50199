import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOtherOrg, createTestApp, multipartBody, type TestApp } from '../../../../test/harness';

let t: TestApp;
let admin: string;
let breeder: string;
const good = {
  type: 'bug',
  title: '地点列表无法排序',
  description: '点击经纬度列头没有反应',
  link: '/doe/exp/location',
  contact: '李育种',
  phone: '13800138000',
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  breeder = await t.login('breeder');
});
afterAll(() => t.close());

async function send(fields: Record<string, string>, token = breeder, files: { name: string; content: Buffer }[] = [], lang = 'zh-CN') {
  const boundary = '----bwfeedback';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files)
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      f.content,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/feedback/add',
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, token, 'accept-language': lang },
  });
  return { status: res.statusCode, body: res.json() };
}

describe('feedback', () => {
  it('is sent with attachments and listed for its author', async () => {
    const res = await send(good, breeder, [{ name: 'steps.txt', content: Buffer.from('1. open locations\n2. click the header') }]);
    expect(res.status).toBe(200);
    const list = await t.call('GET', '/api/auth/feedback/list', { token: breeder });
    expect(list.body.rows[0]).toMatchObject({ title: '地点列表无法排序', status: 'open', createdBy: '李育种', attachments: [{ fileName: 'steps.txt' }] });
    const file = await t.app.inject({ method: 'GET', url: list.body.rows[0].attachments[0].src });
    expect(file.body).toContain('open locations');
  });

  it('refers to files uploaded before, but only the sender’s own', async () => {
    const { payload, headers } = multipartBody({ kind: 'text' }, { name: 'shot.txt', content: Buffer.from('shot') });
    const up = await t.app.inject({ method: 'POST', url: '/api/common/upload', payload, headers: { ...headers, token: breeder } });
    const fileId = up.json().data.fileId;
    expect((await send({ ...good, title: 'with id', fileIds: fileId })).status).toBe(200);
    expect((await send({ ...good, title: 'stolen', fileIds: fileId }, admin)).status).toBe(404);
  });

  it('checks every rule of spec section 5, naming the field', async () => {
    const res = await send({ type: 'bug', title: 'x'.repeat(31), description: '', link: '', contact: '', phone: '12345' }, breeder, [], 'en');
    expect(res.status).toBe(400);
    const rules = Object.fromEntries(res.body.errors.map((e: { field: string; rule: string }) => [e.field, e.rule]));
    expect(rules).toEqual({ title: 'maxLength', description: 'required', link: 'required', contact: 'required', phone: 'format' });
    expect(res.body.errors.find((e: { field: string }) => e.field === 'title').message).toBe('Title allows at most 30 characters');
    expect((await send({ ...good, type: 'rant' })).body.errors[0]).toMatchObject({ field: 'type', rule: 'enum' });
  });

  it('accepts at most five attachments', async () => {
    const files = Array.from({ length: 6 }, (_, i) => ({ name: `f${i}.txt`, content: Buffer.from(`f${i}`) }));
    const res = await send(good, breeder, files);
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('FEEDBACK_TOO_MANY_FILES');
  });

  it('administrators see everyone’s, resolve and remove; others only their own', async () => {
    const own = (await t.call('GET', '/api/auth/feedback/list', { token: breeder })).body.total;
    const all = (await t.call('GET', '/api/auth/feedback/list', { token: admin })).body;
    expect(all.total).toBeGreaterThanOrEqual(own);
    const id = all.rows[0].id;
    expect((await t.call('PUT', `/api/auth/feedback/resolve/${id}`, { token: breeder })).status).toBe(403);
    expect((await t.call('PUT', `/api/auth/feedback/resolve/${id}`, { token: admin })).body.code).toBe(0);
    await createOtherOrg(t.db, 'fb', [{ username: 'fb-admin', nickName: 'F', role: 'admin', crops: {} }]);
    const outsider = await t.login('fb-admin');
    expect((await t.call('GET', '/api/auth/feedback/list', { token: outsider })).body.total).toBe(0);
    expect((await t.call('DELETE', `/api/auth/feedback/remove/${id}`, { token: outsider })).status).toBe(404);
    expect((await t.call('DELETE', `/api/auth/feedback/remove/${id}`, { token: breeder })).body.code).toBe(0);
  });
});
