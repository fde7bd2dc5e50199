import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18n from '../../lib/i18n';
import { ApiError } from '../../lib/request';
import { DataTable } from './DataTable';

const columns = [{ title: 'Name', dataIndex: 'name', key: 'name' }];
const wrap = (ui: React.ReactNode) =>
  render(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{ui}</QueryClientProvider>);

describe('DataTable', () => {
  it('shows rows and the total, and asks for page 1 of 20 by default', async () => {
    await i18n.changeLanguage('en');
    const fetch = vi.fn(async () => ({ code: 0 as const, msg: 'ok', rows: [{ id: 1, name: 'Sanya' }], total: 41 }));
    wrap(<DataTable queryKey={['t1']} fetch={fetch} columns={columns} rowKey="id" />);
    expect(await screen.findByText('Sanya')).toBeTruthy();
    expect(screen.getByText('41 in total')).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith(expect.objectContaining({ pageNum: 1, pageSize: 20 }));
    // The first render loads the table's styles and parts: seconds on a busy shared machine.
  }, 20_000);

  it('shows the server message when the request fails', async () => {
    await i18n.changeLanguage('en');
    const fetch = vi.fn(async () => {
      throw new ApiError('Permission denied: doe:location:list is required', 403, 403, 'FORBIDDEN');
    });
    wrap(<DataTable queryKey={['t2']} fetch={fetch} columns={columns} rowKey="id" />);
    expect(await screen.findByText('Permission denied: doe:location:list is required')).toBeTruthy();
  });

  it('says "data formatting error" when rows are not a list', async () => {
    await i18n.changeLanguage('en');
    const fetch = vi.fn(async () => ({ code: 0 as const, msg: 'ok', rows: 'oops' as unknown as never[], total: 1 }));
    wrap(<DataTable queryKey={['t3']} fetch={fetch} columns={columns} rowKey="id" />);
    expect(await screen.findByText('Data formatting error')).toBeTruthy();
  });
});
