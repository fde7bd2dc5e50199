import { defineApi } from '../http/endpoint';
import { activity } from './activity';
import { dhEntry, dhEvent } from './dh-entry';
import { dhFlow } from './dh-flow';
import { entry } from './entry';
import { harvest } from './harvest';
import { pollination } from './pollination';
import { book, survey } from './survey';
import { todo } from './todo';

/** Every nursery endpoint, under /api/nursery. */
export const nurseryApi = defineApi('nursery', '/api/nursery', { activity, entry, pollination, harvest, todo, dhFlow, dhEntry, dhEvent, survey, book });
