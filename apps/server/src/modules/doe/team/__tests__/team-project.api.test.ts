import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOtherOrg, createTestApp, userId, type TestApp } from '../../../../test/harness';

let t: TestApp;
let admin: string;
let breeder: string;
let outsider: string;
let adminId: number;
let breederId: number;
let foreignId: number;
const en = { 'accept-language': 'en' };
const call = (method: string, url: string, body?: unknown, token = admin) => t.call(method, `/api/doe/api${url}`, { token, body, headers: en });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  breeder = await t.login('breeder');
  await createOtherOrg(t.db, 'rival', [{ username: 'rival-admin', nickName: 'Rival', role: 'admin', crops: { maize: 'operate' } }]);
  outsider = await t.login('rival-admin');
  adminId = await userId(t.db, 'admin');
  breederId = await userId(t.db, 'breeder');
  foreignId = await userId(t.db, 'rival-admin');
});
afterAll(() => t.close());

describe('teams', () => {
  it('creates a team with members, the leader among them, names unique', async () => {
    const res = await call('POST', '/team/create', { name: 'Wheat group', leaderId: breederId, members: [{ userId: adminId }] });
    expect(res.body.data).toMatchObject({ name: 'Wheat group', leaderName: '李育种', memberCount: 2, projectCount: 0 });
    const members = await call('GET', `/team/members/${res.body.data.id}`);
    expect(members.body.data.map((m: { username: string; role: string }) => `${m.username}:${m.role}`)).toEqual(['breeder:leader', 'admin:member']);
    const dup = await call('POST', '/team/create', { name: 'Wheat group' });
    expect(dup.body).toMatchObject({ errorCode: 'DOE_TEAM_NAME_EXISTS', msg: 'A team named Wheat group already exists' });
  });

  it('replaces members, refuses users of other organisations and repeated members', async () => {
    const { id } = (await call('POST', '/team/create', { name: 'Rice group' })).body.data;
    const set = await call('PUT', '/team/members', {
      id,
      members: [
        { userId: breederId, role: 'member' },
        { userId: adminId, role: 'leader' },
      ],
    });
    expect(set.body.data).toHaveLength(2);
    const foreign = await call('PUT', '/team/members', { id, members: [{ userId: foreignId }] });
    expect(foreign.body).toMatchObject({ errorCode: 'DOE_USER_NOT_IN_ORG' });
    const twice = await call('PUT', '/team/members', { id, members: [{ userId: adminId }, { userId: adminId }] });
    expect(twice.body.errorCode).toBe('DOE_MEMBER_REPEATED');
    expect((await call('GET', `/team/members/${id}`)).body.data).toHaveLength(2);
    const options = await call('GET', '/team/userOptions?keyword=bree');
    expect(options.body.data.map((u: { username: string }) => u.username)).toEqual(['breeder']);
  });

  it('keeps a team with projects', async () => {
    const { id, name } = (await call('POST', '/team/create', { name: 'Busy' })).body.data;
    await call('POST', '/project/create', { name: 'Busy project', code: 'BUSY-1', teamId: id });
    const res = await call('DELETE', `/team/${id}`);
    expect(res.body).toMatchObject({ errorCode: 'DOE_TEAM_IN_USE', msg: `Team ${name} still has 1 projects and cannot be deleted` });
    const free = (await call('POST', '/team/create', { name: 'Idle' })).body.data.id;
    expect((await call('DELETE', `/team/${free}`)).status).toBe(200);
  });

  it('hides teams of other organisations', async () => {
    const { id } = (await call('POST', '/team/create', { name: '机密团队' })).body.data;
    for (const res of [
      await call('GET', `/team/detail/${id}`, undefined, outsider),
      await call('GET', `/team/members/${id}`, undefined, outsider),
      await call('DELETE', `/team/${id}`, undefined, outsider),
    ]) {
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('机密');
    }
  });
});

describe('projects', () => {
  it('creates projects of the current crop with unique codes and ordered dates', async () => {
    const res = await call('POST', '/project/create', {
      name: 'Drought tolerance',
      code: 'DT-01',
      leaderId: breederId,
      startDate: '2026-03-01',
      endDate: '2027-02-28 00:00:00',
    });
    expect(res.body.data).toMatchObject({
      code: 'DT-01',
      leaderName: '李育种',
      startDate: '2026-03-01',
      endDate: '2027-02-28',
      memberCount: 1,
      experimentCount: 0,
    });
    expect((await call('POST', '/project/create', { name: 'Again', code: 'DT-01' })).body).toMatchObject({
      errorCode: 'DOE_PROJECT_CODE_EXISTS',
      msg: 'Project code DT-01 already exists',
    });
    const dates = await call('POST', '/project/create', { name: 'Backwards', code: 'BW-1', startDate: '2026-05-01', endDate: '2026-04-01' });
    expect(dates.body).toMatchObject({ errorCode: 'DOE_DATE_ORDER', msg: 'The end date 2026-04-01 is before the start date 2026-05-01' });
    expect(dates.body.errors[0].field).toBe('endDate');
    expect((await call('POST', '/project/create', { name: 'Bad date', code: 'BD-1', startDate: '2026-02-30' })).body.errors[0]).toMatchObject({
      field: 'startDate',
      rule: 'format',
    });
  });

  it('the project selector lists enabled projects of the crop, the caller’s first', async () => {
    const mine = (await call('POST', '/project/create', { name: 'Mine', code: 'MINE-1', members: [{ userId: breederId }] })).body.data.id;
    const off = (await call('POST', '/project/create', { name: 'Off', code: 'OFF-1' })).body.data.id;
    await call('PUT', '/project/status', { ids: [off], status: 'disabled' });
    const res = await call('GET', '/project/options', undefined, breeder);
    const ids = res.body.data.map((p: { id: number }) => p.id);
    expect(ids).toContain(mine);
    expect(ids).not.toContain(off);
    expect(res.body.data[0].mine).toBe(true);
    const onlyMine = await t.call('GET', '/api/doe/api/project/page?mine=true&pageSize=200', { token: breeder });
    expect(onlyMine.body.rows.every((p: { id: number }) => p.id !== off)).toBe(true);
    const locationId = (await call('POST', '/location/create', { name: 'Project station', code: 'PRJ-S' })).body.data.id;
    const fieldId = (await call('POST', '/field/create', { locationId, name: 'P', code: 'PRJ-F', type: 1, rows: 4, cols: 4 })).body.data.id;
    const exp = await call('POST', '/experiment/create', {
      name: 'In off project',
      projectId: off,
      year: 2026,
      season: 'spring',
      designMethod: 'rcbd',
      locationId,
      fieldId,
    });
    expect(exp.body).toMatchObject({ errorCode: 'DOE_PROJECT_DISABLED' });
  });

  it('keeps a project with experiments; projects of another crop are not visible', async () => {
    const { id } = (await call('POST', '/project/create', { name: 'With experiment', code: 'WE-1' })).body.data;
    const locationId = (await call('POST', '/location/create', { name: 'Project station 2', code: 'PRJ-S2' })).body.data.id;
    const fieldId = (await call('POST', '/field/create', { locationId, name: 'P2', code: 'PRJ-F2', type: 1, rows: 4, cols: 4 })).body.data.id;
    expect(
      (await call('POST', '/experiment/create', { name: 'E', projectId: id, year: 2026, season: 'spring', designMethod: 'rcbd', locationId, fieldId })).status,
    ).toBe(200);
    expect((await call('DELETE', `/project/${id}`)).body.errorCode).toBe('DOE_PROJECT_IN_USE');
    expect((await call('GET', `/project/detail/${id}`, undefined, outsider)).status).toBe(404);
    const info = await t.call('GET', '/api/auth/api/login/info', { token: admin });
    const rice = info.body.data.crops.find((c: { name: string }) => /rice|水稻/i.test(c.name));
    const other = await t.login('admin');
    await t.call('POST', `/api/auth/api/login/setCropId/${rice.cropId ?? rice.id}`, { token: other });
    expect((await call('GET', `/project/detail/${id}`, undefined, other)).status).toBe(404);
  });
});
