import { and, eq, sql } from 'drizzle-orm';
import { parseBpmn } from '@breedwise/workflow';
import { sampleModels } from '@breedwise/workflow/samples';
import type { DbOrTx } from '../../db/client';
import type { SeedOrg } from '../../platform/module';
import { checkExecutable } from './engine';
import { bpmDefinition, bpmModel } from './model/model.tables';
import { bpmBinding } from './admin/admin.tables';
import { businessTypes } from './runtime/business';
import { bpmForm } from './form/form.tables';
import { DEFAULT_FORMS } from './form/default-forms';
import { formsForModel } from './form/form.service';
import { sysOrg } from '../system';

const NAMES: Record<string, { name: string; category: string }> = {
  'one-step-approval': { name: '单级审批 One-step approval', category: 'approval' },
  'two-step-amount': { name: '两级审批（金额） Two-step by amount', category: 'approval' },
  'two-step-countersign': { name: '会签后审批 Countersign then director', category: 'approval' },
  'leave-request': { name: '请假 Leave request', category: 'oa' },
};

/**
 * Every organisation's default forms and models (the engine's samples), each deployed as version 1, and every
 * registered business type bound to its default model (the germ documents: the one-step approval).
 */
export async function seedBpmOrganisation(db: DbOrTx, org: SeedOrg): Promise<void> {
  for (const f of DEFAULT_FORMS)
    await db
      .insert(bpmForm)
      .values({ orgId: org.orgId, ...f })
      .onConflictDoNothing();
  const byKey = new Map<string, number>();
  for (const s of sampleModels()) {
    const [exists] = await db
      .select({ id: bpmModel.id })
      .from(bpmModel)
      .where(and(eq(bpmModel.orgId, org.orgId), eq(bpmModel.key, s.key)));
    if (exists) {
      byKey.set(s.key, exists.id);
      continue;
    }
    const model = parseBpmn(s.xml).model;
    const forms = await formsForModel(db, org.orgId, model);
    checkExecutable(model, Object.fromEntries(Object.entries(forms).map(([k, f]) => [k, f.schema.fields.map((x) => x.name)])));
    const meta = NAMES[s.key] ?? { name: model.name || s.key, category: 'approval' };
    const [m] = await db
      .insert(bpmModel)
      .values({ orgId: org.orgId, key: s.key, name: meta.name, category: meta.category, bpmnXml: s.xml })
      .returning({ id: bpmModel.id });
    await db.insert(bpmDefinition).values({ orgId: org.orgId, modelId: m.id, key: s.key, name: meta.name, version: 1, bpmnXml: s.xml, model, forms });
    byKey.set(s.key, m.id);
  }
  for (const bt of businessTypes()) {
    const modelId = bt.defaultModelKey ? byKey.get(bt.defaultModelKey) : undefined;
    if (modelId) await db.insert(bpmBinding).values({ orgId: org.orgId, businessType: bt.type, modelId }).onConflictDoNothing();
  }
}

/**
 * Run at every start (prepare, idempotent): an organisation whose models name a default form it does not
 * have gets it. Organisations created before the forms existed (migration 0028) were seeded with the
 * default models but no forms, so redeploying those models was refused; a form deleted on purpose is
 * not brought back (a form a model names cannot be deleted). Answers how many forms were added.
 */
export async function syncBpmDefaultForms(db: DbOrTx): Promise<number> {
  let added = 0;
  for (const f of DEFAULT_FORMS) {
    const pattern = `%formKey="${f.key}"%`;
    const result = await db.execute(sql`
      insert into ${bpmForm} (org_id, key, name, remark, schema)
      select o.id, ${f.key}, ${f.name}, ${f.remark ?? null}, ${JSON.stringify(f.schema)}::jsonb
        from ${sysOrg} o
       where not exists (select 1 from ${bpmForm} x where x.org_id = o.id and x.key = ${f.key})
         and exists (select 1 from ${bpmModel} m where m.org_id = o.id and m.bpmn_xml like ${pattern})
      on conflict do nothing
      returning id`);
    added += (result as unknown as { rows: unknown[] }).rows.length;
  }
  return added;
}
