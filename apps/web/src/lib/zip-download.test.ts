import { afterEach, describe, expect, it, vi } from 'vitest';
import { unzipSync, strFromU8 } from 'fflate';
import { zipDownload } from './download';

afterEach(() => vi.unstubAllGlobals());

describe('zip of several files', () => {
  it('packs the files under safe, distinct names', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => new Response(`content of ${url}`)),
    );
    let saved: Blob | undefined;
    URL.createObjectURL = vi.fn((b: Blob) => {
      saved = b;
      return 'blob:x';
    });
    URL.revokeObjectURL = vi.fn();
    await zipDownload(
      [
        { fvName: 'plot.csv', fvUrl: '/api/a' },
        { fvName: 'plot.csv', fvUrl: '/api/b' },
        { fvName: '../evil.txt', fvUrl: '/api/c' },
      ],
      'bundle',
    );
    const files = unzipSync(new Uint8Array(await saved!.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(['evil.txt', 'plot (2).csv', 'plot.csv']);
    expect(strFromU8(files['plot (2).csv'])).toBe('content of /api/b');
  });

  it('says the compression failed when a file cannot be fetched', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 404 })),
    );
    await expect(zipDownload([{ fvName: 'a', fvUrl: '/api/a' }], 'x')).rejects.toThrow(/compression failed|压缩失败/);
  });
});
