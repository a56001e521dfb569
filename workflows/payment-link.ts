// One payment link for its whole life (`payment-link/{link_id}`): a durable timer until `expire_by`, and one
// update per pay attempt, which runs the payment as a child payment workflow. So "never more than the
// amount", "one attempt at a time" and "no payment after expiry" are decided here, in one place: an attempt
// is accepted only while the link is payable, before `expire_by`, with no other attempt in flight, for an
// amount the link's rules allow (src/domain/payment-links.ts). A second attempt while one is pending is
// refused at once (Busy), never queued; the same form token sent twice joins its first attempt. An attempt
// accepted before `expire_by` may finish; the link expires after it. Orchestration only.
import {
  ApplicationFailure,
  ParentClosePolicy,
  allHandlersFinished,
  condition,
  continueAsNew,
  defineQuery,
  defineUpdate,
  setCurrentDetails,
  setHandler,
  startChild,
  workflowInfo,
} from '@temporalio/workflow';
import type { PaymentLinkActivities, PaymentLinkRequest } from '../activities/payment-links.ts';
import { formatRupees } from '../src/domain/money.ts';
import {
  type PaymentLinkState,
  afterCapture,
  amountDue,
  cancel,
  cancelProblem,
  expire,
  initialLinkState,
  isFinal,
  payAmountProblem,
} from '../src/domain/payment-links.ts';
import type { RefusalType } from '../src/domain/failures.ts';
import { baseSearchAttributes } from '../src/domain/search-attributes.ts';
import { created, once, orderedWrites } from './lifecycle.ts';
import { paymentWorkflow } from './payment.ts';
import { databaseSteps } from './proxies.ts';
import type { PaymentLinkResponse } from '../src/contract/payment-links.ts';

export interface PayAttemptInput {
  /** The page form's token (the API checked its signature): one payment per token. */
  token: string;
  amount: number;
  vpa: string;
}

export interface PayAttemptResult {
  paymentId: string;
  status: 'pending' | 'captured' | 'failed';
}

/** Answers the creating request (Update-with-Start) once the link is written. */
export const createPaymentLinkUpdate = defineUpdate<PaymentLinkResponse>('createPaymentLink');
/** A pay attempt: answers with the payment's outcome, or `pending` after the input's wait. */
export const payPaymentLinkUpdate = defineUpdate<PayAttemptResult, [PayAttemptInput]>('pay');
/** Cancels a link nobody has paid on; waits for an attempt in flight first. */
export const cancelPaymentLinkUpdate = defineUpdate<PaymentLinkResponse>('cancel');

export interface PaymentLinkSnapshot {
  status: PaymentLinkState['status'];
  amountPaid: number;
  due: number;
  attemptInFlight: string | null;
}
/** For operators (Temporal UI, Queries): where the link stands. */
export const paymentLinkStateQuery = defineQuery<PaymentLinkSnapshot>('paymentLinkState');

interface Attempt {
  token: string;
  amount: number;
  paymentId?: string;
  status: PayAttemptResult['status'];
  settled: boolean;
}

export interface PaymentLinkWorkflowInput {
  request: PaymentLinkRequest;
  /** How long a pay attempt's update waits for the payment's outcome before answering `pending`. */
  payWaitMs: number;
  /** Carried across continue-as-new (with the settled attempts remembered by token). */
  carried?: { state: PaymentLinkState; version: number; view: PaymentLinkResponse; attempts?: Attempt[] };
}

export interface PaymentLinkWorkflowResult {
  linkId: string;
  status: PaymentLinkState['status'] | 'duplicate';
}

const db = databaseSteps<PaymentLinkActivities>();

/** Attempts remembered by token, so a resubmitted form joins its first attempt (the newest ones are kept). */
const REMEMBERED_ATTEMPTS = 200;
const MAX_HISTORY_PER_RUN = 5_000;

export async function paymentLinkWorkflow(input: PaymentLinkWorkflowInput): Promise<PaymentLinkWorkflowResult> {
  const { request } = input;
  const linkId = request.linkId;
  let state: PaymentLinkState = input.carried?.state ?? initialLinkState(request);
  let view: PaymentLinkResponse | undefined = input.carried?.view;
  let changes = 0;
  let inFlight: Attempt | undefined;
  const attempts = new Map<string, Attempt>((input.carried?.attempts ?? []).map((a) => [a.token, a]));

  /** Writes the state as it is when the write's turn comes, in order. */
  const writes = orderedWrites(input.carried?.version ?? 0, async (version) => {
    view = await db.savePaymentLinkState({ linkId, version, state });
    return view;
  });
  const save = writes.save;
  const setState = (next: PaymentLinkState) => {
    state = next;
    changes++;
    publishDetails();
  };
  const publishDetails = () => {
    setCurrentDetails(
      `**${state.status}** · paid ${formatRupees(state.amountPaid)} of ${formatRupees(state.amount)} · expires ${new Date(request.expireBy).toISOString()}` +
        (inFlight ? ` · attempt in flight (${formatRupees(inFlight.amount)})` : ''),
    );
  };
  const refusal = (type: RefusalType, message: string, param?: string) => ApplicationFailure.nonRetryable(message, type, param ? { param } : {});

  /** Why this attempt is refused, as the refusal to throw; undefined when it may start. */
  const payRefusal = (attempt: PayAttemptInput): ApplicationFailure | undefined => {
    if (attempts.has(attempt.token)) return undefined; // joins its first attempt
    if (view === undefined) return refusal('InvalidState', 'The payment link is not ready yet.');
    if (isFinal(state.status)) return refusal('InvalidState', payAmountProblem(state, attempt.amount)!);
    if (Date.now() >= request.expireBy) return refusal('InvalidState', 'This link has expired.');
    if (inFlight) return refusal('Busy', 'A payment on this link is already in progress.');
    const problem = payAmountProblem(state, attempt.amount);
    if (problem) return refusal('InvalidRequest', problem, 'amount');
    return undefined;
  };

  const answer = (attempt: Attempt): PayAttemptResult => ({ paymentId: attempt.paymentId!, status: attempt.status });

  // Created once, however many updates ask; a refusal (reference_id taken) fails the creating update with it.
  const creation = once(() => db.createPaymentLink(request));
  setHandler(createPaymentLinkUpdate, async () => {
    if (view) return view;
    const first = await creation.run();
    return view ?? first;
  });
  setHandler(paymentLinkStateQuery, () => ({ status: state.status, amountPaid: state.amountPaid, due: amountDue(state), attemptInFlight: inFlight?.paymentId ?? null }));

  setHandler(
    payPaymentLinkUpdate,
    async (pay) => {
      const known = attempts.get(pay.token);
      if (known) {
        await condition(() => known.paymentId !== undefined || known.settled);
        await condition(() => known.settled, input.payWaitMs);
        if (known.paymentId === undefined) throw refusal('InvalidState', 'The payment could not be started.');
        return answer(known);
      }
      // Checked again here (the validator ran in the same activation, but say so in code): one at a time.
      const refused = payRefusal(pay);
      if (refused) throw refused;
      const attempt: Attempt = { token: pay.token, amount: pay.amount, status: 'pending', settled: false };
      inFlight = attempt;
      attempts.set(pay.token, attempt);
      while (attempts.size > REMEMBERED_ATTEMPTS) attempts.delete(attempts.keys().next().value!);
      publishDetails();
      void runAttempt(attempt, pay);
      await condition(() => attempt.paymentId !== undefined || attempt.settled);
      await condition(() => attempt.settled, input.payWaitMs);
      if (attempt.paymentId === undefined) throw refusal('InvalidState', 'The payment could not be started.');
      return answer(attempt);
    },
    {
      validator: (pay) => {
        const refused = payRefusal(pay);
        if (refused) throw refused;
      },
    },
  );

  setHandler(
    cancelPaymentLinkUpdate,
    async () => {
      // An attempt in flight may capture: decide after it.
      await condition(() => !inFlight);
      const problem = cancelProblem(state.status);
      if (problem) throw refusal('InvalidState', problem);
      setState(cancel(state, Date.now()));
      return save();
    },
    {
      validator: () => {
        const problem = cancelProblem(state.status);
        if (problem) throw refusal('InvalidState', problem);
      },
    },
  );

  /** One attempt: its payment as a child workflow, then the link's new state once the outcome is known. */
  async function runAttempt(attempt: Attempt, pay: PayAttemptInput): Promise<void> {
    try {
      const { request: payment, workflowId } = await db.payRequest({ linkId, token: pay.token, amount: pay.amount, vpa: pay.vpa });
      const child = await startChild(paymentWorkflow, {
        workflowId,
        args: [{ request: payment, createAtStart: true }],
        // The payment finishes whatever happens to the link's run.
        parentClosePolicy: ParentClosePolicy.ABANDON,
        typedSearchAttributes: baseSearchAttributes(payment.accountId, payment.mode, payment.paymentId),
      });
      attempt.paymentId = payment.paymentId;
      const outcome = await child.result();
      attempt.paymentId = outcome.paymentId;
      // A payment counts once, even if its workflow were ever joined again under the same key.
      if (outcome.status === 'captured' && !state.paymentIds.includes(outcome.paymentId)) {
        setState(afterCapture(state, outcome.paymentId, attempt.amount, Date.now()));
        await save();
      }
      attempt.status = outcome.status === 'captured' ? 'captured' : 'failed';
    } catch {
      // The payment could not run (its creation refused): nothing was charged.
      attempt.status = 'failed';
    } finally {
      attempt.settled = true;
      inFlight = undefined;
      changes++;
      publishDetails();
    }
  }

  if (!view) {
    view = await created(creation, 'payment link');
    if (view.id !== linkId) {
      // The idempotency key had already made another link (a retried request): that one runs, not this.
      await condition(allHandlersFinished);
      return { linkId: view.id, status: 'duplicate' };
    }
  }
  publishDetails();

  for (;;) {
    if (isFinal(state.status)) {
      await condition(() => !inFlight && allHandlersFinished());
      if (isFinal(state.status)) break;
      continue;
    }
    const remaining = request.expireBy - Date.now();
    if (remaining <= 0) {
      // An attempt accepted before expire_by finishes first; what it captured counts.
      await condition(() => !inFlight);
      if (!isFinal(state.status)) {
        setState(expire(state, Date.now()));
        await save();
      }
      continue;
    }
    if (!inFlight && (workflowInfo().continueAsNewSuggested || workflowInfo().historyLength > MAX_HISTORY_PER_RUN)) {
      await condition(allHandlersFinished);
      if (!inFlight) {
        await writes.drained();
        return continueAsNew<typeof paymentLinkWorkflow>({ ...input, carried: { state, version: writes.version(), view: view!, attempts: [...attempts.values()] } });
      }
    }
    const seen = changes;
    await condition(() => changes !== seen, remaining, { summary: 'expire_by' });
  }

  await writes.drained();
  return { linkId, status: state.status as PaymentLinkWorkflowResult['status'] };
}
