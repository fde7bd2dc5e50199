import { beforeEach, describe, expect, it } from 'vitest';
import { useWorkspace } from './store';

const tab = (key: string, affix = false) => ({ key, path: key, search: '', title: { key: 'tabs.untitled' }, affix });

beforeEach(() => useWorkspace.getState().clear());

describe('workspace tabs', () => {
  it('opens each page once and keeps fixed tabs in front', () => {
    const ws = useWorkspace.getState();
    ws.open(tab('/a'));
    ws.open(tab('/dashboard', true));
    ws.open(tab('/a'));
    const s = useWorkspace.getState();
    expect(s.tabs.map((t) => t.key)).toEqual(['/dashboard', '/a']);
    expect(s.activeKey).toBe('/a');
  });

  it('closing the active tab goes to the previously active one', () => {
    const ws = useWorkspace.getState();
    ws.open(tab('/dashboard', true));
    ws.open(tab('/a'));
    ws.open(tab('/b'));
    ws.open(tab('/c'));
    ws.open(tab('/a'));
    expect(useWorkspace.getState().close('/a')).toBe('/c');
    expect(useWorkspace.getState().tabs.map((t) => t.key)).toEqual(['/dashboard', '/b', '/c']);
  });

  it('never closes a fixed tab', () => {
    const ws = useWorkspace.getState();
    ws.open(tab('/dashboard', true));
    ws.close('/dashboard');
    expect(useWorkspace.getState().tabs).toHaveLength(1);
  });

  it('close others keeps fixed tabs and the chosen one', () => {
    const ws = useWorkspace.getState();
    ws.open(tab('/dashboard', true));
    ws.open(tab('/a'));
    ws.open(tab('/b'));
    ws.closeOthers('/a');
    const s = useWorkspace.getState();
    expect(s.tabs.map((t) => t.key)).toEqual(['/dashboard', '/a']);
    expect(s.activeKey).toBe('/a');
  });

  it('refresh remounts the page (new version)', () => {
    const ws = useWorkspace.getState();
    ws.open(tab('/a'));
    ws.refresh('/a');
    ws.refresh('/a');
    expect(useWorkspace.getState().tabs[0].version).toBe(2);
  });

  it('remembers the tabs for the browser session', () => {
    useWorkspace.getState().open(tab('/a'));
    expect(JSON.parse(sessionStorage.getItem('bw-tabs')!).tabs[0].key).toBe('/a');
  });
});

describe('detail pages in the menu', () => {
  it('are recorded under their parent once per session, and cleared at logout', () => {
    const ws = useWorkspace.getState();
    ws.open({
      key: '/doe/exp/design/viewExperiment/7',
      path: '/doe/exp/design/viewExperiment/7',
      search: '',
      title: { key: 'x' },
      affix: false,
      parentPath: '/doe/exp/design',
    });
    ws.open({
      key: '/doe/exp/design/viewExperiment/7',
      path: '/doe/exp/design/viewExperiment/7',
      search: '',
      title: { key: 'x' },
      affix: false,
      parentPath: '/doe/exp/design',
    });
    ws.close('/doe/exp/design/viewExperiment/7');
    expect(useWorkspace.getState().opened).toEqual([{ parent: '/doe/exp/design', path: '/doe/exp/design/viewExperiment/7', title: { key: 'x' } }]);
    ws.clear();
    expect(useWorkspace.getState().opened).toEqual([]);
  });

  it('a page titles its tab by its record, and activating the tab again keeps that title', () => {
    const ws = useWorkspace.getState();
    const edit = (id: number) => ({ key: `/x/edit/${id}`, path: `/x/edit/${id}`, search: '', title: { key: 'x.editTitle' }, affix: false, parentPath: '/x' });
    ws.open(edit(1));
    ws.open(edit(2));
    ws.retitle('/x/edit/1', { key: 'common.edit', record: 'E2026-0001' });
    ws.retitle('/x/edit/2', { key: 'common.edit', record: 'E2026-0002' });
    ws.open(edit(1));
    const s = useWorkspace.getState();
    expect(s.tabs.map((t) => t.title)).toEqual([
      { key: 'common.edit', record: 'E2026-0001' },
      { key: 'common.edit', record: 'E2026-0002' },
    ]);
    expect(s.opened.map((o) => o.title)).toEqual([
      { key: 'common.edit', record: 'E2026-0001' },
      { key: 'common.edit', record: 'E2026-0002' },
    ]);
  });
});
