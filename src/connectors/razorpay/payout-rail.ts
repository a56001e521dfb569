// The payout rail (src/rails/payouts.ts) for one RazorpayX connection: a beneficiary registered once per connection
// (a contact with reference_id = our beneficiary id, and a fund account; their ids kept in provider_beneficiaries),
// then the payout created under X-Payout-Idempotency = our payout id with the body docs/api.md gives, the same on every
// send. The provider's pace is kept by `pace` (shared by every worker) and a 429 waits for its Retry-After; any
// other lost answer is thrown (ProviderAnswerUnknownError) for the activity to retry on its own profile.
import type { PayoutRailState } from '../../domain/payouts.ts';
import type { RailAnswer, RailLookup } from '../../rails/rail.ts';
import type { PayoutRail, PayoutSubmission } from '../../rails/payouts.ts';
import { ProviderRateLimitedError, ProviderRejectedError } from '../errors.ts';
import type { ConnectedRailSettings, ProviderFailureDetails } from '../../rails/provider.ts';
import { createRazorpayHttp } from './http.ts';
import { createPayoutsApi, type RazorpayPayoutsApi } from './payouts-api.ts';
import { failureCodeOf, payoutReportOf, type RazorpayPayout } from './translate.ts';

/** The connection's settings every rail takes (src/rails/provider.ts), and how long one request may take. */
export interface RazorpayPayoutRailSettings extends ConnectedRailSettings {
  timeoutMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One provider call at the shared pace; a 429 waits for its Retry-After and sends the same request again. */
export async function paced<T>(pace: () => Promise<void>, call: () => Promise<T>): Promise<T> {
  for (;;) {
    await pace();
    try {
      return await call();
    } catch (err) {
      if (!(err instanceof ProviderRateLimitedError)) throw err;
      await sleep(err.retryAfterMs);
    }
  }
}

const text = (value: string | null | undefined, fallback: string) => (value && value.length > 0 ? value : fallback);

function providerWords(details: ProviderFailureDetails | null, fallback: string) {
  return { source: text(details?.source, 'provider'), reason: text(details?.reason, 'unknown'), description: text(details?.description, fallback) };
}

/** The provider's payout object as our rail answer. */
export function answerOfPayout(payout: RazorpayPayout, checkAgainInMs: number): RailAnswer<PayoutRailState> {
  const report = payoutReportOf(payout);
  const answer = (outcome: PayoutRailState): RailAnswer<PayoutRailState> => ({ outcome, providerReference: payout.id, fees: report.fees ?? 0 });
  const { outcome } = report;
  switch (outcome.state) {
    case 'initiated':
      return answer({ state: 'processing', checkAgainInMs });
    case 'completed':
      return answer({ state: 'completed', utr: outcome.utr ?? '' });
    case 'failed':
      return answer({ state: 'failed', failure: { code: outcome.code, message: text(outcome.details.description, 'The provider failed the payout.'), provider: providerWords(outcome.details, 'failed') } });
    case 'returned':
      return answer({ state: 'reversed', utr: report.utr, failure: { code: outcome.code, message: text(outcome.details.description, 'The bank returned the transfer.'), provider: providerWords(outcome.details, 'reversed') } });
    default:
      return outcome satisfies never;
  }
}

/** A create the provider refused as it is (a 4xx: its balance, a rule) as a failed answer; nothing was created. */
function refusalAnswer(err: ProviderRejectedError): RailAnswer<PayoutRailState> {
  const d = err.details;
  const details = { source: d.source, reason: d.reason, description: d.description };
  return {
    outcome: { state: 'failed', failure: { code: failureCodeOf(d.reason), message: text(d.description, 'The provider refused the payout.'), provider: providerWords(details, 'refused') } },
    providerReference: null,
    fees: 0,
  };
}

/**
 * The beneficiary's fund account at this connection's provider, registered on first use (a payout or a verification,
 * whichever comes first) and kept in provider_beneficiaries, so a beneficiary has one per connection.
 */
export async function registeredFundAccount(
  s: Pick<ConnectedRailSettings, 'connectionId' | 'em' | 'pace'>,
  api: Pick<RazorpayPayoutsApi, 'createContact' | 'createFundAccount'>,
  beneficiaryId: string,
  b: PayoutSubmission['beneficiary'],
): Promise<string> {
  const em = s.em();
  const [known] = await em.execute<{ fund_account_id: string }[]>(
    'select fund_account_id from provider_beneficiaries where beneficiary_id = ? and connection_id = ?',
    [beneficiaryId, s.connectionId],
  );
  if (known) return known.fund_account_id;
  // The provider answers identical details with the existing contact and fund account, so a registration cut off
  // before its row was written makes nothing twice when it runs again.
  const contact = await paced(s.pace, () => api.createContact({ name: b.name, email: b.email ?? null, phone: b.phone ?? null, beneficiaryId }));
  const fund = await paced(s.pace, () =>
    api.createFundAccount(
      b.type === 'vpa'
        ? { contactId: contact.id, type: 'vpa', address: b.vpa! }
        : { contactId: contact.id, type: 'bank_account', name: b.name, ifsc: b.ifsc!, accountNumber: b.accountNumber! },
    ),
  );
  await em.execute(
    `insert into provider_beneficiaries (beneficiary_id, connection_id, contact_id, fund_account_id) values (?, ?, ?, ?)
     on conflict (beneficiary_id, connection_id) do nothing`,
    [beneficiaryId, s.connectionId, contact.id, fund.id],
  );
  return fund.id;
}

export function createRazorpayPayoutRail(s: RazorpayPayoutRailSettings): PayoutRail {
  const api = createPayoutsApi(createRazorpayHttp({ baseUrl: s.baseUrl, keyId: s.keyId, keySecret: s.keySecret, timeoutMs: s.timeoutMs }));
  // A batch's items to one beneficiary arrive together: they share one registration in this process rather than
  // each asking the provider (the provider would answer the same contact, at the cost of the shared rate).
  const registering = new Map<string, Promise<string>>();
  const fundAccountOf = (submission: PayoutSubmission) => {
    const key = submission.beneficiaryId ?? submission.payoutId;
    let pending = registering.get(key);
    if (!pending) {
      const beneficiaryId = submission.beneficiaryId;
      if (!beneficiaryId) return Promise.reject(new Error(`payout ${submission.payoutId} was submitted without its beneficiary id`));
      pending = registeredFundAccount(s, api, beneficiaryId, submission.beneficiary).finally(() => registering.delete(key));
      registering.set(key, pending);
    }
    return pending;
  };
  return {
    async submit(submission) {
      try {
        // A beneficiary the provider refuses to register fails its payout like a refused create: nothing was sent.
        const fundAccountId = await fundAccountOf(submission);
        const payout = await paced(s.pace, () =>
          api.createPayout({
            payoutId: submission.payoutId,
            accountNumber: s.accountNumber,
            fundAccountId,
            amount: submission.amount,
            transferMode: submission.transferMode,
            narration: submission.narration ?? null,
          }),
        );
        return answerOfPayout(payout, s.checkAgainInMs);
      } catch (err) {
        if (err instanceof ProviderRejectedError) return refusalAnswer(err);
        throw err;
      }
    },
    async lookup(payoutId): Promise<RailLookup<PayoutRailState>> {
      const payout = await paced(s.pace, () => api.findPayoutByReference(s.accountNumber, payoutId));
      return payout ? { found: true, answer: answerOfPayout(payout, s.checkAgainInMs) } : { found: false };
    },
  };
}
