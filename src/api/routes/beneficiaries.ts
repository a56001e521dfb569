// Beneficiaries: create, read, list, and DELETE, which deactivates (the row stays: payouts refer to it).
import type Router from '@koa/router';
import { z } from 'zod';
import { newId } from '../../domain/ids.ts';
import { BeneficiaryEntity } from '../../db/entities.ts';
import { beneficiaryView } from '../../db/views.ts';
import { createBeneficiaryParams, listBeneficiariesQuery, type BeneficiaryResponse } from '../../contract/beneficiaries.ts';
import { parseParams } from '../../contract/validation.ts';
import { type AppDeps, type ApiState, authOf } from '../context.ts';
import { findOwn, readRoutes } from '../read-routes.ts';
import { liveLimits, refuseViolation } from '../live-limits.ts';

const URL = '/v1/beneficiaries';
const noParams = z.strictObject({});

export function beneficiaryRoutes(router: Router<ApiState>, _deps: AppDeps): void {
  router.post(URL, async (ctx) => {
    const { accountId, mode } = authOf(ctx);
    const params = parseParams(createBeneficiaryParams, ctx.state.body);
    // The provider's rules for a payee (names, account numbers, IFSC, UPI IDs), asked of the connection's connector.
    if (mode === 'live') {
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
    ctx.body = beneficiaryView(row) satisfies BeneficiaryResponse;
  });

  readRoutes(router, {
    path: URL,
    entity: BeneficiaryEntity,
    objectName: 'beneficiary',
    listQuery: listBeneficiariesQuery,
    filters: (query) => ({ type: query.type }),
    view: (row) => beneficiaryView(row) satisfies BeneficiaryResponse,
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
    ctx.body = beneficiaryView(row) satisfies BeneficiaryResponse;
  });
}
