/** Checks of a model against the installation: strategies, forms, reject targets, condition variables. */
import { parseExpression, variablesOf } from '@breedwise/expr';
import { reach } from './bpmn';
import type { Issue } from './errors';
import type { CountersignMode, ProcessModel } from './model';

export interface ValidateOptions {
  /** Service strategies the server offers. */
  knownStrategies: readonly string[];
  /** Forms: their keys, or each key with its field names (then condition variables are checked against the fields). */
  knownForms?: readonly string[] | Readonly<Record<string, readonly string[]>>;
}

export interface ValidationResult {
  ok: boolean;
  errors: Issue[];
  warnings: Issue[];
}

export function validateForExecution(model: ProcessModel, opts: ValidateOptions): ValidationResult {
  const errors: Issue[] = [];
  const warnings: Issue[] = [];
  const strategies = new Set(opts.knownStrategies);
  const forms = opts.knownForms;
  const formKeys = forms === undefined ? null : new Set(Array.isArray(forms) ? forms : Object.keys(forms));
  const fields = forms === undefined || Array.isArray(forms) ? null : (forms as Record<string, readonly string[]>);
  const produced = new Set<string>();
  const next = (id: string) => model.nodes[id].outgoing.map((f) => model.flows[f].target);

  for (const id of model.nodeOrder) {
    const n = model.nodes[id];
    if (n.kind === 'serviceTask' && !strategies.has(n.strategy)) errors.push({ code: 'WF_UNKNOWN_STRATEGY', params: { id, strategy: n.strategy } });
    if ((n.kind === 'start' || n.kind === 'userTask') && n.formKey !== undefined) {
      if (formKeys && !formKeys.has(n.formKey)) errors.push({ code: 'WF_UNKNOWN_FORM', params: { id, formKey: n.formKey } });
      if (fields && Object.prototype.hasOwnProperty.call(fields, n.formKey)) for (const f of fields[n.formKey]) produced.add(f);
    }
    if (n.kind === 'userTask' && n.rejectTarget !== undefined) {
      const target = n.rejectTarget;
      const fromTarget = Object.prototype.hasOwnProperty.call(model.nodes, target) ? reach([target], next) : new Set<string>();
      const ok = target !== id && model.nodes[target]?.kind === 'userTask' && fromTarget.has(id);
      if (!ok) errors.push({ code: 'WF_BAD_REJECT_TARGET', params: { id, target } });
      else {
        // Going back into a parallel branch from beyond its join would wait forever for the other
        // branches: every parallel join between the target and the task must get all its inputs from the target.
        const join = model.nodeOrder.find((j) => {
          const n2 = model.nodes[j];
          if (n2.kind !== 'parallelGateway' || n2.incoming.length < 2 || !fromTarget.has(j) || !reach([j], next).has(id)) return false;
          return n2.incoming.some((f) => !fromTarget.has(model.flows[f].source));
        });
        if (join) errors.push({ code: 'WF_REJECT_INTO_BRANCH', params: { id, target, join } });
      }
    }
  }

  if (fields) {
    const check = (text: string, flowId: string) => {
      for (const name of variablesOf(parseExpression(text))) {
        const root = name.split('.')[0];
        if (!produced.has(name) && !produced.has(root)) warnings.push({ code: 'WF_CONDITION_VARIABLE_UNPRODUCED', params: { flowId, name } });
      }
    };
    for (const f of Object.values(model.flows)) if (f.condition !== undefined) check(f.condition, f.id);
    for (const id of model.nodeOrder) {
      const n = model.nodes[id];
      if (n.kind === 'userTask' && n.multi?.cardinality) check(n.multi.cardinality, id);
      if (n.kind === 'userTask' && n.multi?.collection) check(n.multi.collection, id);
    }
  }
  return { ok: errors.length === 0, errors, warnings };
}

export interface UserTaskInfo {
  /** The node id: the key assignment rules are stored under. */
  key: string;
  name: string;
  formKey: string | null;
  rejectTarget: string | null;
  /** Null for a single task. */
  countersign: { mode: CountersignMode; sequential: boolean } | null;
}

/** The user tasks of a model in document order, for the assignment-rule screen. */
export function listUserTasks(model: ProcessModel): UserTaskInfo[] {
  return model.nodeOrder.flatMap((id) => {
    const n = model.nodes[id];
    if (n.kind !== 'userTask') return [];
    return [
      {
        key: id,
        name: n.name,
        formKey: n.formKey ?? null,
        rejectTarget: n.rejectTarget ?? null,
        countersign: n.multi ? { mode: n.multi.mode, sequential: n.multi.sequential } : null,
      },
    ];
  });
}
