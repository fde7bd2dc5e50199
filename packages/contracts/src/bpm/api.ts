import { defineApi } from '../http/endpoint';
import { definition, model } from './model';
import { common, instance, task } from './runtime';
import { assignRule, binding, simpleUser, userGroup } from './admin';
import { leave } from './leave';
import { form } from './form';

/** Every workflow endpoint, under /api/bpm (the spec's paths: /api/bpm/bpm/model/page, ...). */
export const bpmApi = defineApi('bpm', '/api/bpm', {
  model,
  definition,
  form,
  instance,
  task,
  common,
  userGroup,
  assignRule,
  binding,
  user: simpleUser,
  leave,
});
