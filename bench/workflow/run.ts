/**
 * Workflow engine benchmark: 1,000 leave requests (days = 5, so two user tasks: supervisor, then the
 * department head after an exclusive gateway) started and completed through the pure engine, the state
 * going through JSON at every step as the database does (parse the stored state, apply the command,
 * stringify the new state and the effects). Figures: instances/s, median and p95 step latency.
 * References in the same process: (1) the same run without the JSON round trip, (2) the JSON round trip
 * of the state and effects alone. Each variant runs 7 times, interleaved, after two warm-up rounds; the best run is reported.
 * Run from bench/: npm run workflow.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { completeTask, parseBpmn, startInstance, type Effect, type InstanceState } from '../../packages/workflow/src/index';

const INSTANCES = 1000;
const { model } = parseBpmn(readFileSync(path.join(import.meta.dirname, '..', '..', 'packages', 'workflow', 'models', 'leave-request.bpmn'), 'utf8'));
const T0 = Date.UTC(2026, 2, 1, 8);
const at = (i: number, s: number) => new Date(T0 + i * 1000 + s).toISOString();

interface Run {
  total: number;
  steps: number[];
  stateBytes: number;
}

const firstTask = (state: InstanceState) => Object.keys(state.tasks)[0];

/** The engine with the state through JSON at every step, as a server transaction does. */
function withJson(): Run {
  const steps: number[] = [];
  let stateBytes = 0;
  const t0 = performance.now();
  for (let i = 0; i < INSTANCES; i++) {
    let s = performance.now();
    let r = startInstance(model, { variables: { days: 5, reason: `leave ${i}` }, now: at(i, 0) });
    let stored = JSON.stringify(r.state);
    let rows = JSON.stringify(r.effects);
    steps.push(performance.now() - s);
    for (let k = 1; k <= 2; k++) {
      s = performance.now();
      const state = JSON.parse(stored) as InstanceState;
      r = completeTask(model, state, {
        taskKey: firstTask(state),
        outcome: 'approve',
        variables: { comment: 'ok' },
        now: at(i, k),
        expectedVersion: state.version,
      });
      stored = JSON.stringify(r.state);
      rows = JSON.stringify(r.effects);
      steps.push(performance.now() - s);
    }
    if (r.state.status !== 'ended' || r.state.outcome !== 'approved' || !rows.includes('"ended"')) throw new Error(`instance ${i} did not end approved`);
    stateBytes += stored.length;
  }
  return { total: performance.now() - t0, steps, stateBytes: stateBytes / INSTANCES };
}

/** Reference 1: the same commands on in-memory state, no JSON. */
function withoutJson(): Run {
  const steps: number[] = [];
  const t0 = performance.now();
  for (let i = 0; i < INSTANCES; i++) {
    let s = performance.now();
    let r = startInstance(model, { variables: { days: 5, reason: `leave ${i}` }, now: at(i, 0) });
    steps.push(performance.now() - s);
    for (let k = 1; k <= 2; k++) {
      s = performance.now();
      r = completeTask(model, r.state, {
        taskKey: firstTask(r.state),
        outcome: 'approve',
        variables: { comment: 'ok' },
        now: at(i, k),
        expectedVersion: r.state.version,
      });
      steps.push(performance.now() - s);
    }
    if (r.state.status !== 'ended') throw new Error(`instance ${i} did not end`);
  }
  return { total: performance.now() - t0, steps, stateBytes: 0 };
}

/** Reference 2: the JSON round trips alone, over the states and effects an instance goes through. */
const samples: { state: InstanceState; effects: Effect[] }[] = [];
{
  let r = startInstance(model, { variables: { days: 5, reason: 'leave 0' }, now: at(0, 0) });
  samples.push(r);
  for (let k = 1; k <= 2; k++) {
    r = completeTask(model, r.state, { taskKey: firstTask(r.state), outcome: 'approve', variables: { comment: 'ok' }, now: at(0, k) });
    samples.push(r);
  }
}
function jsonOnly(): Run {
  const steps: number[] = [];
  const t0 = performance.now();
  for (let i = 0; i < INSTANCES; i++)
    for (let k = 0; k < 3; k++) {
      const s = performance.now();
      const text = JSON.stringify(samples[k].state);
      if (k > 0) JSON.parse(JSON.stringify(samples[k - 1].state));
      JSON.stringify(samples[k].effects);
      steps.push(performance.now() - s + (text.length > 0 ? 0 : 1));
    }
  return { total: performance.now() - t0, steps, stateBytes: 0 };
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
// Two warm-up rounds, then 7 rounds with the variants interleaved (the machine is shared); the best round of each is kept.
const variants = [withJson, withoutJson, jsonOnly];
const bestOf: (Run | null)[] = [null, null, null];
for (let round = 0; round < 9; round++)
  variants.forEach((work, v) => {
    const r = work();
    if (round >= 2 && (!bestOf[v] || r.total < bestOf[v]!.total)) bestOf[v] = r;
  });
const [json, plain, jsonAlone] = bestOf as Run[];

const fmt = (label: string, r: Run) =>
  `${label.padEnd(52)} ${r.total.toFixed(1).padStart(8)} ms  ${((INSTANCES / r.total) * 1000).toFixed(0).padStart(7)} instances/s  median ${(quantile(r.steps, 0.5) * 1000).toFixed(1).padStart(6)} µs  p95 ${(quantile(r.steps, 0.95) * 1000).toFixed(1).padStart(6)} µs`;

console.log(`workflow: ${INSTANCES} leave requests, 3 steps each (start, supervisor, head), best of 7 runs`);
console.log(fmt('engine + JSON round trip of state and effects', json));
console.log(fmt('reference 1: engine on in-memory state', plain));
console.log(fmt('reference 2: JSON round trip alone', jsonAlone));
console.log(`mean stored state: ${json.stateBytes.toFixed(0)} bytes`);
console.log(
  `ratio engine+JSON / engine alone: ${(json.total / plain.total).toFixed(2)}x; JSON alone is ${((jsonAlone.total / json.total) * 100).toFixed(0)}% of the engine+JSON time`,
);
console.log(`ratio p95 step engine+JSON / JSON round trip alone: ${(quantile(json.steps, 0.95) / quantile(jsonAlone.steps, 0.95)).toFixed(1)}x`);
