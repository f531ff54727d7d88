import { describe, expect, it } from 'vitest';
import { TtlLruCache } from './lru-cache';

describe('TtlLruCache', () => {
  it('forgets entries after their time to live', () => {
    let now = 0;
    const cache = new TtlLruCache<number>(10, 1000, () => now);
    cache.set('a', 1);
    now = 999;
    expect(cache.get('a')).toBe(1);
    now = 1000;
    expect(cache.get('a')).toBeUndefined();
  });

  it('evicts the least recently used entry beyond its size', () => {
    const cache = new TtlLruCache<number>(2, 60_000);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.get('a');
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3]);
    expect(cache.size).toBe(2);
  });

  it('computes a missing value once for concurrent callers', async () => {
    const cache = new TtlLruCache<number>(10, 60_000);
    let calls = 0;
    const compute = async () => {
      calls += 1;
      await new Promise((r) => setTimeout(r, 5));
      return 42;
    };
    expect(await Promise.all([cache.getOrCompute('k', compute), cache.getOrCompute('k', compute)])).toEqual([
      42, 42,
    ]);
    expect(await cache.getOrCompute('k', compute)).toBe(42);
    expect(calls).toBe(1);
  });

  it('does not keep a failed computation', async () => {
    const cache = new TtlLruCache<number>(10, 60_000);
    await expect(cache.getOrCompute('k', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cache.getOrCompute('k', async () => 7)).toBe(7);
  });
});
