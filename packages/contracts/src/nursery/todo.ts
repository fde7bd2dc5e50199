import { z } from 'zod';
import { resource } from '../http/endpoint';
import { nurseryPermissions as P } from './permissions';

/**
 * The user's breeding-list to-dos: pollinations they planned that are not finished, finished successes
 * waiting for harvest, and DH batches they started whose next step (up to D0 selfing and the D1 lot) is due.
 */
export const NurseryTodo = z.object({ pollinations: z.number().int(), harvests: z.number().int(), dhSteps: z.number().int(), total: z.number().int() });
export type NurseryTodo = z.infer<typeof NurseryTodo>;

export const todo = resource(
  { tag: 'nursery: to-dos', base: '/api/todo' },
  {
    mine: {
      method: 'GET',
      path: '/mine',
      permission: P.pollinationList,
      summary:
        "The caller's breeding-list to-dos in the current crop: open pollinations they planned, their successes not yet harvested and their DH batches with a step due",
      data: NurseryTodo,
    },
  },
);
