import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18n from '../../lib/i18n';
import { DataTable, limitFixed } from './DataTable';
import { actionsWidth, textWidth } from './RowActions';

const cols = [
  { key: 'code', width: 130, fixed: 'left' as const },
  { key: 'name', width: 200, fixed: 'left' as const },
  { key: 'plots', width: 90 },
  { key: 'actions', width: 150, fixed: 'right' as const },
];

describe('fixed columns on narrow tables', () => {
  it('keeps them fixed while they take at most 60% of the width', () => {
    expect(limitFixed(cols, 1000)).toEqual(cols);
  });

  it('lets the actions scroll first, then the left ones from the last, keeping the first key column', () => {
    const mid = limitFixed(cols, 600);
    expect(mid.map((c) => c.fixed)).toEqual(['left', 'left', undefined, undefined]);
    const phone = limitFixed(cols, 350);
    expect(phone.map((c) => c.fixed)).toEqual(['left', undefined, undefined, undefined]);
    const tiny = limitFixed(cols, 180, 32);
    expect(tiny.map((c) => c.fixed)).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('leaves them alone before the table is measured', () => {
    expect(limitFixed(cols, 0)).toBe(cols);
  });
});

describe('compact actions column', () => {
  it('is as wide as its links and icons need, not a fixed 200 px', () => {
    expect(textWidth('查看')).toBe(28);
    const viewEditDelete = actionsWidth([{ label: 'View' }, { label: 'Edit' }, { label: 'Delete', iconOnly: true }]);
    expect(viewEditDelete).toBeGreaterThan(100);
    expect(viewEditDelete).toBeLessThan(150);
    // Past two links the rest go into a "more" menu: one more icon, not more words.
    const many = actionsWidth([{ label: 'Edit' }, { label: 'Members' }, { label: 'Disable' }, { label: 'Archive' }]);
    expect(many).toBe(actionsWidth([{ label: 'Edit' }, { label: 'Members' }, { label: 'x', iconOnly: true }]));
  });
});

describe('summary figures', () => {
  it('show beside the pager, labelled by their columns, where a scrolled-out column cannot hide them', async () => {
    await i18n.changeLanguage('en');
    const fetch = vi.fn(async () => ({ code: 0 as const, msg: 'ok', rows: [{ id: 1, name: 'A', plots: 120 }], total: 1, summary: { plots: 288 } }));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <DataTable
          queryKey={['sum']}
          fetch={fetch}
          columns={[
            { title: 'Name', dataIndex: 'name', key: 'name' },
            { title: 'Plots', dataIndex: 'plots', key: 'plots' },
          ]}
          rowKey="id"
        />
      </QueryClientProvider>,
    );
    expect((await screen.findByTestId('table-summary-figures')).textContent).toBe(' · Total: Plots 288');
    expect(screen.getByTestId('table-summary').textContent).toContain('288');
  }, 20_000);
});
