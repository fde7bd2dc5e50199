import type { DbOrTx } from '../../db/client';
import type { SeedOrg } from '../../platform/module';
import { bpmUserGroup } from './admin/admin.tables';
import { bpmLeave } from './leave/leave.tables';
import { LEAVE_TYPE } from './leave/leave.service';
import { seedBusinessProcess } from './runtime/seed-process';
import { eq } from 'drizzle-orm';

/**
 * Demo data: a user group, and the breeder's leave requests in every state (one waiting for the
 * administrator, one approved through both steps, one rejected with a comment).
 */
export async function seedBpmDemo(db: DbOrTx, org: SeedOrg): Promise<void> {
  const admin = org.users.admin;
  const breeder = org.users.breeder ?? admin;
  await db
    .insert(bpmUserGroup)
    .values({
      orgId: org.orgId,
      name: '种质审核小组',
      description: '出库与报废单据的会签评审 Seed review committee',
      memberUserIds: [admin, breeder],
      createdBy: admin,
    })
    .onConflictDoNothing();
  const plans = [
    {
      type: 'annual' as const,
      startDate: '2026-12-01',
      endDate: '2026-12-02',
      reason: '年假 Annual leave',
      decisions: [] as ('approve' | 'reject')[],
      status: 'running' as const,
    },
    {
      type: 'field' as const,
      startDate: '2026-11-10',
      endDate: '2026-11-14',
      reason: '南繁基地出差 Field trip to Sanya',
      decisions: ['approve', 'approve'] as ('approve' | 'reject')[],
      status: 'approved' as const,
    },
    {
      type: 'personal' as const,
      startDate: '2026-11-20',
      endDate: '2026-11-20',
      reason: '事假 Personal matters',
      decisions: ['reject'] as ('approve' | 'reject')[],
      status: 'rejected' as const,
    },
  ];
  for (const p of plans) {
    const days = Math.round((Date.parse(p.endDate) - Date.parse(p.startDate)) / 86_400_000) + 1;
    const [row] = await db
      .insert(bpmLeave)
      .values({ orgId: org.orgId, userId: breeder, type: p.type, startDate: p.startDate, endDate: p.endDate, days, reason: p.reason, status: 'running' })
      .returning({ id: bpmLeave.id });
    let instanceId = 0;
    for (let i = 0; i <= p.decisions.length; i++) {
      if (i === 0) {
        instanceId = await seedBusinessProcess(db, {
          orgId: org.orgId,
          starterId: breeder,
          businessType: LEAVE_TYPE,
          businessKey: String(row.id),
          variables: { days, type: p.type },
          ...(p.decisions[0]
            ? {
                decision: {
                  userId: admin,
                  outcome: p.decisions[0],
                  comment: p.decisions[0] === 'reject' ? '本周试验播种，请改期 Sowing this week, please pick another day' : '同意',
                },
              }
            : {}),
        });
      } else if (p.decisions[i]) {
        await seedBusinessProcess(db, {
          orgId: org.orgId,
          starterId: breeder,
          businessType: LEAVE_TYPE,
          businessKey: String(row.id),
          decideOnly: true,
          decision: { userId: admin, outcome: p.decisions[i], comment: '同意' },
        });
      }
    }
    await db.update(bpmLeave).set({ processInstanceId: instanceId }).where(eq(bpmLeave.id, row.id));
  }
}
