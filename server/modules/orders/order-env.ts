// What the order and open-table calls price and check with: the request's database, session, clock,
// languages and the shop's catalogue entry through the process's catalogue cache.
import type { FastifyInstance } from 'fastify';
import type { RequestContext } from '../../http/action';
import type { OrderEnv } from './orders';

export const orderEnvOf = (app: FastifyInstance, ctx: RequestContext<'session'>) =>
  ({
    db: app.db,
    session: ctx.session,
    now: ctx.now,
    locale: ctx.locale,
    catalogueLocale: ctx.catalogueLocale,
    abroad: ctx.abroad,
    userAgentType: ctx.userAgentType,
    catalog: (shopId: number) => app.catalogCache.entry(app.db, shopId, ctx.catalogueLocale, ctx.now),
  }) satisfies OrderEnv;
