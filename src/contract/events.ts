// Events (docs/api.md, Webhooks and events): the outbox rows, as callers read them.
import { z } from 'zod';
import { listParams, listSchema, modeSchema } from './common.ts';
import { type Paths, idPath, resourceOperations } from './openapi-operations.ts';

export const eventSchema = z
  .object({
    id: z.string().meta({ example: 'evt_01JD3Y8X4W0000000000000000' }),
    object: z.literal('event'),
    type: z.string().meta({ example: 'payout.completed' }),
    mode: modeSchema,
    created_at: z.int(),
    data: z.object({
      object: z.record(z.string(), z.unknown()).meta({ description: 'The resource as GET showed it when the event happened.' }),
      debit_at: z.int().optional().meta({ description: '`collection.upcoming`: unix seconds of the announced debit.' }),
      amount: z.int().optional().meta({ description: '`collection.upcoming`: the paise the announced debit takes.' }),
    }),
  })
  .meta({ id: 'Event' });
export type EventResponse = z.infer<typeof eventSchema>;

export const eventListSchema = listSchema(eventSchema, 'EventList');

export const listEventsQuery = z.strictObject({
  ...listParams,
  type: z.string().min(1).max(64).optional().meta({ description: 'Only events of this type, e.g. `payout.failed`.' }),
});

export const eventIdPath = idPath('A event id.');

const event = resourceOperations({ noun: 'event', plural: 'events', tags: ['Events'], schema: eventSchema, listSchema: eventListSchema, idPath: eventIdPath });

export const eventPaths: Paths = {
  '/v1/events': { get: event.list('List events, newest first (filter type)', listEventsQuery) },
  '/v1/events/{id}': { get: event.retrieve() },
};
