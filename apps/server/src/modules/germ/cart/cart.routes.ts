import type { FastifyInstance } from 'fastify';
import { germApi } from '@breedwise/contracts/germ';
import { registerEndpoints } from '../../../platform/endpoints';
import { sourceOf } from '../../audit';
import { ctxOf } from '../scope';
import { addToCart, checkoutCart, listCart, removeFromCart } from './cart.service';

/** The outbound cart: handlers of `@breedwise/contracts/germ` (cart). */
export function cartRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, germApi.resources.cart, {
    list: (req) => listCart(db, ctxOf(req)),
    add: (req) => addToCart(db, ctxOf(req), req.body.items),
    update: (req) => addToCart(db, ctxOf(req), [req.body]),
    remove: (req) => removeFromCart(db, ctxOf(req), req.params.id),
    clear: (req) => removeFromCart(db, ctxOf(req), null),
    checkout: (req) => checkoutCart(db, ctxOf(req), sourceOf(req), req.body),
  });
}
