import type { Locale } from '@breedwise/contracts';
import { EXPERIMENT_TRANSITIONS, type ExperimentAction, type ExperimentStatus } from '@breedwise/contracts/doe';
import { actionLabel, refusal, statusLabel } from '../shared';

/** Actions that change an experiment's information and so are refused once it is locked. */
const LOCKED_REFUSES: readonly ExperimentAction[] = ['design', 'reset', 'push'];

/**
 * The experiment state machine (spec section 4): temporary storage -> designed -> finished -> harvested,
 * as the explicit table in the contracts. Answers the next state (null: the state stays).
 */
export function transition(current: { status: ExperimentStatus; locked: boolean }, action: ExperimentAction, locale: Locale): ExperimentStatus | null {
  const rule = EXPERIMENT_TRANSITIONS[action];
  if (current.locked && LOCKED_REFUSES.includes(action)) throw refusal(409, 'DOE_EXPERIMENT_LOCKED', {}, locale);
  if (!(rule.from as readonly string[]).includes(current.status)) {
    throw refusal(409, 'DOE_EXPERIMENT_TRANSITION_INVALID', { status: statusLabel(current.status, locale), action: actionLabel(action, locale) }, locale);
  }
  return rule.to;
}

export function canTransition(current: { status: ExperimentStatus; locked: boolean }, action: ExperimentAction): boolean {
  if (current.locked && LOCKED_REFUSES.includes(action)) return false;
  return (EXPERIMENT_TRANSITIONS[action].from as readonly string[]).includes(current.status);
}
