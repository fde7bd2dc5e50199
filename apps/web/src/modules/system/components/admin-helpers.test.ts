import { describe, expect, it } from 'vitest';
import type { DeptNode, MenuNode } from '@breedwise/contracts/system';
import { localPage } from '../../../components/crud/CrudPage';
import { filterMenu } from '../menu/pages/MenuListPage';
import { deptParents } from '../dept/pages/DeptPage';
import { inForce } from '../notice/pages/NoticeListPage';
import { daysLeft } from '../license/components/LicenseDrawer';
import dayjs from 'dayjs';

const node = (id: number, titleEn: string, extra: Partial<MenuNode> = {}, children: MenuNode[] = []): MenuNode => ({
  id,
  menuKey: `k${id}`,
  parentId: null,
  name: `n${id}`,
  path: '',
  component: null,
  menuType: 'M',
  perms: null,
  icon: null,
  titleZh: titleEn,
  titleEn,
  hidden: false,
  affix: false,
  helpUrl: null,
  type: null,
  roles: [],
  appKey: null,
  orderNum: 0,
  status: 'enabled',
  children,
  ...extra,
});

describe('menu editor search', () => {
  const tree = [
    node(1, 'Experiment design', {}, [
      node(2, 'Locations', { menuType: 'C', path: '/doe/exp/location', perms: 'doe:location:list' }, [
        node(3, 'Add location', { menuType: 'F', perms: 'doe:location:add' }),
      ]),
    ]),
    node(4, 'System', {}, [node(5, 'Users', { menuType: 'C', component: 'system/user/index' })]),
  ];
  it('keeps matches with the directories above them, and a matching entry whole', () => {
    expect(filterMenu(tree, 'location:add')).toEqual([{ ...tree[0], children: [{ ...tree[0].children[0], children: [tree[0].children[0].children[0]] }] }]);
    const byTitle = filterMenu(tree, 'locations');
    expect(byTitle[0].children[0].children).toHaveLength(1);
    expect(filterMenu(tree, 'system/user')[0].children.map((n) => n.id)).toEqual([5]);
    expect(filterMenu(tree, '  ')).toBe(tree);
    expect(filterMenu(tree, 'nothing like it')).toEqual([]);
  });
});

describe('department parents', () => {
  const d = (id: number, children: DeptNode[] = []): DeptNode => ({
    id,
    parentId: null,
    name: `D${id}`,
    sort: 0,
    status: 'enabled',
    leaderUserId: null,
    leaderName: null,
    children,
  });
  it('leave out the department itself and everything below it', () => {
    const tree = [d(1, [d(2, [d(3)]), d(4)])];
    expect(JSON.stringify(deptParents(tree, 2))).not.toMatch(/"value":(2|3)\b/);
    expect(deptParents(tree)[0].children.map((c) => c.value)).toEqual([2, 4]);
  });
});

describe('whole lists served page by page', () => {
  const rows = Array.from({ length: 45 }, (_, i) => ({ name: `t${String(i).padStart(2, '0')}`, n: 45 - i }));
  it('page, sort and filter on the client', async () => {
    const fetch = localPage(
      async () => rows,
      (r, k) => r.name.includes(k),
    );
    const p3 = await fetch({ pageNum: 3, pageSize: 20 });
    expect(p3.total).toBe(45);
    expect(p3.rows.map((r) => r.name)).toEqual(['t40', 't41', 't42', 't43', 't44']);
    expect((await fetch({ pageNum: 1, pageSize: 2, orderByColumn: 'n', isAsc: 'asc' })).rows.map((r) => r.n)).toEqual([1, 2]);
    expect((await fetch({ pageNum: 1, pageSize: 2, orderByColumn: 'name', isAsc: 'desc' })).rows[0].name).toBe('t44');
    expect((await fetch({ pageNum: 1, pageSize: 20, keyword: 'T1' })).total).toBe(10);
  });
});

describe('notices and licences', () => {
  it('a notice is in force while enabled and before its expiry', () => {
    const now = Date.parse('2026-05-01T00:00:00Z');
    expect(inForce({ status: 'enabled', expiresAt: null }, now)).toBe(true);
    expect(inForce({ status: 'enabled', expiresAt: '2026-04-30T23:00:00Z' }, now)).toBe(false);
    expect(inForce({ status: 'disabled', expiresAt: '2026-06-01T00:00:00Z' }, now)).toBe(false);
  });
  it('counts whole days to a licence expiry', () => {
    const today = dayjs('2026-05-01T15:00:00');
    expect(daysLeft('2026-05-01', today)).toBe(0);
    expect(daysLeft('2026-05-31', today)).toBe(30);
    expect(daysLeft('2026-04-30', today)).toBe(-1);
  });
});
