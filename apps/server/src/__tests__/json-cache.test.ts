import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { JsonCache, SerializedData, serializeData, spliceSerializerCompiler } from '../platform/json-cache';

const Row = z.object({ id: z.number().int(), name: z.string() });

describe('serialized answers (platform/json-cache.ts)', () => {
  it('encodes data by its contract (unknown keys dropped) and splices it into the envelope', () => {
    const pre = serializeData(z.array(Row), [{ id: 1, name: 'a', secret: 'x' } as { id: number; name: string }]);
    expect(JSON.parse(pre.json)).toEqual([{ id: 1, name: 'a' }]);
    const envelope = z.object({ code: z.literal(0), msg: z.string(), data: z.array(Row) });
    const serialize = spliceSerializerCompiler({ schema: envelope, method: 'GET', url: '/x', httpStatus: '200' } as never) as (d: unknown) => string;
    expect(JSON.parse(serialize({ code: 0, msg: '操作成功 "ok"', data: pre }))).toEqual({ code: 0, msg: '操作成功 "ok"', data: [{ id: 1, name: 'a' }] });
    // Anything else goes through the contract as before (and is refused when it breaks it).
    expect(JSON.parse(serialize({ code: 0, msg: 'ok', data: [{ id: 2, name: 'b', extra: 1 }] }))).toEqual({ code: 0, msg: 'ok', data: [{ id: 2, name: 'b' }] });
    expect(() => serialize({ code: 0, msg: 'ok', data: [{ id: 'x' }] })).toThrow();
  });

  it('keeps entries up to its size, dropping the least recently used first', async () => {
    const cache = new JsonCache(100); // 50 characters of JSON (two bytes each)
    cache.set('a', new SerializedData('a'.repeat(20)));
    cache.set('b', new SerializedData('b'.repeat(20)));
    expect(cache.get('a')?.json).toHaveLength(20); // a is now the most recently used
    cache.set('c', new SerializedData('c'.repeat(20)));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    cache.set('big', new SerializedData('x'.repeat(60))); // larger than the cache: answered, not kept
    expect(cache.get('big')).toBeUndefined();
    expect(cache.size).toBe(2);
    let made = 0;
    const make = async () => (made++, new SerializedData('"m"'));
    await cache.through('m', make);
    await cache.through('m', make);
    expect(made).toBe(1);
  });
});
