import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { loadedComponent, preload, preloadable } from './preloadable';

const Hello = ({ name }: { name: string }) => <span>hello {name}</span>;

describe('preloadable', () => {
  it('draws a preloaded component at once, without showing the fallback', async () => {
    const load = () => Promise.resolve({ default: Hello });
    await preload(load);
    const Preloaded = preloadable(load);
    render(
      <Suspense fallback={<span>waiting</span>}>
        <Preloaded name="field" />
      </Suspense>,
    );
    // Synchronously, in the first commit.
    expect(screen.getByText('hello field')).toBeTruthy();
    expect(screen.queryByText('waiting')).toBeNull();
  });

  it('loads lazily otherwise, and once per loader', async () => {
    let calls = 0;
    const load = () => {
      calls += 1;
      return Promise.resolve({ default: Hello });
    };
    const Lazy = preloadable(load);
    render(
      <Suspense fallback={<span>waiting</span>}>
        <Lazy name="plot" />
      </Suspense>,
    );
    expect(screen.getByText('waiting')).toBeTruthy();
    expect(await screen.findByText('hello plot')).toBeTruthy();
    await preload(load);
    expect(calls).toBe(1);
    expect(loadedComponent(load)).toBe(Hello);
  });

  it('lets a failed load be tried again', async () => {
    let fail = true;
    const load = () => (fail ? Promise.reject(new Error('offline')) : Promise.resolve({ default: Hello }));
    await expect(preload(load)).rejects.toThrow('offline');
    expect(loadedComponent(load)).toBeUndefined();
    fail = false;
    await expect(preload(load)).resolves.toEqual({ default: Hello });
    expect(loadedComponent(load)).toBe(Hello);
  });
});
