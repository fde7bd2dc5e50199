import { WorkflowError, parseBpmn, validateForExecution, type ProcessModel } from '@breedwise/workflow';
import { AppError } from '../../platform/errors';
import { strategyNames } from './runtime/strategies';

/** The engine's refusal as one of our error codes, its message in both languages. */
export function translateWorkflowError(err: unknown, code: 'BPM_INVALID_BPMN' | 'BPM_WORKFLOW' = 'BPM_WORKFLOW'): never {
  if (err instanceof WorkflowError) {
    const params = { detail: err.localized('en'), detailZh: err.localized('zh-CN'), engineCode: err.code };
    if (err.code === 'WF_CONDITION_FAILED') throw new AppError(400, 'BPM_CONDITION_FAILED', params);
    if (err.code === 'WF_TASK_NOT_ACTIVE') throw new AppError(409, 'BPM_TASK_HANDLED');
    // Bad input (variables, a cardinality over them) is the caller's 400; the rest a conflict with the process.
    const badInput = code === 'BPM_INVALID_BPMN' || err.code === 'WF_BAD_VARIABLES' || err.code === 'WF_BAD_CARDINALITY' || err.code === 'WF_NO_PATH';
    throw new AppError(badInput ? 400 : 409, code, params);
  }
  throw err;
}

/** Calls the engine; its refusals become translated 4xx answers. */
export function engine<T>(run: () => T, code: 'BPM_INVALID_BPMN' | 'BPM_WORKFLOW' = 'BPM_WORKFLOW'): T {
  try {
    return run();
  } catch (err) {
    translateWorkflowError(err, code);
  }
}

/** Reads a BPMN text strictly (a clear 400 when it is not BPMN 2.0 we can read). */
export function readBpmn(xml: string): ProcessModel {
  return engine(() => parseBpmn(xml).model, 'BPM_INVALID_BPMN');
}

/**
 * What this server executes: timers (scheduled through the job queue) and service tasks naming a
 * registered strategy (an unknown name is refused). With the organisation's forms (key: field names),
 * a form key naming no form is refused too.
 */
export function checkExecutable(model: ProcessModel, knownForms?: Readonly<Record<string, readonly string[]>>): void {
  const result = validateForExecution(model, { knownStrategies: [...strategyNames], ...(knownForms ? { knownForms } : {}) });
  if (!result.ok) {
    const e = result.errors[0];
    const w = new WorkflowError(e.code, e.params);
    throw new AppError(400, 'BPM_MODEL_NOT_EXECUTABLE', { detail: w.localized('en'), detailZh: w.localized('zh-CN') });
  }
}
