import { expect, test, type Browser, type Page } from '@playwright/test';
import { chooseOption } from '../support/pages';
import { apiToken, call, shot, signedIn, type Lang } from '../system/helpers';

/**
 * Issue 15 "Done when": an administrator imports a two-step model with a gateway, sets the gateway's
 * condition in the designer's properties panel, deploys it, sets who approves on the assignment-rule
 * screen (one task in each language) and binds it to outbound documents; a breeder
 * submits an outbound document; the first approver rejects it with a comment; the breeder reopens and
 * resubmits; both approvers approve; the stock goes down once. Serial: the outbound binding is shared by
 * the whole organisation (restored to the one-step model at the end).
 */
const twoStepXml = (key: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:bw="http://breedwise.dev/schema/bpmn" id="D_${key}" targetNamespace="http://breedwise.dev/bpmn">
  <bpmn:process id="${key}" name="Two-step outbound ${key}" isExecutable="true">
    <bpmn:startEvent id="start"><bpmn:outgoing>f1</bpmn:outgoing></bpmn:startEvent>
    <bpmn:userTask id="keeper" name="Seed keeper"><bpmn:incoming>f1</bpmn:incoming><bpmn:outgoing>f2</bpmn:outgoing></bpmn:userTask>
    <bpmn:exclusiveGateway id="gw" name="Large?" default="f_small"><bpmn:incoming>f2</bpmn:incoming><bpmn:outgoing>f_big</bpmn:outgoing><bpmn:outgoing>f_small</bpmn:outgoing></bpmn:exclusiveGateway>
    <bpmn:userTask id="head" name="Head of station"><bpmn:incoming>f_big</bpmn:incoming><bpmn:outgoing>f3</bpmn:outgoing></bpmn:userTask>
    <bpmn:endEvent id="end"><bpmn:incoming>f3</bpmn:incoming><bpmn:incoming>f_small</bpmn:incoming></bpmn:endEvent>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="keeper" />
    <bpmn:sequenceFlow id="f2" sourceRef="keeper" targetRef="gw" />
    <bpmn:sequenceFlow id="f_big" name="large" sourceRef="gw" targetRef="head"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">\${quantity &gt; 1000}</bpmn:conditionExpression></bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="f_small" sourceRef="gw" targetRef="end" />
    <bpmn:sequenceFlow id="f3" sourceRef="head" targetRef="end" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="DI_${key}">
    <bpmndi:BPMNPlane id="P_${key}" bpmnElement="${key}">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="152" y="142" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="keeper_di" bpmnElement="keeper"><dc:Bounds x="240" y="120" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="gw_di" bpmnElement="gw" isMarkerVisible="true"><dc:Bounds x="395" y="135" width="50" height="50" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="head_di" bpmnElement="head"><dc:Bounds x="500" y="120" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="end_di" bpmnElement="end"><dc:Bounds x="662" y="142" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="f1_di" bpmnElement="f1"><di:waypoint x="188" y="160" /><di:waypoint x="240" y="160" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f2_di" bpmnElement="f2"><di:waypoint x="340" y="160" /><di:waypoint x="395" y="160" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f_big_di" bpmnElement="f_big"><di:waypoint x="445" y="160" /><di:waypoint x="500" y="160" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f_small_di" bpmnElement="f_small"><di:waypoint x="420" y="185" /><di:waypoint x="420" y="260" /><di:waypoint x="680" y="260" /><di:waypoint x="680" y="178" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f3_di" bpmnElement="f3"><di:waypoint x="600" y="160" /><di:waypoint x="662" y="160" /></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>`;

test.use({ actionTimeout: 20_000 });

const T = {
  'zh-CN': { approve: '同意', reject: '驳回', ok: '确 定', todo: '待办任务', submitted: '待审核', approved: '已审核', rejected: '已驳回', draft: '草稿' },
  en: { approve: 'Approve', reject: 'Reject', ok: 'OK', todo: 'To-do', submitted: 'Submitted', approved: 'Approved', rejected: 'Rejected', draft: 'Draft' },
};

/** A paged list (answered as {rows, total}, not under data). */
async function getPage<T>(page: Page, token: string, url: string): Promise<{ rows: T[] }> {
  const res = await page.request.get(url, { headers: { token } });
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as { rows: T[] };
}

async function newUser(page: Page, admin: string, username: string, roleKey: string) {
  const roles = (await (await page.request.get('/api/system/role/list?pageSize=50', { headers: { token: admin } })).json()) as {
    rows: { id: number; roleKey: string }[];
  };
  await call(page, admin, 'POST', '/api/system/user/create', {
    username,
    nickName: username,
    password: 'Approver@2026',
    roleIds: [roles.rows.find((r) => r.roleKey === roleKey)!.id],
    crops: [],
  });
  // An administrator-set password is changed at the first login.
  const first = await apiToken(page, username, 'Approver@2026');
  await call(page, first, 'PUT', '/api/auth/api/profile/password', { oldPassword: 'Approver@2026', newPassword: 'Approver own 2026!' });
  return apiToken(page, username, 'Approver own 2026!');
}

/** Opens the to-do list as a user and decides the task of the process whose document number is shown. */
async function decide(browser: Browser, token: string, lang: Lang, docNo: string, outcome: 'approve' | 'reject', comment: string, shotName?: string) {
  const { ctx, page } = await signedIn(browser, token, lang);
  await page.goto('/bpm/task/todo');
  const table = page.getByTestId('bpm-todo-table');
  // The business key is the document id: the row of this document's process.
  const row = table.locator('.ant-table-row').filter({ has: page.getByTestId('task-business-key').getByText(docNo, { exact: true }) });
  await expect(row).toBeVisible();
  if (shotName)
    for (const width of [1440, 1280]) {
      await page.setViewportSize({ width, height: width === 1440 ? 900 : 720 });
      await shot(page, shotName, lang);
    }
  await row.getByTestId(`task-${outcome}`).click();
  await page.getByTestId('task-comment').fill(comment);
  if (shotName) await shot(page, `${shotName}-dialog`, lang);
  await page.getByTestId('task-decide-ok').click();
  await expect(page.locator('.ant-message')).toContainText(T[lang][outcome]);
  await ctx.close();
}

test('a two-step outbound approval with a gateway: reject with a comment, resubmit, both approve, stock down once', async ({ page, browser }) => {
  test.setTimeout(420_000);
  const admin = await apiToken(page, 'admin');
  const breeder = await apiToken(page, 'breeder');
  const tag = Date.now().toString(36).slice(-6);
  const keeper = await newUser(page, admin, `keeper-${tag}`, 'approver');
  const head = await newUser(page, admin, `head-${tag}`, 'approver');
  const users = await call<{ id: number; name: string }[]>(page, admin, 'GET', '/api/bpm/bpm/user/list-simple-users');
  const keeperId = users.find((u) => u.name === `keeper-${tag}`)!.id;
  const headId = users.find((u) => u.name === `head-${tag}`)!.id;
  const key = `outbound_two_${tag}`;
  let modelId = 0;

  // The administrator: imports the model, sets the gateway condition in the designer, saves, deploys.
  {
    const { ctx, page: p } = await signedIn(browser, admin, 'zh-CN');
    await p.goto('/bpm/manager/model');
    await p
      .getByTestId('model-import')
      .locator('..')
      .locator('input[type=file]')
      .setInputFiles({ name: `${key}.bpmn`, mimeType: 'application/xml', buffer: Buffer.from(twoStepXml(key)) });
    const row = p.getByTestId('bpm-model-table').locator('.ant-table-row', { hasText: key });
    await expect(row).toContainText('未部署');
    await row.getByTestId('model-design').click();
    await expect(p.getByTestId('bpmn-modeler').locator('[data-element-id="keeper"]')).toBeVisible();
    // The keeper's reject ends the process (no target); the head's goes back to the keeper.
    await p.getByTestId('bpmn-modeler').locator('g.djs-shape[data-element-id="head"] .djs-hit').click({ force: true });
    await expect(p.getByTestId('bpm-properties')).toContainText('head');
    await chooseOption(p, p.getByTestId('prop-reject-target'), 'Seed', 'Seed keeper');
    // The gateway's "large" output: its condition through our panel (the safe expression language).
    await p.getByTestId('bpmn-modeler').locator('g.djs-connection[data-element-id="f_big"]').click({ force: true });
    const cond = p.getByTestId('prop-condition');
    await cond.fill('quantity > (');
    await expect(p.getByTestId('bpm-properties').locator('.ant-form-item-explain-error')).toBeVisible();
    await cond.fill('quantity > 5');
    await cond.blur();
    for (const width of [1440, 1280]) {
      await p.setViewportSize({ width, height: width === 1440 ? 900 : 720 });
      await shot(p, `bpm-designer-${width}`, 'zh-CN');
    }
    await p.getByTestId('designer-save').click();
    await expect(p.locator('.ant-message')).toContainText('操作成功');
    await p.getByTestId('designer-deploy').click();
    await p.getByRole('button', { name: T['zh-CN'].ok }).click();
    await expect(p.locator('.ant-message')).toContainText('已部署为版本 1');
    await ctx.close();
    const models = await getPage<{ id: number; key: string; latest: { id: number } | null }>(page, admin, `/api/bpm/bpm/model/page?keyword=${key}`);
    modelId = models.rows[0].id;
    const defId = models.rows[0].latest!.id;
    const xml = await call<string>(page, admin, 'GET', `/api/bpm/bpm/process-definition/get-bpmn-xml?id=${defId}`);
    expect(xml).toContain('quantity &gt; 5');
    expect(xml).toContain('bw:rejectTarget="keeper"');
    // Who approves, on the assignment-rule screen: the keeper (in Chinese), then the head (in English).
    for (const [lang, task, user, typeLabel] of [
      ['zh-CN', 'keeper', `keeper-${tag}`, '指定用户'],
      ['en', 'head', `head-${tag}`, 'Users'],
    ] as const) {
      const r = await signedIn(browser, admin, lang);
      await r.page.goto(`/bpm/manager/taskAssignRule?definitionId=${defId}`);
      const rule = r.page.getByTestId(`rule-${task}`);
      await chooseOption(r.page, rule.getByTestId('rule-type'), '', typeLabel);
      await chooseOption(r.page, rule.getByTestId('rule-users'), user, user);
      await r.page.keyboard.press('Escape');
      await rule.getByTestId('rule-save').click();
      await expect(r.page.locator('.ant-message')).toContainText(lang === 'en' ? 'Success' : '操作成功');
      await shot(r.page, 'bpm-rules-outbound', lang);
      await r.ctx.close();
    }
    const rules = await call<{ taskKey: string; type: string; options: number[] }[]>(
      page,
      admin,
      'GET',
      `/api/bpm/bpm/task-assign-rule/list?definitionId=${defId}`,
    );
    expect(rules.map((r) => [r.taskKey, r.type, r.options])).toEqual([
      ['keeper', 'user', [keeperId]],
      ['head', 'user', [headId]],
    ]);
  }

  // The binding screen: outbound documents go through the new model.
  {
    const { ctx, page: p } = await signedIn(browser, admin, 'en');
    await p.goto('/relationship/detail');
    await chooseOption(p, p.getByTestId('binding-germ_outbound'), tag, new RegExp(key));
    await expect(p.locator('.ant-message')).toContainText('Success');
    await expect(p.getByTestId('binding-table').locator('.ant-table-row', { hasText: 'germ_outbound' })).toContainText('v1');
    await shot(p, 'bpm-binding', 'en');
    await ctx.close();
  }

  try {
    for (const lang of ['zh-CN', 'en'] as const) {
      const t = T[lang];
      // A lot of 100 g, and the breeder's outbound draft of 10 g.
      const germ = await call<{ id: number }>(page, admin, 'POST', '/api/germ/api/germplasm/create', {
        accessionNo: `WF${tag}${lang === 'en' ? 'E' : 'Z'}`,
        name: `WF ${tag}`,
        type: 'inbred',
      });
      const places = await call<{ id: number; level: string }[]>(page, admin, 'GET', '/api/germ/api/place/list');
      const lot = await call<{ id: number }>(page, admin, 'POST', '/api/germ/api/lot/create', {
        germplasmId: germ.id,
        placeId: (places.find((x) => x.level === 'box') ?? places[0]).id,
        unit: 'g',
        quantity: 100,
      });
      const doc = await call<{ id: number; docNo: string }>(page, breeder, 'POST', '/api/germ/api/outbound/create', {
        title: `WF ${tag} ${lang}`,
        recipient: 'Sanya',
        lines: [{ lotId: lot.id, quantity: 10 }],
      });

      // The breeder submits from the document screen.
      const b = await signedIn(browser, breeder, lang);
      await b.page.goto(`/germ/outbound?open=${doc.id}`);
      const drawer = b.page.locator('.ant-drawer-open').filter({ has: b.page.getByTestId('doc-actions') });
      await drawer.getByTestId('doc-submit').click();
      await expect(drawer.getByTestId('doc-status')).toHaveText(t.submitted);

      // The keeper rejects with a comment: the process ends rejected, so does the document.
      await decide(browser, keeper, lang, String(doc.id), 'reject', `Too much ${lang}`, lang === 'zh-CN' ? 'bpm-todo' : 'bpm-todo');
      await b.page.reload();
      await expect(drawer.getByTestId('doc-status')).toHaveText(t.rejected);
      await expect(drawer).toContainText(`Too much ${lang}`);
      // The breeder reopens and submits again.
      await drawer.getByTestId('doc-reopen').click();
      await expect(drawer.getByTestId('doc-status')).toHaveText(t.draft);
      await drawer.getByTestId('doc-submit').click();
      await expect(drawer.getByTestId('doc-status')).toHaveText(t.submitted);

      // Both approve: 10 g is above 5, so the gateway sends it to the head.
      await decide(browser, keeper, lang, String(doc.id), 'approve', 'ok');
      await decide(browser, head, lang, String(doc.id), 'approve', 'go ahead');
      await b.page.reload();
      await expect(drawer.getByTestId('doc-status')).toHaveText(t.approved);
      const after = await call<{ quantity: number }>(page, admin, 'GET', `/api/germ/api/lot/detail/${lot.id}`);
      expect(after.quantity).toBe(90);
      const moves = (await (await page.request.get(`/api/germ/api/lot/transactions?lotId=${lot.id}`, { headers: { token: admin } })).json()) as {
        rows: { type: string }[];
      };
      expect(moves.rows.filter((m) => m.type === 'withdrawal')).toHaveLength(1);
      await b.ctx.close();

      // The breeder's processes: the rejected one and the approved one, each with its diagram and timeline.
      const mine = await signedIn(browser, breeder, lang);
      await mine.page.goto('/bpm/task/my');
      const rows = mine.page.getByTestId('bpm-my-table').locator('.ant-table-row', { hasText: key.slice(0, 12) });
      await expect(rows.first()).toBeVisible();
      await shot(mine.page, 'bpm-my', lang);
      await rows.first().locator('a').first().click();
      await expect(mine.page.getByTestId('bpmn-viewer').locator('.bw-finished').first()).toBeAttached();
      await expect(mine.page.getByTestId('bpm-timeline-item')).toHaveCount(2);
      await expect(mine.page.getByTestId('bpm-timeline')).toContainText('go ahead');
      for (const width of [1440, 1280]) {
        await mine.page.setViewportSize({ width, height: width === 1440 ? 900 : 720 });
        await shot(mine.page, `bpm-instance-${width}`, lang);
      }
      await mine.ctx.close();
    }
  } finally {
    // Outbound documents go back to the one-step approval.
    const models = await getPage<{ id: number; key: string }>(page, admin, '/api/bpm/bpm/model/page?keyword=one-step-approval');
    await call(page, admin, 'PUT', '/api/bpm/bpm/relationship/save', { businessType: 'germ_outbound', modelId: models.rows[0].id });
  }
  expect(modelId).toBeGreaterThan(0);
});
