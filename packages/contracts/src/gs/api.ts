import { taskLogsEndpoint } from '../common/task';
import { defineApi, resource } from '../http/endpoint';
import { compose, planting } from './compose';
import { dataset } from './dataset';
import { model } from './model';
import { predict } from './predict';
import { hybrid } from './hybrid';
import { sample } from './sample';

/** The task log under the module's prefix (spec 7: /gs api/common/logs). */
export const task = resource({ tag: 'gs: task log', base: '/api/common' }, taskLogsEndpoint());

/** Genomic selection (spec 7, prefix /gs). */
export const gsApi = defineApi('gs', '/api/gs', { dataset, model, predict, hybrid, sample, task, compose, planting });
