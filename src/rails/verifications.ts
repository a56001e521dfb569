// The verification rail: how the service asks a bank whose name an account or UPI ID is in (docs/api.md, "Verified
// beneficiaries"). The sandbox simulator implements it; a provider's connector will (RazorpayX fund account
// validations: a penny drop for a bank account, a VPA validation for a UPI ID).
import type { Mode } from '../domain/modes.ts';
import type { VerificationRailState } from '../domain/verifications.ts';
import type { RailAnswer } from './rail.ts';

export interface VerificationRequest {
  /**
   * Our verification's id, which the provider's validation carries (RazorpayX: in its notes, its API having no
   * reference_id), so a resend after a lost answer is matched to the validation the first send made (listed and
   * matched before any send), never made twice.
   */
  verificationId: string;
  accountId: string;
  mode: Mode;
  /** The connection the verification was bound to at its start; null in the sandbox. */
  connectionId: string | null;
  /** Its email and phone, where it has them, go to a provider's contact (the same contact its payouts use). */
  beneficiary: { id: string; type: 'bank_account' | 'vpa'; name: string; vpa: string | null; accountNumber: string | null; ifsc: string | null; email?: string | null; phone?: string | null };
}

export interface VerificationRail {
  /**
   * Asks the bank, or asks again (the same request on every call, under the verification's id), and answers what it
   * said: `verified` with the name it holds, `failed` when it refused the account, `pending` while it has not
   * decided. `fees` is what the provider charged (paise, GST included; 0 in the sandbox). Throws only when no answer
   * came (a timeout, a reset, a 5xx, a 409): unknown is unknown, and the caller asks again, never records `failed`.
   */
  verify(request: VerificationRequest): Promise<RailAnswer<VerificationRailState>>;
}
