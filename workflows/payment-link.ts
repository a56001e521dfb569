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
  defineSignal,
  defineUpdate,
  log,
  setHandler,
  startChild,
} from '@temporalio/workflow';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
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
import { refundFollowWorkflowId } from '../src/domain/child-workflow-ids.ts';
import { created, once } from './lifecycle.ts';
import { LongLived } from './long-lived.ts';
import { paymentWorkflow } from './payment.ts';
import { databaseSteps, providerSteps } from './proxies.ts';
import { refundFollowWorkflow } from './refund.ts';
import type { RefundActivities } from '../activities/refunds.ts';
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
/** A payment the provider took for the link on its own (its QR code was paid), already recorded as ours. */
export interface ProviderPaymentArrival {
  paymentId: string;
  amount: number;
}
/** Sent by the provider event's workflow: the link keeps the payment, or gives it back in full (`duplicate`). */
export const providerPaymentSignal = defineSignal<[ProviderPaymentArrival]>('providerPayment');

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
  /**
   * How long a pending attempt holds the link (PAYMENT_LINK_ATTEMPT_HOLD_SECONDS, in ms): after it, another attempt may
   * start while this one is still followed to its end (a capture the link can no longer take is refunded as
   * `duplicate`). Absent in the inputs of links started before it existed: those keep one attempt at a time.
   */
  attemptHoldMs?: number;
  /** Carried across continue-as-new (with the settled attempts remembered by token). */
  carried?: { state: PaymentLinkState; version: number; view: PaymentLinkResponse; attempts?: Attempt[]; qr?: LiveQr };
}

/** A live link's QR code as the workflow knows it: the amount it was made for, and when it closes (epoch ms). */
interface LiveQr {
  madeFor: number;
  closeBy: number | null;
  closed?: boolean;
}

export interface PaymentLinkWorkflowResult {
  linkId: string;
  status: PaymentLinkState['status'] | 'duplicate';
}

const db = databaseSteps<PaymentLinkActivities>();
const provider = providerSteps<PaymentLinkActivities>();
const refunds = databaseSteps<RefundActivities>();

/** Attempts remembered by token, so a resubmitted form joins its first attempt (the newest ones are kept). */
const REMEMBERED_ATTEMPTS = 200;
const MAX_HISTORY_PER_RUN = 5_000;

/** One run of a link's workflow: its state, the attempts it remembers, the one in flight. */
interface LinkRun {
  input: PaymentLinkWorkflowInput;
  life: LongLived<PaymentLinkState, PaymentLinkResponse>;
  attempts: Map<string, Attempt>;
  inFlight?: Attempt;
  /** Attempts whose hold ended while their payment was still pending: followed to their end, holding nothing. */
  released: Set<Attempt>;
  /** Payments the provider took on its own, waiting for the link's decision. */
  arrivals: ProviderPaymentArrival[];
  /** A live link's QR code (undefined: none made yet). */
  qr?: LiveQr;
}

const refusal = (type: RefusalType, message: string, param?: string) => ApplicationFailure.nonRetryable(message, type, param ? { param } : {});
const answer = (attempt: Attempt): PayAttemptResult => ({ paymentId: attempt.paymentId!, status: attempt.status });

export async function paymentLinkWorkflow(input: PaymentLinkWorkflowInput): Promise<PaymentLinkWorkflowResult> {
  const { request } = input;
  const linkId = request.linkId;
  const run: LinkRun = {
    input,
    released: new Set(),
    life: new LongLived<PaymentLinkState, PaymentLinkResponse>({
      initial: initialLinkState(request),
      carried: input.carried,
      write: (version, state) => db.savePaymentLinkState({ linkId, version, state }),
      details: (state) =>
        `**${state.status}** · paid ${formatRupees(state.amountPaid)} of ${formatRupees(state.amount)} · expires ${new Date(request.expireBy).toISOString()}` +
        (run.inFlight ? ` · attempt in flight (${formatRupees(run.inFlight.amount)})` : ''),
      maxHistory: MAX_HISTORY_PER_RUN,
    }),
    attempts: new Map<string, Attempt>((input.carried?.attempts ?? []).map((a) => [a.token, a])),
    arrivals: [],
    qr: input.carried?.qr,
  };
  const { life } = run;

  // Created once, however many updates ask; a refusal (reference_id taken) fails the creating update with it.
  const creation = once(() => db.createPaymentLink(request));
  setHandler(createPaymentLinkUpdate, async () => {
    if (life.view) return life.view;
    const first = await creation.run();
    return life.view ?? first;
  });
  setHandler(paymentLinkStateQuery, () => ({
    status: life.state.status,
    amountPaid: life.state.amountPaid,
    due: amountDue(life.state),
    attemptInFlight: run.inFlight?.paymentId ?? null,
  }));
  setPayHandlers(run);
  setHandler(providerPaymentSignal, (arrival) => {
    run.arrivals.push(arrival);
    life.changed();
  });

  if (!life.view) {
    const view = await created(creation, 'payment link');
    life.created(view);
    if (view.id !== linkId) {
      // The idempotency key had already made another link (a retried request): that one runs, not this.
      await condition(allHandlersFinished);
      return { linkId: view.id, status: 'duplicate' };
    }
  }
  life.publish();

  const status = () => life.state.status;
  const live = request.mode === 'live';
  for (;;) {
    // Only awaited when there is something to take: an await of nothing would still reorder this task's commands
    // against a sandbox link's recorded histories.
    if (run.arrivals.length > 0) await takeArrivals(run);
    if (isFinal(status())) {
      if (live) await closeQr(run);
      await condition(() => (!run.inFlight && run.released.size === 0 && allHandlersFinished()) || run.arrivals.length > 0);
      if (run.arrivals.length === 0 && isFinal(status())) break;
      continue;
    }
    const remaining = request.expireBy - Date.now();
    if (remaining <= 0) {
      // An attempt accepted before expire_by finishes first; what it captured counts.
      await condition(() => !run.inFlight);
      if (!isFinal(status())) {
        life.set(expire(life.state, Date.now()));
        await life.save();
      }
      continue;
    }
    if (live) await keepQrOpen(run);
    if (!run.inFlight && run.released.size === 0 && run.arrivals.length === 0 && life.continueAsNewDue()) {
      await condition(allHandlersFinished);
      if (!run.inFlight && run.released.size === 0 && run.arrivals.length === 0) {
        await life.drained();
        return continueAsNew<typeof paymentLinkWorkflow>({ ...input, carried: { ...life.carried(), attempts: [...run.attempts.values()], qr: run.qr } });
      }
    }
    const seen = life.changes;
    const qrCloses = run.qr?.closeBy ? Math.max(run.qr.closeBy - Date.now(), 1) : remaining;
    await condition(() => life.changes !== seen || run.arrivals.length > 0, Math.min(remaining, qrCloses), { summary: 'expire_by' });
  }

  await life.drained();
  return { linkId, status: status() as PaymentLinkWorkflowResult['status'] };
}

/**
 * The full refund of a payment the link cannot keep (reason `duplicate`), once per payment: created under a key of the
 * service's own, then followed by a workflow of its own (`refund-follow/{refund_id}`), as a late authorization's is.
 */
export async function refundDuplicate(paymentId: string): Promise<void> {
  const { request } = await db.duplicateRefundRequest({ paymentId });
  let refund: Awaited<ReturnType<typeof refunds.createRefund>>;
  try {
    refund = await refunds.createRefund(request);
  } catch (err) {
    // Refused (the payment is not captured, or nothing is left to refund): nothing to give back here.
    log.warn('the duplicate payment could not be refunded', { paymentId, error: String(err) });
    return;
  }
  if (refund.status !== 'pending') return;
  try {
    await startChild(refundFollowWorkflow, {
      workflowId: refundFollowWorkflowId(refund.id),
      args: [refund.id],
      parentClosePolicy: ParentClosePolicy.ABANDON,
      typedSearchAttributes: baseSearchAttributes(request.accountId, request.mode, refund.id),
    });
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
  }
}

/**
 * Payments the provider took on its own (the QR code paid): kept while the link is payable, before expire_by and
 * within what is due; any other (paid twice at once, or after the link closed) is refunded in full at once, so a
 * link never keeps more than its amount.
 */
async function takeArrivals(run: LinkRun): Promise<void> {
  const { life } = run;
  while (run.arrivals.length > 0) {
    const arrival = run.arrivals.shift()!;
    if (life.state.paymentIds.includes(arrival.paymentId)) continue;
    const keep = !isFinal(life.state.status) && Date.now() < run.input.request.expireBy && arrival.amount <= amountDue(life.state);
    if (keep) {
      life.set(afterCapture(life.state, arrival.paymentId, arrival.amount, Date.now()));
      await life.save();
    } else {
      await refundDuplicate(arrival.paymentId);
    }
  }
}

/**
 * A live link's QR code for what is due now: made with the link, again after each partial payment and when it
 * closes; none when fewer than 15 minutes remain (the page then offers the UPI-intent button only).
 */
async function keepQrOpen(run: LinkRun): Promise<void> {
  const due = amountDue(run.life.state);
  const now = Date.now();
  const current = run.qr;
  if (current && current.madeFor === due && (current.closeBy === null || current.closeBy > now)) return;
  try {
    const { closeBy } = await provider.openLinkQr({ linkId: run.input.request.linkId, due });
    run.qr = { madeFor: due, closeBy };
  } catch (err) {
    // The page shows no code then (the intent button only); the next change tries again.
    log.warn('the link\'s QR code could not be made', { error: String(err) });
    run.qr = { madeFor: due, closeBy: null };
  }
}

/** A link that takes no more money closes its QR code, once. */
async function closeQr(run: LinkRun): Promise<void> {
  if (!run.qr || run.qr.closed) return;
  run.qr.closed = true;
  try {
    await provider.closeLinkQr({ linkId: run.input.request.linkId });
  } catch (err) {
    log.warn('the link\'s QR code could not be closed', { error: String(err) });
  }
}

/** Why this attempt is refused, as the refusal to throw; undefined when it may start. */
function payRefusal(run: LinkRun, attempt: PayAttemptInput): ApplicationFailure | undefined {
  const { life } = run;
  if (run.attempts.has(attempt.token)) return undefined; // joins its first attempt
  if (life.view === undefined) return refusal('InvalidState', 'The payment link is not ready yet.');
  if (isFinal(life.state.status)) return refusal('InvalidState', payAmountProblem(life.state, attempt.amount)!);
  if (Date.now() >= run.input.request.expireBy) return refusal('InvalidState', 'This link has expired.');
  if (run.inFlight) return refusal('Busy', 'A payment on this link is already in progress.');
  const problem = payAmountProblem(life.state, attempt.amount);
  if (problem) return refusal('InvalidRequest', problem, 'amount');
  return undefined;
}

/** The pay attempt and cancel updates. */
function setPayHandlers(run: LinkRun): void {
  const { life, attempts } = run;
  const payWaitMs = run.input.payWaitMs;
  setHandler(
    payPaymentLinkUpdate,
    async (pay) => {
      const known = attempts.get(pay.token);
      if (known) {
        await condition(() => known.paymentId !== undefined || known.settled);
        await condition(() => known.settled, payWaitMs);
        if (known.paymentId === undefined) throw refusal('InvalidState', 'The payment could not be started.');
        return answer(known);
      }
      // Checked again here (the validator ran in the same activation, but say so in code): one at a time.
      const refused = payRefusal(run, pay);
      if (refused) throw refused;
      const attempt: Attempt = { token: pay.token, amount: pay.amount, status: 'pending', settled: false };
      run.inFlight = attempt;
      attempts.set(pay.token, attempt);
      while (attempts.size > REMEMBERED_ATTEMPTS) attempts.delete(attempts.keys().next().value!);
      life.publish();
      void runAttempt(run, attempt, pay);
      await condition(() => attempt.paymentId !== undefined || attempt.settled);
      await condition(() => attempt.settled, payWaitMs);
      if (attempt.paymentId === undefined) throw refusal('InvalidState', 'The payment could not be started.');
      return answer(attempt);
    },
    {
      validator: (pay) => {
        const refused = payRefusal(run, pay);
        if (refused) throw refused;
      },
    },
  );

  setHandler(
    cancelPaymentLinkUpdate,
    async () => {
      // An attempt in flight may capture: decide after it.
      await condition(() => !run.inFlight);
      const problem = cancelProblem(life.state.status);
      if (problem) throw refusal('InvalidState', problem);
      life.set(cancel(life.state, Date.now()));
      return life.save();
    },
    {
      validator: () => {
        const problem = cancelProblem(life.state.status);
        if (problem) throw refusal('InvalidState', problem);
      },
    },
  );
}

/** One attempt: its payment as a child workflow, then the link's new state once the outcome is known. */
async function runAttempt(run: LinkRun, attempt: Attempt, pay: PayAttemptInput): Promise<void> {
  const { life } = run;
  try {
    const { request: payment, workflowId } = await db.payRequest({ linkId: run.input.request.linkId, token: pay.token, amount: pay.amount, vpa: pay.vpa });
    const child = await startChild(paymentWorkflow, {
      workflowId,
      args: [{ request: payment, createAtStart: true }],
      // The payment finishes whatever happens to the link's run.
      parentClosePolicy: ParentClosePolicy.ABANDON,
      typedSearchAttributes: baseSearchAttributes(payment.accountId, payment.mode, payment.paymentId),
    });
    attempt.paymentId = payment.paymentId;
    if (run.input.attemptHoldMs !== undefined) void holdFor(run, attempt, run.input.attemptHoldMs);
    const outcome = await child.result();
    attempt.paymentId = outcome.paymentId;
    // A payment counts once, even if its workflow were ever joined again under the same key; one the link can no
    // longer take (its QR code was paid meanwhile) is refunded in full at once.
    if (outcome.status === 'captured' && !life.state.paymentIds.includes(outcome.paymentId)) {
      if (isFinal(life.state.status) || attempt.amount > amountDue(life.state)) {
        await refundDuplicate(outcome.paymentId);
      } else {
        life.set(afterCapture(life.state, outcome.paymentId, attempt.amount, Date.now()));
        await life.save();
      }
    }
    attempt.status = outcome.status === 'captured' ? 'captured' : 'failed';
  } catch {
    // The payment could not run (its creation refused): nothing was charged.
    attempt.status = 'failed';
  } finally {
    attempt.settled = true;
    if (run.inFlight === attempt) run.inFlight = undefined;
    run.released.delete(attempt);
    life.changed();
  }
}

/** Ends an attempt's hold on the link after `holdMs` if its payment is still pending (docs/api.md, Live payment links). */
async function holdFor(run: LinkRun, attempt: Attempt, holdMs: number): Promise<void> {
  if (await condition(() => attempt.settled, holdMs)) return;
  if (run.inFlight !== attempt) return;
  run.inFlight = undefined;
  run.released.add(attempt);
  run.life.changed();
}
