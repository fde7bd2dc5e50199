import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { percentiles, runPaced, type LoadRequest } from '../paced';

// A server that answers at once, but holds its sixth request for 300 ms.
let server: http.Server;
let url = '';
let seen = 0;
const arrivals: number[] = [];
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const n = ++seen;
    arrivals.push(performance.now());
    const answer = () => res.writeHead(req.url === '/missing' ? 404 : 200, { 'content-type': 'text/plain' }).end('ok');
    if (n === 6) setTimeout(answer, 300);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const get = (kind: string, path = '/'): LoadRequest => ({ kind, method: 'GET', path, headers: {} });

describe('the constant-arrival-rate load (bench/load/paced.ts)', () => {
  it('sends the rate asked, evenly spaced, and times the requests a stall held back from when they were due', async () => {
    seen = 0;
    arrivals.length = 0;
    let i = 0;
    const run = await runPaced({ url, rate: 50, seconds: 1, connections: 1, next: () => get(i++ % 2 ? 'b' : 'a') });
    expect(run.requests).toBe(50);
    expect(run.errors + run.non2xx + run.timeouts).toBe(0);
    expect(run.times.get('a')).toHaveLength(25);
    expect(run.times.get('b')).toHaveLength(25);
    const all = [...run.times.values()].flat();
    // The held request took 300 ms, and the ~15 due while it held the only connection waited behind it:
    // a generator that timed from the send (or sent fewer) would report one slow request, not these.
    expect(Math.max(...all)).toBeGreaterThanOrEqual(295);
    expect(all.filter((ms) => ms > 100).length).toBeGreaterThanOrEqual(8);
    // Once the backlog had gone (the last 15 were due 200 ms or more after the stall ended), they
    // arrived 20 ms apart on average, not back to back.
    const tail = arrivals.slice(35);
    expect((tail[tail.length - 1] - tail[0]) / (tail.length - 1)).toBeGreaterThan(12);
  });

  it('counts answers outside 2xx apart, without their times', async () => {
    let i = 0;
    const run = await runPaced({ url, rate: 40, seconds: 0.25, connections: 2, next: () => (i++ % 2 ? get('bad', '/missing') : get('good')) });
    expect(run.requests).toBe(10);
    expect(run.non2xx).toBe(5);
    expect(run.times.get('good')).toHaveLength(5);
    expect(run.times.has('bad')).toBe(false);
  });

  it('reads percentiles off the sorted times', () => {
    const ms = Array.from({ length: 100 }, (_, k) => 100 - k);
    expect(percentiles(ms)).toEqual({ p50: 51, p90: 91, p99: 100, max: 100, n: 100 });
    expect(percentiles([]).n).toBe(0);
  });
});
