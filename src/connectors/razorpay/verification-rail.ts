// The verification rail (src/rails/verifications.ts) for one RazorpayX connection: the beneficiary's fund account (the
// payout rail's registration, one per beneficiary and connection), then one fund account validation per verification
// (a ₹1 penny drop to a bank account, a VPA validation for a UPI ID), read until the bank answers.
// - One validation per verification, charged once: the API has no idempotency key or reference_id, so before the first
//   send and before any resend the validations listed since the verification began are matched by
//   notes.verification_id and our fund account id (validations-api.ts); only when none matches is one created. Its id
//   is kept on our row at once, and every later ask fetches it by id.
// - Its charge is what the statement shows for it (the penny, the fee and its GST in one debit; a failed one's credit
//   back), answered as `fees` once it has ended: the activity that ends the verification posts it once.
// - An answer that does not say what happened is thrown (unknown: asked again), bounded by `maxPendingMs` from the
//   verification's start, after which it ends failed `provider_unavailable` (no answer from the bank).
import type { VerificationRailState } from '../../domain/verifications.ts';
import type { RailAnswer } from '../../rails/rail.ts';
import type { VerificationRail, VerificationRequest } from '../../rails/verifications.ts';
import type { ConnectedRailSettings } from '../../rails/provider.ts';
import { keepProviderValidationId, verificationAtProvider, type VerificationAtProvider } from '../../db/beneficiary-verifications.ts';
import { ProviderRejectedError } from '../errors.ts';
import { createRazorpayHttp } from './http.ts';
import { createPayoutsApi } from './payouts-api.ts';
import { paced, registeredFundAccount } from './payout-rail.ts';
import { createValidationsApi, type RazorpayValidation, type RazorpayValidationsApi } from './validations-api.ts';
import { validationReadingOf } from './translate-validations.ts';

export interface RazorpayVerificationRailSettings extends ConnectedRailSettings {
  /** VERIFICATION_PENDING_SECONDS, in ms: how long a verification waits for the bank before it ends failed. */
  maxPendingMs: number;
  timeoutMs?: number;
}

/** Our clock and the provider's may differ: lookups start this much before the verification did (notes match anyway). */
const CLOCK_SLACK_SECONDS = 300;

export const noAnswerMessage = (maxPendingMs: number) =>
  `The beneficiary's bank gave no answer within ${Math.round(maxPendingMs / 3_600_000)} hours; verify again later.`;

type Answer = RailAnswer<VerificationRailState>;
const failed = (code: 'beneficiary_account_invalid' | 'provider_unavailable', message: string, providerReference: string | null = null, fees = 0): Answer => ({
  outcome: { status: 'failed', code, message },
  providerReference,
  fees,
});

/** The verification's validation at the provider: fetched by its kept id, else found by its notes, else created once. */
async function validationOf(s: RazorpayVerificationRailSettings, api: RazorpayValidationsApi, fundAccountId: () => Promise<string>, request: VerificationRequest, at: VerificationAtProvider): Promise<RazorpayValidation> {
  if (at.providerValidationId) {
    const id = at.providerValidationId;
    return paced(s.pace, () => api.fetch(id));
  }
  const fundAccount = await fundAccountId();
  const since = Math.floor(at.createdAt.getTime() / 1000) - CLOCK_SLACK_SECONDS;
  const match = { verificationId: request.verificationId, fundAccountId: fundAccount };
  // A send whose answer was lost may have made (and been charged for) a validation: find it before sending again.
  const validation =
    (await paced(s.pace, () => api.find(s.accountNumber, match, since))) ??
    (await paced(s.pace, () => api.create({ accountNumber: s.accountNumber, fundAccountId: fundAccount, type: request.beneficiary.type, verificationId: request.verificationId })));
  await keepProviderValidationId(s.em(), request.verificationId, validation.id);
  return validation;
}

/**
 * An ended validation's answer with its charge as the statement shows it (debit less any credit back). Until the
 * statement shows the debit (or a failed one's credit back) it is asked again; past the deadline, what it shows is it.
 */
async function withCharge(s: RazorpayVerificationRailSettings, api: RazorpayValidationsApi, v: RazorpayValidation, outcome: Exclude<VerificationRailState, { status: 'pending' }>, leftMs: number): Promise<Answer> {
  const charge = await paced(s.pace, () => api.charge(s.accountNumber, v.id, v.created_at - CLOCK_SLACK_SECONDS));
  const settled = charge.debit !== null && (v.status !== 'failed' || charge.credit > 0);
  if (!settled && leftMs > 0) return { outcome: { status: 'pending', checkAgainInMs: Math.min(s.checkAgainInMs, leftMs) }, providerReference: v.id, fees: 0 };
  return { outcome, providerReference: v.id, fees: Math.max(0, (charge.debit ?? 0) - charge.credit) };
}

export function createRazorpayVerificationRail(s: RazorpayVerificationRailSettings): VerificationRail {
  const http = createRazorpayHttp({ baseUrl: s.baseUrl, keyId: s.keyId, keySecret: s.keySecret, timeoutMs: s.timeoutMs });
  const payouts = createPayoutsApi(http);
  const api = createValidationsApi(http);
  return {
    async verify(request): Promise<Answer> {
      const at = await verificationAtProvider(s.em(), request.verificationId);
      if (!at) throw new Error(`beneficiary verification ${request.verificationId} not found`);
      let registrationRefused = false;
      const fundAccountId = () =>
        registeredFundAccount(s, payouts, request.beneficiary.id, request.beneficiary).catch((err: unknown) => {
          registrationRefused = err instanceof ProviderRejectedError;
          throw err;
        });
      let v: RazorpayValidation;
      try {
        v = await validationOf(s, api, fundAccountId, request, at);
      } catch (err) {
        if (!(err instanceof ProviderRejectedError)) throw err;
        const said = err.details.description ?? 'no reason given';
        // The provider refused the beneficiary's details themselves: no money can reach them through it.
        if (registrationRefused) return failed('beneficiary_account_invalid', `The provider refused the beneficiary's account details: ${said}`);
        // It refused the validation as asked (its balance, the account): nothing was made or charged.
        return failed('provider_unavailable', `The provider refused the account validation: ${said}`);
      }
      const leftMs = at.createdAt.getTime() + s.maxPendingMs - Date.now();
      const reading = validationReadingOf(v, s.checkAgainInMs);
      if (reading.status === 'pending' || reading.status === 'unknown') {
        if (leftMs > 0) return { outcome: { status: 'pending', checkAgainInMs: Math.min(s.checkAgainInMs, leftMs) }, providerReference: v.id, fees: 0 };
        // The bank never answered: the penny and fee already left (the statement's debit), so they are recorded.
        return withCharge(s, api, v, { status: 'failed', code: 'provider_unavailable', message: noAnswerMessage(s.maxPendingMs) }, 0);
      }
      return withCharge(s, api, v, reading, leftMs);
    },
  };
}
