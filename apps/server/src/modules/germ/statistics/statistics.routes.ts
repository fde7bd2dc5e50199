import type { FastifyInstance } from 'fastify';
import { germApi } from '@breedwise/contracts/germ';
import { registerEndpoints } from '../../../platform/endpoints';
import { myTodo } from '../document/document.service';
import { ctxOf } from '../scope';
import { cropStatistic, cropTypeStatistic, fiveYearStatistic, inventoryStatistic, recentYearStatistic } from './statistics.service';

/** Statistics and the dashboard's to-do counts: handlers of `@breedwise/contracts/germ` (statistics, todo). */
export function statisticsRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, germApi.resources.statistics, {
    cropType: (req) => cropTypeStatistic(db, ctxOf(req), req.params.crop),
    fiveYear: (req) => fiveYearStatistic(db, ctxOf(req)),
    recentYear: (req) => recentYearStatistic(db, ctxOf(req)),
    crops: (req) => cropStatistic(db, ctxOf(req)),
    inventory: (req) => inventoryStatistic(db, ctxOf(req)),
  });
  registerEndpoints(app, germApi.resources.todo, {
    mine: (req) => myTodo(db, ctxOf(req)),
  });
}
