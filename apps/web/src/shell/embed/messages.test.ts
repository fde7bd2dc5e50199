import { describe, expect, it } from 'vitest';
import { EmbedMessage, frameSource, isAllowedOrigin } from './messages';

describe('embedded page messages', () => {
  it('accepts the five actions and refuses anything else', () => {
    expect(EmbedMessage.safeParse({ source: 'breedwise', action: 'openTab', path: '/doe/exp/location' }).success).toBe(true);
    expect(EmbedMessage.safeParse({ source: 'breedwise', action: 'closeTab', reloadParent: true }).success).toBe(true);
    expect(EmbedMessage.safeParse({ source: 'breedwise', action: 'openIframeTab', name: 'report', url: '/reports/1' }).success).toBe(true);
    expect(EmbedMessage.safeParse({ source: 'breedwise', action: 'openTab', path: 'https://evil.example' }).success).toBe(false);
    expect(EmbedMessage.safeParse({ source: 'other', action: 'openTab', path: '/x' }).success).toBe(false);
    expect(EmbedMessage.safeParse({ source: 'breedwise', action: 'deleteEverything' }).success).toBe(false);
  });

  it('obeys only our own origin and configured ones', () => {
    expect(isAllowedOrigin('http://localhost:8080', 'http://localhost:8080', [])).toBe(true);
    expect(isAllowedOrigin('https://bi.example.com', 'http://localhost:8080', ['https://bi.example.com'])).toBe(true);
    expect(isAllowedOrigin('https://evil.example', 'http://localhost:8080', ['https://bi.example.com'])).toBe(false);
  });

  it('frames only our paths and allowed origins', () => {
    const own = 'http://localhost:8080';
    expect(frameSource('/api/docs', own, [])).toBe('/api/docs');
    expect(frameSource('//evil.example/x', own, [])).toBeNull();
    expect(frameSource('javascript:alert(1)', own, [])).toBeNull();
    expect(frameSource('https://bi.example.com/d/1', own, ['https://bi.example.com'])).toBe('https://bi.example.com/d/1');
    expect(frameSource('https://evil.example/d/1', own, ['https://bi.example.com'])).toBeNull();
  });
});
