// Beneficiaries: create, read, list, and DELETE, which deactivates (the row stays: payouts refer to it); verify, which
// starts a verification's workflow (docs/api.md, "Verified beneficiaries"). Every answer shows the latest verification.
import type Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { ApiError } from '../../domain/errors.ts';
import { newId } from '../../domain/ids.ts';
import { MAX_VERIFICATIONS_PER_DAY } from '../../domain/verifications.ts';
import { latestVerification, latestVerifications, verificationBudget } from '../../db/beneficiary-verifications.ts';
import { activeConnection } from '../../db/connections.ts';
import { BeneficiaryEntity, type Beneficiary } from '../../db/entities.ts';
import { beneficiaryView } from '../../db/views.ts';
import { createBeneficiaryParams, listBeneficiariesQuery, type BeneficiaryResponse } from '../../contract/beneficiaries.ts';
import { parseParams } from '../../contract/validation.ts';
import { type ApiRouterContext, type AppDeps, type ApiState, authOf } from '../context.ts';
import { CONNECTION_REQUIRED_MESSAGE } from '../middleware/connection.ts';
import { findOwn, readRoutes } from '../read-routes.ts';
import { liveLimits, refuseViolation } from '../live-limits.ts';

const URL = '/v1/beneficiaries';
const noParams = z.strictObject({});

/** A page of beneficiaries with their latest verifications, read in one query. */
async function viewsOf(em: EntityManager, rows: readonly Beneficiary[]): Promise<BeneficiaryResponse[]> {
  const latest = await latestVerifications(
    em,
    rows.map((r) => r.id),
  );
  return rows.map((row) => beneficiaryView(row, latest.get(row.id) ?? null));
}

const viewOf = async (em: EntityManager, row: Beneficiary): Promise<BeneficiaryResponse> => beneficiaryView(row, await latestVerification(em, row.id));

function tooMany(retryAfterSeconds: number): ApiError {
  return new ApiError(
    'rate_limited',
    `This beneficiary was verified ${MAX_VERIFICATIONS_PER_DAY} times in the last 24 hours, the most allowed; retry after ${retryAfterSeconds} s.`,
    undefined,
    { 'Retry-After': String(retryAfterSeconds) },
  );
}

/**
 * Starts a verification of `row`, or answers the one pending. The pending one and the day's count are read first so
 * that a repeated or a refused request costs no workflow; the workflow's start decides again under the beneficiary's
 * lock, so two requests at once still make one verification.
 */
async function verify(ctx: ApiRouterContext, deps: AppDeps, row: Beneficiary): Promise<BeneficiaryResponse> {
  const em = ctx.state.em;
  if (!row.active) throw new ApiError('invalid_state', 'This beneficiary was deleted; a deleted beneficiary takes no payouts and is not verified.');
  const budget = await verificationBudget(em, row.id);
  if (budget.pending) return beneficiaryView(row, budget.pending);
  if (budget.retryAfterSeconds !== null) throw tooMany(budget.retryAfterSeconds);
  try {
    const started = await deps.temporal.startBeneficiaryVerification({ accountId: row.accountId, mode: row.mode, beneficiaryId: row.id });
    return started.beneficiary;
  } catch (err) {
    if (err instanceof ApiError && err.code === 'rate_limited') throw tooMany((await verificationBudget(em, row.id)).retryAfterSeconds ?? 1);
    throw err;
  }
}

export function beneficiaryRoutes(router: Router<ApiState>, deps: AppDeps): void {
  router.post(URL, async (ctx) => {
    const { accountId, mode } = authOf(ctx);
    const params = parseParams(createBeneficiaryParams, ctx.state.body);
    // The provider's rules for a payee (names, account numbers, IFSC, UPI IDs), asked of the connection's connector.
    if (mode === 'live') {
      // A verification needs the connection: refused before anything is made, as the verify route is.
      if (params.verify && !(await activeConnection(ctx.state.em, accountId))) throw new ApiError('connection_required', CONNECTION_REQUIRED_MESSAGE);
      const limits = await liveLimits(ctx);
      refuseViolation(
        limits.checkBeneficiary({
          name: params.name,
          type: params.type,
          vpa: params.type === 'vpa' ? params.vpa : null,
          bankAccount: params.type === 'bank_account' ? { accountNumber: params.bank_account.account_number, ifsc: params.bank_account.ifsc } : null,
        }),
      );
    }
    const em = ctx.state.em;
    const row = em.create(BeneficiaryEntity, {
      id: newId('beneficiary'),
      accountId,
      mode,
      name: params.name,
      type: params.type,
      accountNumber: params.type === 'bank_account' ? params.bank_account.account_number : null,
      ifsc: params.type === 'bank_account' ? params.bank_account.ifsc : null,
      vpa: params.type === 'vpa' ? params.vpa : null,
      email: params.email ?? null,
      phone: params.phone ?? null,
      metadata: params.metadata ?? {},
      active: true,
      createdAt: new Date(),
      deactivatedAt: null,
      // The approval policy's `beneficiaries[new]` judges the first payout to a beneficiary a maker key made.
      createdByKeyId: ctx.state.key?.id ?? null,
    });
    await em.flush();
    ctx.status = 200;
    ctx.body = (params.verify ? await verifyCreated(ctx, deps, row) : beneficiaryView(row, null)) satisfies BeneficiaryResponse;
  });

  router.post(`${URL}/:id/verify`, async (ctx) => {
    parseParams(noParams, ctx.state.query);
    parseParams(noParams, ctx.state.body ?? {});
    const row = await findOwn(ctx, BeneficiaryEntity, 'beneficiary', ctx.params.id);
    ctx.body = (await verify(ctx, deps, row)) satisfies BeneficiaryResponse;
  });

  readRoutes(router, {
    path: URL,
    entity: BeneficiaryEntity,
    objectName: 'beneficiary',
    listQuery: listBeneficiariesQuery,
    filters: (query) => ({ type: query.type }),
    views: viewsOf,
  });

  router.delete(`${URL}/:id`, async (ctx) => {
    parseParams(noParams, ctx.state.query);
    const row = await findOwn(ctx, BeneficiaryEntity, 'beneficiary', ctx.params.id);
    if (row.active) {
      // Conditional, so that of two concurrent deletes only the first sets deactivated_at.
      await ctx.state.em.nativeUpdate(
        BeneficiaryEntity,
        { id: row.id, accountId: row.accountId, mode: row.mode, active: true },
        { active: false, deactivatedAt: new Date() },
      );
      await ctx.state.em.refresh(row);
    }
    ctx.body = (await viewOf(ctx.state.em, row)) satisfies BeneficiaryResponse;
  });
}

/**
 * `verify=true` on create: the beneficiary exists by now, so a verification that cannot start (Temporal unreachable)
 * must not turn the create into an error a retry would repeat (a second beneficiary): the answer is the beneficiary
 * with `verification: null`, and POST /verify starts one later.
 */
async function verifyCreated(ctx: ApiRouterContext, deps: AppDeps, row: Beneficiary): Promise<BeneficiaryResponse> {
  try {
    return await verify(ctx, deps, row);
  } catch (err) {
    deps.logger.warn({ err, beneficiary_id: row.id, request_id: ctx.state.requestId }, 'could not start the verification asked for with the beneficiary');
    return beneficiaryView(row, null);
  }
}
