import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18n from '../../lib/i18n';
import { DictTag } from './DictTag';

// Issue 14 item 11: a dictionary value shows in the user's language, and again in the other one after a switch.
const LABELS: Record<string, string> = { 'zh-CN': '春季', en: 'Spring' };

afterEach(() => vi.unstubAllGlobals());

describe('DictTag', () => {
  it('shows the label of the interface language and follows a language switch', async () => {
    const languages: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        const lang = (init.headers as Record<string, string>)['accept-language'];
        languages.push(lang);
        const data = [{ dictValue: 'spring', dictLabel: LABELS[lang], listClass: 'success', cssClass: null }];
        return new Response(JSON.stringify({ code: 0, msg: 'ok', data }), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    await i18n.changeLanguage('zh-CN');
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <DictTag dictType="doe_season" appKey="doe" value="spring" />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('春季')).toBeTruthy();
    await act(() => i18n.changeLanguage('en'));
    expect(await screen.findByText('Spring')).toBeTruthy();
    expect(screen.queryByText('春季')).toBeNull();
    expect(languages).toEqual(['zh-CN', 'en']);
  });

  it('shows a value missing from the dictionary as stored', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ code: 0, msg: 'ok', data: [] }), { status: 200 })),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <DictTag dictType="doe_season" value="monsoon" />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('monsoon')).toBeTruthy();
  });
});
