import { z } from 'zod';
import { resource } from '../http/endpoint';
import { nurseryPermissions as P } from './permissions';

/** The user's breeding-list to-dos: pollinations they planned that are not finished, and finished successes waiting for harvest. */
export const NurseryTodo = z.object({ pollinations: z.number().int(), harvests: z.number().int(), total: z.number().int() });
export type NurseryTodo = z.infer<typeof NurseryTodo>;

export const todo = resource(
  { tag: 'nursery: to-dos', base: '/api/todo' },
  {
    mine: {
      method: 'GET',
      path: '/mine',
      permission: P.pollinationList,
      summary: "The caller's breeding-list to-dos in the current crop: open pollinations they planned and their successes not yet harvested",
      data: NurseryTodo,
    },
  },
);
