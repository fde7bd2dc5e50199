import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { PageDef } from '../../modules/types';
import type { Tab } from './store';
import { TabPane } from './TabPane';

const tab: Tab = { key: '/dashboard', path: '/dashboard', search: '', title: { key: 'menu.dashboard' }, affix: true, version: 0 };

describe('TabPane', () => {
  it('mounts its page the first time it is shown and keeps it mounted when hidden again', async () => {
    const load = vi.fn(async () => ({ default: () => <p>dashboard page</p> }));
    const page: PageDef = { load };
    const view = render(<TabPane tab={tab} page={page} params={{}} active={false} />);
    // A tab opened behind a deep link renders nothing until it is shown.
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByText('dashboard page')).toBeNull();
    view.rerender(<TabPane tab={tab} page={page} params={{}} active />);
    expect(await screen.findByText('dashboard page')).toBeTruthy();
    view.rerender(<TabPane tab={tab} page={page} params={{}} active={false} />);
    expect(screen.getByText('dashboard page')).toBeTruthy();
    expect((view.container.firstChild as HTMLElement).style.display).toBe('none');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
