// The live verification rail of the worker's composition root: each verification goes to the verification rail of the
// connection it was bound to at its start (beneficiary_verifications.connection_id), built from that connection's row
// with its key secret unsealed here, paced by the connection's shared provider limiter (as the live payout rail is).
// A connection that cannot validate ends the verification `failed` with `provider_unavailable` (docs/decisions.md,
// "Verified beneficiaries"): its provider has no account validation here, it names no payout account, or the
// provider answers a set-up refusal (the feature not enabled: not RazorpayX Lite; the key; the IP allow-list), which
// also marks the connection's `verification` capability for the operator; an answer clears that mark.
import type { MikroORM } from '@mikro-orm/postgresql';
import type { VerificationRailState } from '../../../domain/verifications.ts';
import type { RailAnswer } from '../../../rails/rail.ts';
import type { VerificationRail } from '../../../rails/verifications.ts';
import { isProviderSetupError } from '../../../connectors/errors.ts';
import { attentionCleared, needsAttention } from '../../../db/connection-attention.ts';
import type { SecretBox } from '../../../db/sealed.ts';
import type { Logger } from '../../../logger.ts';
import { connectedSettings } from './connected.ts';
import { providerPace } from './live-payout-rail.ts';

export const NO_VERIFICATION_CONNECTION = 'The account has no connection that can verify beneficiaries.';
export const CANNOT_VALIDATE = "The account's provider connection cannot verify beneficiaries (its provider offers no account validation here, or the connection names no payout account).";

export interface LiveVerificationRailOptions {
  orm: MikroORM;
  secrets: SecretBox;
  /** PROVIDER_MAX_RPS. */
  maxRps: number;
  /** PROVIDER_POLL_SECONDS, in ms: how often a pending validation is looked at when no webhook wakes it. */
  checkAgainInMs: number;
  /** VERIFICATION_PENDING_SECONDS, in ms. */
  maxPendingMs: number;
  logger?: Logger;
}

type Answer = RailAnswer<VerificationRailState>;
const unavailable = (message: string): Answer => ({ outcome: { status: 'failed', code: 'provider_unavailable', message }, providerReference: null, fees: 0 });

export function createLiveVerificationRail(options: LiveVerificationRailOptions): VerificationRail {
  const { orm } = options;
  const pace = providerPace(orm, options.maxRps);
  /**
   * The connection's rail as its row is now (a rotated key is taken at the next ask; asks are minutes apart, so
   * building one each time costs nothing); null when the connection cannot validate.
   */
  async function railOf(connectionId: string): Promise<VerificationRail | null> {
    const connected = await connectedSettings({ ...options, pace }, connectionId);
    const make = connected?.connector.createVerificationRail;
    if (!connected || !make || !connected.hasPayoutAccount) return null;
    return make({ ...connected.settings, maxPendingMs: options.maxPendingMs });
  }

  return {
    async verify(request): Promise<Answer> {
      if (!request.connectionId) return unavailable(NO_VERIFICATION_CONNECTION);
      const connectionId = request.connectionId;
      const rail = await railOf(connectionId);
      if (!rail) return unavailable(CANNOT_VALIDATE);
      try {
        const answer = await rail.verify(request);
        await attentionCleared(orm.em.fork(), options.logger, connectionId, 'verification');
        return answer;
      } catch (err) {
        if (!isProviderSetupError(err)) throw err;
        await needsAttention(orm.em.fork(), options.logger, { connectionId, capability: 'verification', reason: err.reason, description: err.description });
        const said = err.description ? ` (${err.description})` : '';
        return unavailable(`The provider account cannot validate beneficiaries: ${err.reason}${said}. Fund account validation needs a RazorpayX Lite account with the feature enabled.`);
      }
    },
  };
}
