import { expect, test, type Page } from '@playwright/test';
import { chooseOption } from '../support/pages';
import { apiToken, call, shot, signedIn } from '../system/helpers';

/**
 * Issue 15 item 2: an administrator designs a form (a number, a choice, a text shown only for one
 * choice), binds it to a model's start event and an approval form to its task in the designer's
 * properties panel, deploys; the start dialog shows the form and refuses it empty; submitted, the
 * detail shows the values; the approver fills the task's form in the to-do dialog.
 */
const modelXml = (key: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:bw="http://breedwise.dev/schema/bpmn" id="D_${key}" targetNamespace="http://breedwise.dev/bpmn">
  <bpmn:process id="${key}" name="Form process ${key}" isExecutable="true">
    <bpmn:startEvent id="start" name="Apply"><bpmn:outgoing>f1</bpmn:outgoing></bpmn:startEvent>
    <bpmn:userTask id="check" name="Check"><bpmn:incoming>f1</bpmn:incoming><bpmn:outgoing>f2</bpmn:outgoing></bpmn:userTask>
    <bpmn:endEvent id="end"><bpmn:incoming>f2</bpmn:incoming></bpmn:endEvent>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="check" />
    <bpmn:sequenceFlow id="f2" sourceRef="check" targetRef="end" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="DI_${key}">
    <bpmndi:BPMNPlane id="P_${key}" bpmnElement="${key}">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="152" y="142" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="check_di" bpmnElement="check"><dc:Bounds x="240" y="120" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="end_di" bpmnElement="end"><dc:Bounds x="400" y="142" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="f1_di" bpmnElement="f1"><di:waypoint x="188" y="160" /><di:waypoint x="240" y="160" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f2_di" bpmnElement="f2"><di:waypoint x="340" y="160" /><di:waypoint x="400" y="160" /></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>`;

const T = {
  'zh-CN': {
    saved: '操作成功',
    required: '必填',
    ne: '不等于',
    deployed: '已部署为版本 1',
    ok: '确 定',
    amount: '数量',
    urgency: '紧急程度',
    why: '原因',
    approve: '同意',
    agree: '同意',
    opinion: '意见',
  },
  en: {
    saved: 'Success',
    required: 'Required',
    ne: 'is not',
    deployed: 'Deployed as version 1',
    ok: 'OK',
    amount: 'Amount',
    urgency: 'Urgency',
    why: 'Why',
    approve: 'Approve',
    agree: 'Agree',
    opinion: 'Opinion',
  },
};

/** Edits the selected field: name, then both labels (each committed on blur). */
async function nameField(p: Page, name: string, zh: string, en: string) {
  const props = p.getByTestId('form-field-props');
  await props.getByTestId('field-name').fill(name);
  await props.getByTestId('field-name').blur();
  await expect(p.getByTestId('form-field-item').filter({ hasText: name })).toBeVisible();
  await p.getByTestId('form-field-props').getByTestId('field-label-zh').fill(zh);
  await p.getByTestId('form-field-props').getByTestId('field-label-zh').blur();
  await p.getByTestId('form-field-props').getByTestId('field-label-en').fill(en);
  await p.getByTestId('form-field-props').getByTestId('field-label-en').blur();
}

const sizes = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
];

for (const lang of ['zh-CN', 'en'] as const) {
  test(`form designer: design a form, bind it in the model designer, start with it, see the values (${lang})`, async ({ page, browser }) => {
    test.setTimeout(240_000);
    const t = T[lang];
    const admin = await apiToken(page, 'admin');
    const tag = `${Date.now().toString(36).slice(-5)}${lang === 'en' ? 'e' : 'z'}`;
    const formKey = `req-${tag}`;
    const { ctx, page: p } = await signedIn(browser, admin, lang);

    // The form designer: three fields from the palette.
    await p.goto('/bpm/manager/form');
    await p.getByTestId('form-add').click();
    await expect(p.getByTestId('form-designer')).toBeVisible();
    await p.getByTestId('form-key').fill(formKey);
    await p.getByTestId('form-name').fill(`Request ${tag}`);
    await p.getByTestId('palette-number').click();
    await nameField(p, 'amount', '数量', 'Amount');
    await chooseOption(p, p.getByTestId('form-field-props').getByTestId('field-required'), '', t.required);
    await p.getByTestId('palette-radio').click();
    await nameField(p, 'urgency', '紧急程度', 'Urgency');
    await chooseOption(p, p.getByTestId('form-field-props').getByTestId('field-required'), '', t.required);
    await p.getByTestId('palette-textarea').click();
    await nameField(p, 'why', '原因', 'Why');
    await chooseOption(p, p.getByTestId('form-field-props').getByTestId('field-required'), '', t.required);
    // Hidden unless "urgency" is the second option.
    await p.getByTestId('hidden-when-add').click();
    await chooseOption(p, p.getByTestId('hidden-when-field').first(), 'urgency', /urgency/);
    await chooseOption(p, p.getByTestId('hidden-when-op').first(), '', t.ne);
    await chooseOption(p, p.getByTestId('hidden-when-value').first(), '', /2/);
    await expect(p.getByTestId('form-field-item')).toHaveCount(3);
    for (const s of sizes) {
      await p.setViewportSize(s);
      await shot(p, `bpm-form-designer-${s.width}`, lang);
    }
    // The preview follows the rules: "why" shows only for the second option.
    await p.getByRole('tab', { name: lang === 'en' ? 'Preview' : '预览' }).click();
    const preview = p.getByTestId('form-preview');
    await expect(preview.getByLabel(t.why)).toHaveCount(0);
    await preview.getByRole('radio').nth(1).check();
    await expect(preview.getByLabel(t.why)).toBeVisible();
    await shot(p, 'bpm-form-preview', lang);
    await p.getByTestId('form-save').click();
    await expect(p.locator('.ant-message')).toContainText(t.saved);
    await p.goto('/bpm/manager/form');
    await expect(p.getByTestId('bpm-form-table').locator('.ant-table-row', { hasText: formKey })).toContainText('3');
    await shot(p, 'bpm-forms', lang);

    // The model: imported, then its start event and task get their forms in the properties panel.
    const key = `form_${tag.replace(/-/g, '_')}`;
    const model = await call<{ id: number }>(page, admin, 'POST', '/api/bpm/bpm/model/create', { key, name: `Form process ${tag}`, bpmnXml: modelXml(key) });
    await p.goto(`/bpm/manager/model/design/${model.id}`);
    const canvas = p.getByTestId('bpmn-modeler');
    await expect(canvas.locator('[data-element-id="check"]')).toBeVisible();
    await canvas.locator('g.djs-shape[data-element-id="start"] .djs-hit').click({ force: true });
    await expect(p.getByTestId('bpm-properties')).toContainText('start');
    await chooseOption(p, p.getByTestId('prop-form'), tag, formKey);
    await canvas.locator('g.djs-shape[data-element-id="check"] .djs-hit').click({ force: true });
    await expect(p.getByTestId('bpm-properties')).toContainText('check');
    await chooseOption(p, p.getByTestId('prop-form'), 'approval', 'approval-opinion');
    await shot(p, 'bpm-designer-form', lang);
    await p.getByTestId('designer-save').click();
    await expect(p.locator('.ant-message')).toContainText(t.saved);
    await p.getByTestId('designer-deploy').click();
    await p.getByRole('button', { name: t.ok }).click();
    await expect(p.locator('.ant-message')).toContainText(t.deployed);

    // Start: the form shows; empty, it is refused field by field; filled, the detail shows the values.
    await p.goto('/bpm/task/my');
    await p.getByTestId('start-process').click();
    await chooseOption(p, p.getByTestId('start-definition'), tag, new RegExp(tag));
    const startForm = p.getByTestId('start-form');
    await expect(startForm.getByLabel(t.amount)).toBeVisible();
    await p.getByTestId('start-submit').click();
    await expect(startForm.locator('.ant-form-item-explain-error')).toHaveCount(2);
    await startForm.getByLabel(t.amount).fill('12.5');
    await startForm.getByRole('radio').nth(1).check();
    await startForm.getByLabel(t.why).fill(`Sowing ${tag}`);
    for (const s of sizes) {
      await p.setViewportSize(s);
      await shot(p, `bpm-start-${s.width}`, lang);
    }
    await p.getByTestId('start-submit').click();
    const submitted = p.getByTestId('bpm-submitted-form');
    await expect(submitted).toHaveCount(1);
    await expect(submitted.getByLabel(t.amount)).toHaveValue('12.5');
    await expect(submitted.getByLabel(t.why)).toHaveValue(`Sowing ${tag}`);

    // The approver (the organisation's administrators: no rule) fills the task's form.
    await p.goto('/bpm/task/todo');
    const row = p.getByTestId('bpm-todo-table').locator('.ant-table-row', { hasText: tag });
    await row.getByTestId('task-approve').click();
    const taskForm = p.getByTestId('task-form');
    await expect(taskForm).toBeVisible();
    await taskForm.getByRole('radio').first().check();
    await shot(p, 'bpm-task-form', lang);
    await p.getByTestId('task-decide-ok').click();
    await expect(p.locator('.ant-message')).toContainText(t.approve);
    await p.goto('/bpm/task/my');
    await p.getByTestId('bpm-my-table').locator('.ant-table-row', { hasText: tag }).locator('a').first().click();
    await expect(p.getByTestId('bpm-submitted-form')).toHaveCount(2);
    for (const s of sizes) {
      await p.setViewportSize(s);
      await shot(p, `bpm-instance-forms-${s.width}`, lang);
    }
    await ctx.close();
  });
}
