import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import '../app/locales';
import { loadAllModuleLocales } from '../shell/module-locales';

await loadAllModuleLocales();

// jsdom lacks these; antd needs them.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
(globalThis as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
window.getComputedStyle = (
  (orig) => (el: Element) =>
    orig(el)
)(window.getComputedStyle);

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
