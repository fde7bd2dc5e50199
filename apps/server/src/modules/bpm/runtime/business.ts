import type { Translations } from '@breedwise/contracts';
import type { Tx } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import type { AuditSource } from '../../audit';

/** How a process ended, as the owning module hears it. */
export interface BusinessEnd {
  businessKey: string;
  outcome: 'approved' | 'rejected' | 'cancelled';
  instanceId: number;
  /** The deciding task's comment, or the cancel reason. */
  comment: string | null;
}

/**
 * A business type a module plugs into the workflow (docs/architecture.md, "Approvals through the
 * workflow"). `onEnd` runs in the transaction that ended the instance: its refusal rolls the decision back.
 */
export interface BusinessType {
  type: string;
  label: Translations;
  /** Holders of this permission are the candidates of the `businessApprovers` strategy. */
  approvePermission?: string;
  /** The seeded model every organisation binds the type to (a key of the default models). */
  defaultModelKey?: string;
  onEnd(tx: Tx, ctx: RequestContext, src: AuditSource, end: BusinessEnd): Promise<void>;
  /**
   * The business step a service task with `bw:strategy="businessHandler"` runs, in the transaction that
   * moves the process on (the instance row locked). Answers variables merged into the process; a throw
   * is a failed attempt, retried through the job queue, an incident when the retries are used up.
   */
  service?(tx: Tx, ctx: RequestContext, step: BusinessStep): Promise<Record<string, unknown> | void>;
}

/** A service step of a business process, as the owning module's `service` sees it. */
export interface BusinessStep {
  businessKey: string;
  instanceId: number;
  nodeId: string;
  /** 1 for the first attempt. */
  attempt: number;
  variables: Readonly<Record<string, unknown>>;
}

const types = new Map<string, BusinessType>();

/** Registers a business type (at module load; a type is registered once). */
export function registerBusinessType(t: BusinessType): void {
  if (types.has(t.type)) throw new Error(`business type ${t.type} registered twice`);
  types.set(t.type, t);
}

export function businessType(type: string): BusinessType | undefined {
  return types.get(type);
}

export function businessTypes(): BusinessType[] {
  return [...types.values()];
}
