import type { FastifyInstance } from 'fastify';
import { bpmApi } from '@breedwise/contracts/bpm';
import { requireOrg } from '../../platform/context';
import { registerEndpoints } from '../../platform/endpoints';
import { AppError } from '../../platform/errors';
import { sourceOf } from '../audit';
import type { RequestContext } from '../../platform/context';
import * as models from './model/model.service';
import * as runtime from './runtime/runtime.service';
import * as admin from './admin/admin.service';
import * as leave from './leave/leave.service';
import * as forms from './form/form.service';

/** The BPMN file of an import: one part named file (at most 2 MiB), an optional name field before it. */
const MAX_BPMN_BYTES = 2 * 1024 * 1024;

/** The caller's context in the language of the request (messages of the engine's refusals). */
const ctxOf = (req: { ctx: RequestContext; locale: RequestContext['locale'] }): RequestContext =>
  req.ctx.locale === req.locale ? req.ctx : { ...req.ctx, locale: req.locale };

export function bpmRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const R = bpmApi.resources;

  registerEndpoints(app, R.model, {
    page: (req) => models.pageModels(db, ctxOf(req), req.query),
    get: (req) => models.getModel(db, ctxOf(req), req.query.id),
    create: (req) => models.createModel(db, ctxOf(req), req.body),
    update: (req) => models.updateModel(db, ctxOf(req), req.body),
    delete: async (req) => {
      await models.deleteModel(db, ctxOf(req), req.query.id);
      return null;
    },
    import: async (req) => {
      const ctx = ctxOf(req);
      requireOrg(ctx);
      if (!req.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', { type: req.headers['content-type'] ?? '' });
      let name: string | null = null;
      let xml: string | null = null;
      for await (const part of req.parts({ limits: { files: 1, fileSize: MAX_BPMN_BYTES + 1 } })) {
        if (part.type === 'field') {
          if (part.fieldname === 'name' && typeof part.value === 'string') name = part.value.trim().slice(0, 100) || null;
          continue;
        }
        const buf = await part.toBuffer();
        if (buf.length > MAX_BPMN_BYTES || !/\.(bpmn|xml)$/i.test(part.filename ?? '')) throw new AppError(400, 'BPM_BPMN_FILE');
        xml = buf.toString('utf8');
      }
      if (xml === null) throw new AppError(400, 'BPM_BPMN_FILE');
      return models.importModel(db, ctx, xml, name);
    },
    deploy: (req) => models.deployModel(db, ctxOf(req), req.body.id),
    updateState: (req) => models.setDefinitionState(db, ctxOf(req), req.body.id, req.body.state),
  });

  registerEndpoints(app, R.form, {
    page: (req) => forms.pageForms(db, ctxOf(req), req.query),
    get: (req) => forms.getForm(db, ctxOf(req), req.query.id),
    listAllSimple: (req) => forms.listFormsSimple(db, ctxOf(req)),
    create: (req) => forms.saveForm(db, ctxOf(req), req.body),
    update: (req) => forms.saveForm(db, ctxOf(req), req.body),
    delete: async (req) => {
      await forms.deleteForm(db, ctxOf(req), req.query.id);
      return null;
    },
  });

  registerEndpoints(app, R.definition, {
    page: (req) => models.pageDefinitions(db, ctxOf(req), req.query),
    list: (req) => models.listDefinitions(db, ctxOf(req), req.query),
    getBpmnXml: async (req) => (await models.loadDefinition(db, ctxOf(req), req.query.id)).bpmnXml,
  });

  registerEndpoints(app, R.instance, {
    create: (req) => runtime.createInstance(db, ctxOf(req), sourceOf(req), req.body.definitionId, req.body.variables),
    cancel: (req) => runtime.cancelInstance(db, ctxOf(req), sourceOf(req), req.query.id, req.query.reason),
    get: (req) => runtime.getInstance(db, ctxOf(req), req.query.id),
    retryService: (req) => runtime.retryServiceStep(db, ctxOf(req), sourceOf(req), req.body),
    myPage: (req) => runtime.myInstances(db, ctxOf(req), req.query),
  });

  registerEndpoints(app, R.task, {
    todoPage: (req) => runtime.todoPage(db, ctxOf(req), req.query),
    donePage: (req) => runtime.donePage(db, ctxOf(req), req.query),
    approve: (req) => runtime.decideTask(db, ctxOf(req), sourceOf(req), { ...req.body, outcome: 'approve' }),
    reject: (req) => runtime.decideTask(db, ctxOf(req), sourceOf(req), { ...req.body, outcome: 'reject' }),
    updateAssignee: (req) => runtime.updateAssignee(db, ctxOf(req), req.body.id, req.body.assigneeUserId),
    listByProcessInstanceId: (req) => runtime.listInstanceTasks(db, ctxOf(req), req.query.processInstanceId),
    myTodoStatistic: (req) => runtime.todoStatistic(db, ctxOf(req)),
  });

  registerEndpoints(app, R.common, {
    initProcess: (req) => runtime.initProcess(db, ctxOf(req), sourceOf(req), req.body),
  });

  registerEndpoints(app, R.userGroup, {
    page: (req) => admin.pageGroups(db, ctxOf(req), req.query),
    get: (req) => admin.getGroup(db, ctxOf(req), req.query.id),
    listAllSimple: (req) => admin.listGroupsSimple(db, ctxOf(req)),
    create: (req) => admin.saveGroup(db, ctxOf(req), req.body),
    update: (req) => admin.saveGroup(db, ctxOf(req), req.body),
    delete: async (req) => {
      await admin.deleteGroup(db, ctxOf(req), req.query.id);
      return null;
    },
  });

  registerEndpoints(app, R.assignRule, {
    list: (req) => admin.listRules(db, ctxOf(req), req.query.definitionId),
    create: (req) => admin.createRule(db, ctxOf(req), req.body),
    update: (req) => admin.updateRule(db, ctxOf(req), req.body),
  });

  registerEndpoints(app, R.user, {
    listSimpleUsers: (req) => admin.listSimpleUsers(db, ctxOf(req)),
    listSimpleRoles: (req) => admin.listSimpleRoles(db, ctxOf(req)),
  });

  registerEndpoints(app, R.leave, {
    create: (req) => leave.createLeave(db, ctxOf(req), sourceOf(req), req.body),
    get: (req) => leave.getLeave(db, ctxOf(req), req.query.id),
    page: (req) => leave.pageLeave(db, ctxOf(req), req.query),
  });

  registerEndpoints(app, R.binding, {
    list: (req) => admin.listBindings(db, ctxOf(req)),
    save: (req) => admin.saveBinding(db, ctxOf(req), req.body),
  });
}
