import { defineApi } from '../http/endpoint';
import { file } from './file';
import { space } from './space';
import { tableSetting } from './table-setting';
import { savedFilter } from './saved-filter';
import { task } from './task';
import { tus } from './tus';

/** The shared services: files (under /api/common, storage space under /api/auth), settings, tasks, resumable uploads. */
export const commonApi = defineApi('common', '/api', { file, space, tableSetting, savedFilter, task, tus });
