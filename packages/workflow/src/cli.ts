/**
 * Command line:
 *   npm run -s workflow -- validate MODEL.bpmn [--strategies a,b] [--forms f1,f2] [--lang zh-CN]
 *   npm run -s workflow -- run MODEL.bpmn [--vars '{"amount":5}'] [--script approve,reject@head,timer,service,...] [--now ISO]
 * A script step is approve | reject (the first open task, or `approve@nodeId`, `approve@nodeId/2` for a
 * countersign instance), timer (fire the first timer when due), service | service-fail (the first
 * service step) or cancel. `run` prints every effect as one JSON line under a `# step` line, then the
 * instance's status. Bad input (file, XML, model, command) prints one line per problem on stderr and exits 2.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { cancelInstance, completeService, completeTask, fireTimer, openTasks, startInstance, type InstanceState, type StepResult } from './engine';
import { parseBpmn } from './bpmn';
import { formatWorkflowMessage, WorkflowError, workflowMessages, type Issue } from './errors';
import type { ProcessModel } from './model';
import { listUserTasks, validateForExecution } from './validate';

const HELP = `usage: workflow validate MODEL.bpmn [--strategies a,b] [--forms f1,f2] [--lang zh-CN|en]
       workflow run MODEL.bpmn [--vars JSON] [--script approve,reject@node,timer,service,service-fail,cancel] [--now ISO]`;

type Lang = 'zh-CN' | 'en';
const line = (issue: Issue, lang: Lang) => `${issue.code} ${formatWorkflowMessage(workflowMessages[issue.code][lang], issue.params)}`;
const list = (v: string | undefined) =>
  v
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];

class UsageError extends Error {}

function load(file: string | undefined): { model: ProcessModel; warnings: Issue[] } {
  if (!file) throw new UsageError(HELP);
  let xml: string;
  try {
    xml = readFileSync(file, 'utf8');
  } catch {
    throw new UsageError(`${file}: cannot read the file`);
  }
  return parseBpmn(xml);
}

function scriptStep(model: ProcessModel, state: InstanceState, step: string, now: string): StepResult {
  const [verb, target] = step.split('@');
  if (state.status === 'ended') throw new WorkflowError('WF_INSTANCE_ENDED');
  if (verb === 'approve' || verb === 'reject') {
    const open = openTasks(state);
    const [nodeId, index] = (target ?? '').split('/');
    const task = target ? open.find((t) => t.nodeId === nodeId && (index === undefined || t.index === Number(index))) : open[0];
    if (!task) throw new WorkflowError('WF_TASK_NOT_ACTIVE', { taskKey: target ?? '(none open)' });
    return completeTask(model, state, { taskKey: task.taskKey, instanceIndex: task.index, outcome: verb, now });
  }
  if (verb === 'timer') {
    const timer = Object.values(state.timers)[0];
    if (!timer) throw new WorkflowError('WF_TIMER_NOT_ACTIVE', { timerId: '(none)' });
    return fireTimer(model, state, { timerId: timer.timerId, now: timer.dueAt > now ? timer.dueAt : now });
  }
  if (verb === 'service' || verb === 'service-fail') {
    const service = Object.values(state.services)[0];
    if (!service) throw new WorkflowError('WF_SERVICE_NOT_ACTIVE', { serviceId: '(none)' });
    return completeService(model, state, { serviceId: service.serviceId, ok: verb === 'service', error: 'failed by the script', now });
  }
  if (verb === 'cancel') return cancelInstance(model, state, { reason: 'cancelled by the script', now });
  throw new UsageError(`unknown script step ${step}`);
}

/** Runs one command; answers what to print on stdout, on stderr, and the exit code. */
export function run(argv: string[]): { out: string; err: string; code: number } {
  let values: Record<string, string | boolean | undefined>;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        vars: { type: 'string' },
        script: { type: 'string' },
        now: { type: 'string' },
        strategies: { type: 'string' },
        forms: { type: 'string' },
        lang: { type: 'string' },
        help: { type: 'boolean' },
      },
    }));
  } catch (e) {
    return { out: '', err: (e as Error).message, code: 2 };
  }
  const lang: Lang = values.lang === 'zh-CN' ? 'zh-CN' : 'en';
  const [command, file] = positionals;
  try {
    if (command === 'validate') {
      const { model, warnings } = load(file);
      const v = validateForExecution(model, {
        knownStrategies: list(values.strategies as string),
        knownForms: values.forms ? list(values.forms as string) : undefined,
      });
      if (!v.ok) return { out: '', err: v.errors.map((i) => `${file}: ${line(i, lang)}`).join('\n'), code: 2 };
      const tasks = listUserTasks(model).map(
        (t) =>
          `${t.key}${t.name ? ` ${t.name}` : ''}${t.countersign ? ` [countersign ${t.countersign.mode}${t.countersign.sequential ? ', sequential' : ''}]` : ''}${t.rejectTarget ? ` (reject -> ${t.rejectTarget})` : ''}`,
      );
      const out = [
        `ok ${model.processId}${model.name ? ` (${model.name})` : ''}: ${model.nodeOrder.length} nodes, ${Object.keys(model.flows).length} flows`,
        `user tasks: ${tasks.join('; ') || 'none'}`,
        ...[...warnings, ...v.warnings].map((w) => `warning ${line(w, lang)}`),
      ];
      return { out: out.join('\n'), err: '', code: 0 };
    }
    if (command === 'run') {
      const { model } = load(file);
      let variables: Record<string, unknown> = {};
      if (values.vars !== undefined) {
        try {
          variables = JSON.parse(values.vars as string);
        } catch {
          throw new UsageError(`--vars is not JSON: ${values.vars}`);
        }
      }
      let minute = 0;
      const base = values.now ? Date.parse(values.now as string) : Date.UTC(2026, 0, 1);
      if (Number.isNaN(base)) throw new UsageError(`--now is not a date: ${values.now}`);
      const now = () => new Date(base + 60_000 * minute++).toISOString();
      const out: string[] = ['# start'];
      let r = startInstance(model, { variables, now: now() });
      out.push(...r.effects.map((e) => JSON.stringify(e)));
      for (const step of list(values.script as string)) {
        r = scriptStep(model, r.state, step, now());
        out.push(`# ${step}`, ...r.effects.map((e) => JSON.stringify(e)));
      }
      const open = openTasks(r.state).map((t) => `${t.taskKey}${r.state.tasks[t.taskKey].multi ? `/${t.index}` : ''}`);
      out.push(`# ${r.state.status}${r.state.outcome ? ` ${r.state.outcome}` : ''}${open.length ? `; open tasks: ${open.join(', ')}` : ''}`);
      return { out: out.join('\n'), err: '', code: 0 };
    }
    return values.help ? { out: HELP, err: '', code: 0 } : { out: '', err: HELP, code: 2 };
  } catch (e) {
    if (e instanceof WorkflowError) return { out: '', err: `${file}: ${line(e, lang)}`, code: 2 };
    if (e instanceof UsageError) return { out: '', err: e.message, code: 2 };
    throw e;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { out, err, code } = run(process.argv.slice(2));
  if (out) process.stdout.write(`${out}\n`);
  if (err) process.stderr.write(`${err}\n`);
  process.exit(code);
}
