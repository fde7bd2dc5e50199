import { expect, test, type Browser, type Page } from '@playwright/test';
import { chooseOption } from '../support/pages';
import { apiToken, call, shot, signedIn, type Lang } from '../system/helpers';

/**
 * Issue 15 "Done when", in each language (one test per language, each with its own model): an
 * administrator DRAWS a two-step model with a gateway in the bpmn-js designer (new model, context-pad
 * appends, names, the gateway's condition and default path, the reject target, all in our properties
 * panel), saves and deploys it, sets who approves in the same panel, and binds it to outbound documents;
 * a breeder submits an outbound document; the first approver rejects it with a comment; the breeder
 * reopens and resubmits; both approvers approve; the stock goes down once. Serial: the outbound binding is
 * shared by the whole organisation (restored to the one-step model at the end of each test).
 */
// The shared machine can take long to render the first screen of a context: generous waits.
test.use({ actionTimeout: 45_000 });

const T = {
  'zh-CN': {
    approve: '同意',
    reject: '驳回',
    ok: '确 定',
    success: '操作成功',
    deployed: '已部署为版本 1',
    userRule: '指定用户',
    submitted: '待审核',
    approved: '已审核',
    rejected: '已驳回',
    draft: '草稿',
    names: { model: '两级出库审批', keeper: '种子管理员审核', gateway: '数量大？', head: '站长审核', end: '通过', small: '小批量' },
  },
  en: {
    approve: 'Approve',
    reject: 'Reject',
    ok: 'OK',
    success: 'Success',
    deployed: 'Deployed as version 1',
    userRule: 'Users',
    submitted: 'Submitted',
    approved: 'Approved',
    rejected: 'Rejected',
    draft: 'Draft',
    names: {
      model: 'Two-step outbound',
      keeper: 'Seed keeper review',
      gateway: 'Large?',
      head: 'Head of station',
      end: 'Approved',
      small: 'Small lot',
    },
  },
};

/** The designer's canvas, with helpers to select an element and append the next one from its context pad. */
function designer(p: Page) {
  const canvas = p.getByTestId('bpmn-modeler');
  const panel = p.getByTestId('bpm-properties');
  const selectedId = async () => (await canvas.locator('g.djs-shape.selected').getAttribute('data-element-id'))!;
  /** Selects one element (clicking a selected element would unselect it: clear the selection first). */
  const select = async (id: string) => {
    const box = (await canvas.boundingBox())!;
    await canvas.click({ position: { x: box.width - 30, y: 30 } });
    await expect(panel).toHaveCount(0);
    await canvas.locator(`g.djs-element[data-element-id="${id}"] .djs-hit`).first().click({ force: true });
    await expect(panel).toContainText(id);
  };
  /** Selects `from`, clicks an append entry of its context pad, answers the new element's id (it is selected). */
  const append = async (from: string, action: 'append.user-task' | 'append.gateway' | 'append.end-event') => {
    await select(from);
    await p.locator(`.djs-context-pad .entry[data-action="${action}"]`).click();
    await expect(canvas.locator('g.djs-shape.selected')).not.toHaveAttribute('data-element-id', from);
    const id = await selectedId();
    await expect(panel).toContainText(id);
    return id;
  };
  /** Names the selected element in our panel (stored when the field loses focus). */
  const name = async (text: string) => {
    const input = panel.getByTestId('prop-name');
    await input.fill(text);
    await input.blur();
    // A task shows its name inside; an event's or a gateway's is a separate label element (id + "_label").
    const id = await selectedId();
    await expect(canvas.locator(`g.djs-element[data-element-id="${id}"], g.djs-element[data-element-id="${id}_label"]`).filter({ hasText: text })).toHaveCount(
      1,
    );
  };
  return { canvas, panel, select, append, name };
}

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

for (const lang of ['zh-CN', 'en'] as const)
  test(`${lang}: draw a two-step outbound approval with a gateway, deploy, bind; reject with a comment, resubmit, both approve, stock down once`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(480_000);
    const t = T[lang];
    const admin = await apiToken(page, 'admin');
    const breeder = await apiToken(page, 'breeder');
    const tag = `${Date.now().toString(36).slice(-5)}${lang === 'en' ? 'e' : 'z'}`;
    const keeper = await newUser(page, admin, `keeper-${tag}`, 'approver');
    const head = await newUser(page, admin, `head-${tag}`, 'approver');
    const users = await call<{ id: number; name: string }[]>(page, admin, 'GET', '/api/bpm/bpm/user/list-simple-users');
    const keeperId = users.find((u) => u.name === `keeper-${tag}`)!.id;
    const headId = users.find((u) => u.name === `head-${tag}`)!.id;
    const key = `outbound_two_${tag}`;
    const n = { ...t.names, model: `${t.names.model} ${tag}` };

    // The administrator: a new model, drawn from its start event.
    const { ctx, page: p } = await signedIn(browser, admin, lang);
    await p.goto('/bpm/manager/model');
    await expect(p.getByTestId('bpm-model-table').locator('.ant-table-row').first()).toBeVisible({ timeout: 90_000 });
    await p.getByTestId('model-add').click();
    const form = p.getByTestId('model-form');
    await form.locator('input#name').fill(n.model);
    await form.locator('input#key').fill(key);
    await p.locator('.ant-modal-footer .ant-btn-primary').click();
    const d = designer(p);
    await expect(d.canvas.locator('g.djs-shape[data-element-id="start"]')).toBeVisible({ timeout: 90_000 });
    // Only what the server runs is offered: a user task, not a plain task; no sub-process, no pool.
    await expect(p.locator('.djs-palette .entry[data-action="create.user-task"]')).toBeVisible();
    await expect(p.locator('.djs-palette .entry[data-action="create.task"]')).toHaveCount(0);
    await expect(p.locator('.djs-palette .entry[data-action="create.participant-expanded"]')).toHaveCount(0);

    // start → keeper → gateway → head → end, and the gateway's other output → a second end.
    const keeperTask = await d.append('start', 'append.user-task');
    await d.name(n.keeper);
    const gateway = await d.append(keeperTask, 'append.gateway');
    await d.name(n.gateway);
    const headTask = await d.append(gateway, 'append.user-task');
    await d.name(n.head);
    await d.append(headTask, 'append.end-event');
    await d.name(n.end);
    await d.append(gateway, 'append.end-event');
    await d.name(n.small);

    // The head's reject goes back to the keeper (the keeper's reject ends the process).
    await d.select(headTask);
    await chooseOption(p, d.panel.getByTestId('prop-reject-target'), '', n.keeper);
    await expect(d.panel.getByTestId('prop-reject-target')).toContainText(n.keeper);

    // The gateway: the output to the head has a condition (the safe expression language, checked as typed);
    // the output to the small-lot end is the default path.
    await d.select(gateway);
    const toHead = d.panel.locator(`[data-testid=gateway-flow][data-target="${n.head}"]`);
    const toSmall = d.panel.locator(`[data-testid=gateway-flow][data-target="${n.small}"]`);
    const cond = toHead.getByTestId('prop-condition');
    await cond.fill('quantity > (');
    await expect(toHead.locator('.ant-form-item-explain-error')).toBeVisible();
    await cond.fill('quantity > 5');
    await cond.blur();
    await expect(toHead.locator('.ant-form-item-explain-error')).toHaveCount(0);
    await toSmall.getByTestId('gateway-flow-default').click();
    await expect(toSmall.getByTestId('gateway-flow-default')).toBeChecked();
    await expect(toSmall.getByTestId('prop-condition')).toBeDisabled();
    for (const width of [1440, 1280]) {
      await p.setViewportSize({ width, height: width === 1440 ? 900 : 720 });
      await shot(p, `bpm-designer-${width}`, lang);
    }

    await p.getByTestId('designer-save').click();
    await expect(p.locator('.ant-message')).toContainText(t.success);
    await p.getByTestId('designer-deploy').click();
    await p.locator('.ant-popconfirm').getByRole('button', { name: t.ok }).click();
    await expect(p.locator('.ant-message')).toContainText(t.deployed);

    // Who approves, in the same panel (rules belong to the deployed version).
    for (const [task, user] of [
      [keeperTask, `keeper-${tag}`],
      [headTask, `head-${tag}`],
    ] as const) {
      await d.select(task);
      const rule = d.panel.getByTestId(`rule-${task}`);
      await chooseOption(p, rule.getByTestId('rule-type'), '', t.userRule);
      await chooseOption(p, rule.getByTestId('rule-users'), user, user);
      await p.keyboard.press('Escape');
      await p
        .locator('.ant-message-notice')
        .waitFor({ state: 'detached' })
        .catch(() => undefined);
      await rule.getByTestId('rule-save').click();
      await expect(p.locator('.ant-message')).toContainText(t.success);
    }
    await shot(p, 'bpm-designer-rule-1280', lang);
    await ctx.close();

    const models = await getPage<{ id: number; key: string; latest: { id: number } | null }>(page, admin, `/api/bpm/bpm/model/page?keyword=${key}`);
    const defId = models.rows[0].latest!.id;
    const xml = await call<string>(page, admin, 'GET', `/api/bpm/bpm/process-definition/get-bpmn-xml?id=${defId}`);
    expect(xml).toContain('quantity &gt; 5');
    expect(xml).toContain(`bw:rejectTarget="${keeperTask}"`);
    expect(xml).toMatch(new RegExp(`<bpmn:exclusiveGateway id="${gateway}"[^>]* default="Flow_`));
    expect(xml).toContain(`<bpmn:userTask id="${headTask}" name="${n.head}"`);
    const rules = await call<{ taskKey: string; type: string; options: number[] }[]>(
      page,
      admin,
      'GET',
      `/api/bpm/bpm/task-assign-rule/list?definitionId=${defId}`,
    );
    expect(rules.map((r) => [r.taskKey, r.type, r.options])).toEqual([
      [keeperTask, 'user', [keeperId]],
      [headTask, 'user', [headId]],
    ]);

    // The binding screen: outbound documents go through the new model.
    {
      const { ctx, page: p } = await signedIn(browser, admin, lang);
      await p.goto('/relationship/detail');
      await chooseOption(p, p.getByTestId('binding-germ_outbound'), tag, n.model);
      await expect(p.locator('.ant-message')).toContainText(t.success);
      await expect(p.getByTestId('binding-table').locator('.ant-table-row', { hasText: 'germ_outbound' })).toContainText('v1');
      await shot(p, 'bpm-binding', lang);
      await ctx.close();
    }

    try {
      // A lot of 100 g, and the breeder's outbound draft of 10 g.
      const germ = await call<{ id: number }>(page, admin, 'POST', '/api/germ/api/germplasm/create', {
        accessionNo: `WF${tag}`,
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
      await decide(browser, keeper, lang, String(doc.id), 'reject', `Too much ${lang}`, 'bpm-todo');
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
      const rows = mine.page.getByTestId('bpm-my-table').locator('.ant-table-row', { hasText: n.model });
      await expect(rows).toHaveCount(2);
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
    } finally {
      // Outbound documents go back to the one-step approval.
      const models = await getPage<{ id: number; key: string }>(page, admin, '/api/bpm/bpm/model/page?keyword=one-step-approval');
      await call(page, admin, 'PUT', '/api/bpm/bpm/relationship/save', { businessType: 'germ_outbound', modelId: models.rows[0].id });
    }
  });
