import { RequestContext } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Orm } from '../../db/orm.ts';
import type { ApiMiddleware } from '../context.ts';

/** A unit of work per request: MikroORM's RequestContext, and the same fork on ctx.state.em. */
export function ormContext(orm: Orm): ApiMiddleware {
  return (ctx, next) =>
    RequestContext.create(orm.em, async () => {
      ctx.state.em = (RequestContext.getEntityManager() ?? orm.em.fork()) as EntityManager;
      await next();
    });
}
