import { defineApi } from '../http/endpoint';
import { germplasm, trait, traitGroup } from './germplasm';
import { lot, place } from './inventory';
import { cart, inbound, outbound, scrap, stocktaking } from './document';
import { label, statistics, task, todo } from './statistics';
import { accessionSeries } from './series';

/** Every germplasm and seed inventory endpoint, under /api/germ. */
export const germApi = defineApi('germ', '/api/germ', {
  germplasm,
  accessionSeries,
  traitGroup,
  trait,
  place,
  lot,
  inbound,
  outbound,
  stocktaking,
  scrap,
  cart,
  statistics,
  todo,
  label,
  task,
});
