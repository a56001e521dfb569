// One payout, from creation to a settled status. Started by POST /v1/payouts with Update-with-Start
// (the update answers once the money is reserved), or as a child of a batch. Orchestration only.
import {
  ApplicationFailure,
  ActivityFailure,
  condition,
  defineSignal,
  defineUpdate,
  proxyActivities,
  setHandler,
} from '@temporalio/workflow';
import type { CreatePayoutInput, CreatePayoutResult, PayoutActivities } from '../activities/payouts.ts';
import type { PayoutView } from '../src/db/views.ts';
import { retryProfiles } from '../src/domain/retry.ts';

export const createPayoutUpdate = defineUpdate<PayoutView>('createPayout');
/** Something changed the payout outside this workflow (a test helper): look again now. */
export const recheckPayoutSignal = defineSignal('recheckPayout');

export interface PayoutWorkflowInput {
  create: CreatePayoutInput;
}

export interface PayoutWorkflowResult {
  payoutId: string;
  status: PayoutView['status'];
}

const db = proxyActivities<PayoutActivities>({
  startToCloseTimeout: retryProfiles.database.startToCloseTimeout,
  retry: { ...retryProfiles.database.retry },
});
const rail = proxyActivities<PayoutActivities>({
  startToCloseTimeout: retryProfiles.rail.startToCloseTimeout,
  retry: { ...retryProfiles.rail.retry },
});

/** ApplicationFailure type of an activity failure, if any (InvalidState, InsufficientFunds, ...). */
function failureType(err: unknown): string | undefined {
  if (err instanceof ActivityFailure && err.cause instanceof ApplicationFailure) return err.cause.type ?? undefined;
  return undefined;
}

export async function payoutWorkflow(input: PayoutWorkflowInput): Promise<PayoutWorkflowResult> {
  let creation: Promise<CreatePayoutResult> | undefined;
  const create = () => (creation ??= db.createPayout(input.create));
  setHandler(createPayoutUpdate, async () => (await create()).payout);
  let recheck = false;
  setHandler(recheckPayoutSignal, () => {
    recheck = true;
  });

  // A batch item starts at once; a single payout starts with its update (Update-with-Start).
  if (input.create.origin === 'batch') void create().catch(() => {});
  await condition(() => creation !== undefined);
  let payout: PayoutView;
  try {
    payout = (await creation!).payout;
  } catch (err) {
    // Nothing was created: fail the run so its key stays free (ALLOW_DUPLICATE_FAILED_ONLY).
    throw ApplicationFailure.nonRetryable(`payout refused: ${failureType(err) ?? 'error'}`, 'PayoutRefused');
  }
  if (payout.status !== 'initiated') return { payoutId: payout.id, status: payout.status };

  const submitted = await rail.submitPayout(payout.id);
  if (submitted.rejected) {
    const failed = await db.transitionPayout({ payoutId: payout.id, to: 'failed', failure: submitted.rejected });
    return { payoutId: payout.id, status: failed.status };
  }

  // Watch the rail until the payout can no longer change. Each transition is written by an activity;
  // a transition refused as InvalidState means someone else (a test helper) already decided.
  for (;;) {
    const observed = await rail.observePayout(payout.id);
    const r = observed.rail;
    let waitMs: number | undefined;
    try {
      if (!r) return { payoutId: payout.id, status: observed.status };
      switch (r.state) {
        case 'processing':
          if (observed.status !== 'initiated') return { payoutId: payout.id, status: observed.status };
          waitMs = r.checkAgainInMs;
          break;
        case 'completed':
          if (observed.status === 'initiated') await db.transitionPayout({ payoutId: payout.id, to: 'completed', utr: r.utr });
          if (r.final) return { payoutId: payout.id, status: 'completed' };
          waitMs = r.checkAgainInMs ?? 1000;
          break;
        case 'failed':
          if (observed.status === 'initiated') await db.transitionPayout({ payoutId: payout.id, to: 'failed', failure: { code: r.code, message: r.message } });
          return { payoutId: payout.id, status: observed.status === 'initiated' ? 'failed' : observed.status };
        case 'reversed':
          if (observed.status === 'initiated') await db.transitionPayout({ payoutId: payout.id, to: 'completed', utr: r.utr });
          await db.transitionPayout({ payoutId: payout.id, to: 'reversed' });
          return { payoutId: payout.id, status: 'reversed' };
        default:
          return r satisfies never;
      }
    } catch (err) {
      if (failureType(err) === 'InvalidState') continue;
      throw err;
    }
    recheck = false;
    await condition(() => recheck, waitMs);
  }
}
