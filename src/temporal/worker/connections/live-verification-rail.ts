// Live verification, not wired to a connector yet: every live verification ends `failed` with `provider_unavailable`
// (what a connection that cannot validate answers, docs/decisions.md), so a live caller learns it at once rather
// than waiting on a pending one forever. TODO(#49, live step): a connector's verification rail (RazorpayX fund
// account validations by `reference_id`, their fee as a `fee` balance transaction) replaces this, chosen by the
// request's connection as the live payout rail is.
import type { VerificationRailState } from '../../../domain/verifications.ts';
import type { RailAnswer } from '../../../rails/rail.ts';
import type { VerificationRail } from '../../../rails/verifications.ts';

export const LIVE_VERIFICATION_UNWIRED = 'Live verification is not wired to the provider yet; verify in the sandbox meanwhile.';

export function createUnwiredLiveVerificationRail(): VerificationRail {
  return {
    async verify(): Promise<RailAnswer<VerificationRailState>> {
      return { outcome: { status: 'failed', code: 'provider_unavailable', message: LIVE_VERIFICATION_UNWIRED }, providerReference: null, fees: 0 };
    },
  };
}
