// The sandbox's verification rail: answers at once from the magic values (scenarios.ts), charges nothing and keeps
// no record of its own (the same request always gets the same answer, so asking again is harmless).
import { verificationFailureMessages, type VerificationRailState } from '../../domain/verifications.ts';
import type { RailAnswer } from '../rail.ts';
import type { VerificationRail } from '../verifications.ts';
import { verificationScenario } from './scenarios.ts';

export function createSandboxVerificationRail(): VerificationRail {
  return {
    async verify(request): Promise<RailAnswer<VerificationRailState>> {
      const scenario = verificationScenario(request.beneficiary);
      const outcome: VerificationRailState =
        'closed' in scenario
          ? { status: 'failed', code: 'beneficiary_account_invalid', message: verificationFailureMessages.beneficiary_account_invalid }
          : { status: 'verified', nameAtBank: scenario.holder };
      return { outcome, providerReference: null, fees: 0 };
    },
  };
}
