import { defineApi } from '../http/endpoint';
import { app } from './app';
import { brand } from './brand';
import { build, crop } from './crop';
import { dept } from './dept';
import { dict } from './dict';
import { log } from './log';
import { menu } from './menu';
import { notice } from './notice';
import { org } from './org';
import { outbox } from './outbox';
import { role } from './role';
import { table } from './table';
import { user } from './user';

/** Every system endpoint, under /api/system. */
export const systemApi = defineApi('system', '/api/system', { dict, org, user, role, menu, app, brand, dept, crop, build, log, outbox, table, notice });
