// One payment, from creation to captured or failed (workflows/lifecycle.ts). Started by POST /v1/payments
// with Update-with-Start: the update answers with the outcome once it is known, or with `pending` at
// `answerBy` (the caller then hears of the outcome through its event). Orchestration only.
import { allHandlersFinished, condition, defineUpdate, setHandler } from '@temporalio/workflow';
import type { PaymentActivities, PaymentRequest } from '../activities/payments.ts';
import { paymentLifecycle } from '../src/domain/payments.ts';
import { created, followRail, once, waitUntilAnswerDue } from './lifecycle.ts';
import { databaseSteps, railSteps } from './proxies.ts';
import type { PaymentResponse } from '../src/contract/payments.ts';

export const createPaymentUpdate = defineUpdate<PaymentResponse>('createPayment');

export interface PaymentWorkflowInput {
  request: PaymentRequest;
  /**
   * When the creating request answers `pending` at the latest (epoch ms, the API's clock): a deadline rather than
   * a wait, so time the run took to start and create the payment comes out of the wait, not on top of it. A child
   * (a collection's charge, a link's attempt) has none: nobody waits on its creating update.
   */
  answerBy?: number;
  /** Create at once rather than on the creating update: a collection's charge, started as a child workflow. */
  createAtStart?: boolean;
}

export interface PaymentWorkflowResult {
  paymentId: string;
  status: PaymentResponse['status'];
}

const db = databaseSteps<PaymentActivities>();
const rail = railSteps<PaymentActivities>();

export async function paymentWorkflow(input: PaymentWorkflowInput): Promise<PaymentWorkflowResult> {
  const creation = once(() => db.createPayment(input.request));
  /** The payment as last written; every update answers from it. */
  let latest: PaymentResponse | undefined;
  setHandler(createPaymentUpdate, async () => {
    const first = await creation.run();
    latest ??= first; // not `latest ??= await ...`: the main flow may have moved it on meanwhile
    await waitUntilAnswerDue(() => paymentLifecycle.isSettled(latest!.status), input.answerBy);
    return latest!;
  });

  if (input.createAtStart) void creation.run().catch(() => {});
  latest = await created(creation, 'payment');
  if (!paymentLifecycle.isSettled(latest.status)) {
    latest = await followRail(
      latest.id,
      { step: rail.stepPayment },
      // The creating update waits for the outcome anyway (until answerBy): a quick rail's answer may be waited for here.
      { changed: (view) => (latest = view), waitAtFirst: true },
    );
  }
  // Let a waiting update answer with the outcome before the run closes.
  await condition(allHandlersFinished);
  return { paymentId: latest.id, status: latest.status };
}
