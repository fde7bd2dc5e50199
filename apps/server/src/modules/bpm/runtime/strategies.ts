import { and, eq } from 'drizzle-orm';
import { SERVICE_STRATEGIES, type ServiceStrategy } from '@breedwise/contracts/bpm';
import type { Translations } from '@breedwise/contracts';
import type { Tx } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import { sendMessage } from '../../message';
import { sysRole, sysUserOrg, sysUserRole } from '../../system';
import { businessType } from './business';

/** What a service strategy is given: the locked instance's transaction and facts about the step. */
export interface StrategyStep {
  tx: Tx;
  /** The organisation, acting as the starter (jobs have no session). */
  ctx: RequestContext;
  instance: { id: number; orgId: number; name: string; startUserId: number | null; businessType: string | null; businessKey: string | null };
  nodeId: string;
  nodeName: string;
  attempt: number;
  variables: Readonly<Record<string, unknown>>;
}

/** A server-side service strategy: answers variables merged into the process; a throw is a failed attempt. */
export type Strategy = (step: StrategyStep) => Promise<Record<string, unknown> | void>;

const link = (instanceId: number) => `/bpm/task/my/detail/${instanceId}`;
const bi = (zh: string, en: string): Translations => ({ 'zh-CN': zh, en });

async function orgAdmins(tx: Tx, orgId: number): Promise<number[]> {
  const rows = await tx
    .selectDistinct({ id: sysUserRole.userId })
    .from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId))
    .innerJoin(sysUserOrg, and(eq(sysUserOrg.userId, sysUserRole.userId), eq(sysUserOrg.orgId, orgId)))
    .where(and(eq(sysRole.orgId, orgId), eq(sysRole.roleKey, 'admin')));
  return rows.map((r) => r.id);
}

/**
 * The fixed list of service strategies (`bw:strategy` of a service task). Names only: a model never
 * carries code, and deployment refuses a name not in this list.
 */
const strategies: Record<ServiceStrategy, Strategy> = {
  /** A message to the starter: the process reached this step. */
  notifyStarter: async ({ tx, instance, nodeName }) => {
    if (instance.startUserId === null) return;
    await sendMessage(tx, [instance.startUserId], {
      orgId: instance.orgId,
      type: 'approval',
      title: bi(`流程“${instance.name}”：${nodeName}`, `Process "${instance.name}": ${nodeName}`),
      content: bi(`您发起的流程“${instance.name}”已到达“${nodeName}”。`, `The process "${instance.name}" you started has reached "${nodeName}".`),
      link: link(instance.id),
    });
  },
  /** A message to the organisation's administrators (e.g. "the order was approved, act on it"). */
  notifyAdmins: async ({ tx, instance, nodeName }) => {
    await sendMessage(tx, await orgAdmins(tx, instance.orgId), {
      orgId: instance.orgId,
      type: 'approval',
      title: bi(`流程“${instance.name}”：${nodeName}`, `Process "${instance.name}": ${nodeName}`),
      content: bi(`流程“${instance.name}”已到达“${nodeName}”。`, `The process "${instance.name}" has reached "${nodeName}".`),
      link: link(instance.id),
    });
  },
  /** The step the business type's owning module registered (`BusinessType.service`). */
  businessHandler: async ({ tx, ctx, instance, nodeId, attempt, variables }) => {
    const bt = instance.businessType ? businessType(instance.businessType) : undefined;
    if (!bt?.service || !instance.businessKey)
      throw new Error(
        instance.businessType
          ? `the business type ${instance.businessType} has no service step`
          : 'the process belongs to no business record, so it has no business step to run',
      );
    return bt.service(tx, ctx, { businessKey: instance.businessKey, instanceId: instance.id, nodeId, attempt, variables });
  },
};

export const strategyNames: readonly string[] = SERVICE_STRATEGIES;

export function strategy(name: string): Strategy | undefined {
  return Object.prototype.hasOwnProperty.call(strategies, name) ? strategies[name as ServiceStrategy] : undefined;
}
