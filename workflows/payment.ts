// One payment, from creation to captured or failed. Started by POST /v1/payments with Update-with-Start:
// the update answers with the outcome once it is known, or with `pending` after `syncWaitMs`
// (the caller then hears of the outcome through its event). Orchestration only.
import { ApplicationFailure, allHandlersFinished, condition, defineUpdate, proxyActivities, setHandler, sleep } from '@temporalio/workflow';
import type { PaymentActivities, PaymentRequest } from '../activities/payments.ts';
import type { PaymentView } from '../src/db/views.ts';
import { isFinal } from '../src/domain/payments.ts';
import { retryProfiles } from '../src/domain/retry.ts';

export const createPaymentUpdate = defineUpdate<PaymentView>('createPayment');

export interface PaymentWorkflowInput {
  request: PaymentRequest;
  /** How long the creating request waits for the outcome before answering `pending`. */
  syncWaitMs: number;
  /** Create at once rather than on the creating update: a collection's charge, started as a child workflow. */
  createAtStart?: boolean;
}

export interface PaymentWorkflowResult {
  paymentId: string;
  status: PaymentView['status'];
}

const db = proxyActivities<PaymentActivities>({
  startToCloseTimeout: retryProfiles.database.startToCloseTimeout,
  retry: { ...retryProfiles.database.retry },
});
const rail = proxyActivities<PaymentActivities>({
  startToCloseTimeout: retryProfiles.rail.startToCloseTimeout,
  retry: { ...retryProfiles.rail.retry },
});

export async function paymentWorkflow(input: PaymentWorkflowInput): Promise<PaymentWorkflowResult> {
  let creation: Promise<PaymentView> | undefined;
  /** The payment as last written; every update answers from it. */
  let latest: PaymentView | undefined;
  const create = () => (creation ??= db.createPayment(input.request));
  setHandler(createPaymentUpdate, async () => {
    const created = await create();
    latest ??= created; // not `latest ??= await ...`: the main flow may have moved it on meanwhile
    await condition(() => isFinal(latest!.status), input.syncWaitMs);
    return latest!;
  });

  if (input.createAtStart) void create();
  await condition(() => creation !== undefined);
  try {
    latest = await creation!;
  } catch {
    // Nothing was created: fail the run so its key stays free (ALLOW_DUPLICATE_FAILED_ONLY).
    throw ApplicationFailure.nonRetryable('payment refused', 'PaymentRefused');
  }
  const paymentId = latest.id;

  if (!isFinal(latest.status)) {
    await rail.submitPayment(paymentId);
    // Ask the rail until it decides; each transition is written by an activity.
    for (;;) {
      const observed = await rail.observePayment(paymentId);
      const r = observed.rail;
      if (!r) {
        latest = observed.payment;
        break;
      }
      if (r.state === 'processing') {
        await sleep(r.checkAgainInMs);
        continue;
      }
      latest =
        r.state === 'captured'
          ? await db.transitionPayment({ paymentId, to: 'captured' })
          : await db.transitionPayment({ paymentId, to: 'failed', failure: { code: r.code, message: r.message } });
      break;
    }
  }
  // Let a waiting update answer with the outcome before the run closes.
  await condition(allHandlersFinished);
  return { paymentId, status: latest.status };
}
