import { taskLogsEndpoint } from '../common/task';
import { defineApi, resource } from '../http/endpoint';
import { activityCategory, activityRecord } from './activity';
import { entryGroup } from './entry-group';
import { experiment } from './experiment';
import { experimentBank } from './entry-bank';
import { plotLabel } from './plot-label';
import { block, field } from './field';
import { germDesign } from './germ-design';
import { germList } from './germlist';
import { harvest } from './harvest';
import { location } from './location';
import { project } from './project';
import { team } from './team';

/** The task log under the module's prefix (`/api/doe/api/common/logs`). */
const task = resource({ tag: 'common: tasks', base: '/api/common' }, taskLogsEndpoint());

/** Every DOE endpoint, under /api/doe. */
export const doeApi = defineApi('doe', '/api/doe', {
  location,
  team,
  project,
  field,
  block,
  experiment,
  experimentBank,
  plotLabel,
  germList,
  germDesign,
  entryGroup,
  activityCategory,
  activityRecord,
  harvest,
  task,
});
