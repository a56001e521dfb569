// One payment, from creation to captured or failed (workflows/lifecycle.ts). Started by POST /v1/payments
// with Update-with-Start: the update answers with the outcome once it is known, or with `pending` at
// `answerBy` (the caller then hears of the outcome through its event). A live payment waits for its customer
// (docs/api.md, Live payments): its update answers at once with what the customer must do (`next_action`), and its run
// waits durably until the customer's time is up, woken early by the provider's webhook (wakePaymentSignal).
// Orchestration only.
import { allHandlersFinished, condition, defineSignal, defineUpdate, setHandler } from '@temporalio/workflow';
import type { PaymentActivities, PaymentRequest } from '../activities/payments.ts';
import { paymentLifecycle } from '../src/domain/payments.ts';
import { created, followRail, once, waitUntilAnswerDue } from './lifecycle.ts';
import { databaseSteps, providerSteps, railSteps } from './proxies.ts';
import type { PaymentResponse } from '../src/contract/payments.ts';

export const createPaymentUpdate = defineUpdate<PaymentResponse>('createPayment');
/** Something changed the payment from outside (a provider's webhook wrote it): look again now. */
export const wakePaymentSignal = defineSignal('wakePayment');

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
  /** Why it failed (absent from results recorded before it was given). */
  failureCode?: PaymentResponse['failure_code'];
}

const db = databaseSteps<PaymentActivities>();
const rail = railSteps<PaymentActivities>();
const provider = providerSteps<PaymentActivities>();

export async function paymentWorkflow(input: PaymentWorkflowInput): Promise<PaymentWorkflowResult> {
  const creation = once(() => db.createPayment(input.request));
  /** The payment as last written; every update answers from it. */
  let latest: PaymentResponse | undefined;
  let woken = false;
  setHandler(wakePaymentSignal, () => void (woken = true));
  setHandler(createPaymentUpdate, async () => {
    const first = await creation.run();
    latest ??= first; // not `latest ??= await ...`: the main flow may have moved it on meanwhile
    // A live payment that waits for its customer answers at once with what they must do.
    await waitUntilAnswerDue(() => paymentLifecycle.isSettled(latest!.status) || latest!.next_action !== null, input.answerBy);
    return latest!;
  });

  if (input.createAtStart) void creation.run().catch(() => {});
  latest = await created(creation, 'payment');
  if (!paymentLifecycle.isSettled(latest.status)) {
    latest =
      latest.mode === 'live'
        ? await followLivePayment(latest.id, (view) => (latest = view), { requested: () => woken, reset: () => (woken = false) })
        : await followRail(
            latest.id,
            { step: rail.stepPayment },
            // The creating update waits for the outcome anyway (until answerBy): a quick rail's answer may be waited for here.
            { changed: (view) => (latest = view), waitAtFirst: true },
          );
  }
  // Let a waiting update answer with the outcome before the run closes.
  await condition(allHandlersFinished);
  return { paymentId: latest.id, status: latest.status, failureCode: latest.failure_code };
}

/**
 * A live payment: handed to the provider, then waited for until the customer's time is up (a durable timer, woken
 * by the webhook's signal; between, the provider is asked again no sooner than PROVIDER_POLL_SECONDS), and at the end
 * looked up once more before it fails (expireLivePayment).
 */
async function followLivePayment(
  id: string,
  changed: (view: PaymentResponse) => void,
  wake: { requested: () => boolean; reset: () => void },
): Promise<PaymentResponse> {
  let step = await provider.stepLivePayment({ id, submit: true, wait: false });
  for (;;) {
    changed(step.view);
    if (step.next === 'settled') return step.view;
    const left = step.expiresAt - Date.now();
    if (left <= 0) {
      const view = await provider.expireLivePayment(id);
      changed(view);
      return view;
    }
    wake.reset();
    await condition(wake.requested, Math.min(step.next.checkAgainInMs, left));
    // Woken by a webhook that already wrote the outcome: the step reads it from the row without asking the provider.
    step = await provider.stepLivePayment({ id, submit: false, wait: false });
  }
}
