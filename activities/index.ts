// The composition of every activity the worker registers, from injected dependencies.
import type { MikroORM } from '@mikro-orm/postgresql';
import { createTopUpActivities } from './top-ups.ts';

export interface ActivityDeps {
  orm: MikroORM;
}

export function createActivities(deps: ActivityDeps) {
  return {
    ...createTopUpActivities(deps),
  };
}
