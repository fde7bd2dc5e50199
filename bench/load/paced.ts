// A constant-arrival-rate load generator (as wrk2 and k6's constant-arrival-rate): request i is due at
// start + i / rate, whatever happened to the ones before, and is sent on one of `connections` keep-alive
// connections. Its latency runs from the moment it was due, so the time it waited for a free connection
// (every connection busy with slower answers) counts: a stall cannot hide the requests it held back
// ("coordinated omission").
//
// autocannon's rate mode (`--bursts` in run.ts) is another load: each connection sends its share of a
// second back to back, as fast as the answers come, then waits for the next second. At 200 req/s over
// 20 connections the whole second's requests arrive in the first part of it, twenty at a time.
import http from 'node:http';

export interface LoadRequest {
  /** The kind of request, for the figures per kind. */
  kind: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface LoadRun {
  /** Requests answered or failed. */
  requests: number;
  non2xx: number;
  timeouts: number;
  /** Connection errors (refused, reset). */
  errors: number;
  /** Milliseconds of each answered request (from when it was due under `paced`), by kind. */
  times: Map<string, number[]>;
  /** Wall seconds from the first request to the last answer. */
  wall: number;
}

export interface PacedOptions {
  url: string;
  rate: number;
  seconds: number;
  connections: number;
  /** The next request to send. */
  next: () => LoadRequest;
  /** A request without an answer after this long counts as a timeout (autocannon's default, 10 s). */
  timeoutMs?: number;
}

/** Sends `rate` requests a second, evenly spaced, for `seconds`, and waits for the last answers. */
export async function runPaced(opts: PacedOptions): Promise<LoadRun> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections, maxFreeSockets: opts.connections });
  const target = new URL(opts.url);
  const total = Math.round(opts.rate * opts.seconds);
  const interval = 1000 / opts.rate;
  const run: LoadRun = { requests: 0, non2xx: 0, timeouts: 0, errors: 0, times: new Map(), wall: 0 };
  const pending = new Set<Promise<void>>();
  const start = performance.now();

  const send = (due: number, req: LoadRequest) =>
    new Promise<void>((resolve) => {
      let settled = false;
      const settle = (outcome: 'ok' | 'non2xx' | 'timeout' | 'error') => {
        if (settled) return;
        settled = true;
        run.requests++;
        if (outcome === 'ok') {
          const list = run.times.get(req.kind);
          const ms = performance.now() - due;
          if (list) list.push(ms);
          else run.times.set(req.kind, [ms]);
        } else if (outcome === 'non2xx') run.non2xx++;
        else if (outcome === 'timeout') run.timeouts++;
        else run.errors++;
        resolve();
      };
      const body = req.body === undefined ? undefined : Buffer.from(req.body);
      const r = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          method: req.method,
          path: req.path,
          headers: body ? { ...req.headers, 'content-length': String(body.length) } : req.headers,
          timeout: opts.timeoutMs ?? 10_000,
        },
        (res) => {
          res.on('data', () => undefined);
          res.on('end', () => settle(res.statusCode! >= 200 && res.statusCode! < 300 ? 'ok' : 'non2xx'));
          res.on('error', () => settle('error'));
        },
      );
      r.on('timeout', () => {
        settle('timeout');
        r.destroy();
      });
      r.on('error', () => settle('error'));
      r.end(body);
    });

  for (let i = 0; i < total; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    // Timers fire a little late; every request already due goes out at once, timed from when it was due.
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const p = send(due, opts.next());
    pending.add(p);
    void p.then(() => pending.delete(p));
  }
  await Promise.all(pending);
  run.wall = (performance.now() - start) / 1000;
  agent.destroy();
  return run;
}

/** p50, p90, p99 and max of some times (ms, one decimal), and how many there were. */
export function percentiles(ms: number[]): { p50: number; p90: number; p99: number; max: number; n: number } {
  const sorted = Float64Array.from(ms).sort();
  const at = (q: number) => Number((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1));
  return { p50: at(0.5), p90: at(0.9), p99: at(0.99), max: at(1), n: sorted.length };
}
