// Mandate writes: creation, and every state the mandate workflow reaches with its event and status-history row.
// Each write is one database transaction.
import { LockMode, type EntityManager, type MikroORM } from '@mikro-orm/postgresql';
import { type MandateFrequency, type MandateState, mandateEventType } from '../src/domain/mandates.ts';
import type { Mode } from '../src/domain/modes.ts';
import { CollectionEntity, MandateEntity, type Mandate } from '../src/db/entities.ts';
import { recordEvent, storeSimulations, storedSimulations } from '../src/db/events.ts';
import { recordStatusChange } from '../src/db/status-history.ts';
import { mandateView } from '../src/db/views.ts';
import type { MandateResponse } from '../src/contract/mandates.ts';
import { refuse } from './lifecycle.ts';
import { collectionWorkflowId } from '../src/domain/workflow-ids.ts';

export interface MandateRequest {
  mandateId: string;
  accountId: string;
  mode: Mode;
  idempotencyKey: string;
  customerId: string;
  vpa: string;
  maxAmount: number;
  frequency: MandateFrequency;
  /** Unix ms. */
  startAt: number;
  expireAt: number;
  authorizationExpiresAt: number;
  authorizationUrl: string;
  description: string | null;
  metadata: Record<string, string>;
  /** Live: the customer's IP address and user agent, as the caller gave them (absent in runs started before). */
  customerIp?: string | null;
  userAgent?: string | null;
  /** Sandbox-Simulate webhook values of the creating request, inherited by the mandate's events. */
  simulate?: readonly string[];
}

/** A state the mandate workflow reached; `version` orders its writes, so a retried older one is a no-op. */
export interface SaveMandateStateInput {
  mandateId: string;
  version: number;
  state: MandateState;
}

const dateOrNull = (ms: number | null): Date | null => (ms === null ? null : new Date(ms));

async function loadMandate(em: EntityManager, mandateId: string): Promise<Mandate> {
  const row = await em.findOne(MandateEntity, { id: mandateId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (!row) throw refuse('NotFound', `mandate ${mandateId} not found`);
  return row;
}

/** Writes the mandate `created`. Idempotent by key: when the key already made a mandate, that one is returned. */
export async function createMandate(orm: MikroORM, request: MandateRequest): Promise<MandateResponse> {
  return orm.em.fork().transactional(async (tx) => {
    const existing = await tx.findOne(MandateEntity, { accountId: request.accountId, mode: request.mode, idempotencyKey: request.idempotencyKey });
    if (existing) return mandateView(existing);
    const row = tx.create(MandateEntity, {
      id: request.mandateId,
      accountId: request.accountId,
      mode: request.mode,
      customerId: request.customerId,
      vpa: request.vpa,
      maxAmount: request.maxAmount,
      frequency: request.frequency,
      startAt: new Date(request.startAt),
      expireAt: new Date(request.expireAt),
      status: 'created',
      authorizationUrl: request.authorizationUrl,
      authorizationExpiresAt: new Date(request.authorizationExpiresAt),
      authorizationStartedAt: null,
      providerReference: null,
      description: request.description,
      metadata: request.metadata,
      customerIp: request.mode === 'live' ? (request.customerIp ?? null) : null,
      userAgent: request.mode === 'live' ? (request.userAgent ?? null) : null,
      stateVersion: 0,
      idempotencyKey: request.idempotencyKey,
      createdAt: new Date(),
      activatedAt: null,
      pausedAt: null,
      resumedAt: null,
      revokedAt: null,
      rejectedAt: null,
      expiredAt: null,
    });
    await tx.flush();
    await recordStatusChange(tx, 'mandate', row.id, null, 'created');
    await storeSimulations(tx, 'mandates', row.id, request.simulate ?? []);
    return mandateView(row);
  });
}

/**
 * Writes the state the workflow reached, with its status-history row and the event a status change causes
 * (`mandate.active`, `.rejected`, `.paused`, `.resumed`, `.revoked`, `.expired`). A write older than the stored
 * one changes nothing.
 */
export async function saveMandateState(orm: MikroORM, input: SaveMandateStateInput): Promise<MandateResponse> {
  return orm.em.fork().transactional(async (tx) => {
    const row = await loadMandate(tx, input.mandateId);
    if (row.stateVersion >= input.version) return mandateView(row);
    const { state } = input;
    const from = row.status;
    row.stateVersion = input.version;
    row.status = state.status;
    row.vpa = state.vpa;
    row.providerReference = state.providerReference ?? row.providerReference ?? null;
    row.authorizationStartedAt = dateOrNull(state.authorizationStartedAt);
    row.activatedAt = dateOrNull(state.activatedAt);
    row.pausedAt = dateOrNull(state.pausedAt);
    row.resumedAt = dateOrNull(state.resumedAt);
    row.revokedAt = dateOrNull(state.revokedAt);
    row.rejectedAt = dateOrNull(state.rejectedAt);
    row.expiredAt = dateOrNull(state.expiredAt);
    await tx.flush();
    const view = mandateView(row);
    const type = from !== state.status ? mandateEventType(from, state.status) : undefined;
    if (type) {
      await recordStatusChange(tx, 'mandate', row.id, from, state.status);
      const simulate = await storedSimulations(tx, 'mandates', row.id);
      await recordEvent(tx, { accountId: row.accountId, mode: row.mode, type, object: view, simulate });
    }
    return view;
  });
}

/**
 * The workflow ids of the mandate's collections that may still charge (active, paused, halted), and with
 * `created` those waiting for its approval: those its moves reach.
 */
export async function openCollectionsOf(orm: MikroORM, mandateId: string, created = false): Promise<string[]> {
  const statuses = created ? (['created', 'active', 'paused', 'halted'] as const) : (['active', 'paused', 'halted'] as const);
  const rows = await orm.em.fork().find(CollectionEntity, { mandateId, status: { $in: [...statuses] } }, { fields: ['id'], orderBy: { id: 'asc' } });
  return rows.map((row) => collectionWorkflowId(row.id));
}

export function createMandateActivities(deps: { orm: MikroORM }) {
  return {
    /** See openCollectionsOf. */
    openCollectionsOf: (mandateId: string, created?: boolean) => openCollectionsOf(deps.orm, mandateId, created),
    /** See createMandate. */
    createMandate: (request: MandateRequest) => createMandate(deps.orm, request),
    /** See saveMandateState. */
    saveMandateState: (input: SaveMandateStateInput) => saveMandateState(deps.orm, input),
  };
}

export type MandateActivities = ReturnType<typeof createMandateActivities>;
