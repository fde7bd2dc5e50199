import { describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n';
import { relativeTime } from './relative-time';
import { PALETTE, themeShades } from './palette';
import { trendState } from './Trend';
import { matchRank, sortByMatch } from './match-rank';

describe('relative time', () => {
  const now = new Date('2026-11-21T15:00:00');
  it('follows spec section 9', async () => {
    await i18n.changeLanguage('en');
    const t = i18n.t.bind(i18n);
    expect(relativeTime(new Date('2026-11-21T14:59:30'), now, t)).toBe('just now');
    expect(relativeTime(new Date('2026-11-21T14:35:00'), now, t)).toBe('25 min ago');
    expect(relativeTime(new Date('2026-11-21T09:00:00'), now, t)).toBe('6 h ago');
    expect(relativeTime(new Date('2026-11-20T23:00:00'), now, t)).toBe('1 days ago');
    expect(relativeTime(new Date('2026-10-22T10:00:00'), now, t)).toBe('30 days ago');
    expect(relativeTime(new Date('2026-09-01T10:00:00'), now, t)).toBe('2026-09-01');
  });
});

describe('colours', () => {
  it('has a palette of 10 and 9 lighter and 9 darker shades', () => {
    expect(PALETTE).toHaveLength(10);
    const { lighter, darker } = themeShades('#1677ff');
    expect(lighter).toHaveLength(9);
    expect(darker).toHaveLength(9);
    expect(lighter[0]).toBe('#2d85ff');
    expect(lighter[8]).toBe('#e8f1ff');
    expect(darker[8]).toBe('#020c1a');
    expect(() => themeShades('blue')).toThrow();
  });
});

describe('trend', () => {
  it('says up, down or flat, and reverse swaps good and bad', () => {
    expect(trendState(3, false)).toEqual({ direction: 'up', good: true });
    expect(trendState(-3, false)).toEqual({ direction: 'down', good: false });
    expect(trendState(-3, true)).toEqual({ direction: 'down', good: true });
    expect(trendState(0, true)).toEqual({ direction: 'flat', good: null });
  });
});

describe('match rank', () => {
  it('puts an exact match first, then a prefix, then anywhere, whatever the column', () => {
    const names = ['京郑58改', '郑58×Mo17', '郑58', '昌7-2'];
    expect([...names].sort((a, b) => sortByMatch<string>((n) => [n])(a, b, { searchValue: '郑58' }))).toEqual(['郑58', '郑58×Mo17', '京郑58改', '昌7-2']);
    expect(matchRank(['Changping station', 'BJ-CP'], 'bj-cp')).toBe(0);
    expect(matchRank(['Changping station', 'BJ-CP'], 'chang')).toBe(1);
    expect(matchRank(['Changping station', 'BJ-CP'], 'station')).toBe(2);
    expect(matchRank(['Changping station', null], 'sanya')).toBe(3);
  });
});
