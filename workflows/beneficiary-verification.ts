// One verification of a beneficiary (`beneficiary-verification/{account}/{mode}/{verification_id}`): written `pending`
// by the creating request (Update-with-Start, which answers then, docs/api.md "Verified beneficiaries"), the bank asked
// through the mode's rail until it answers, then ended with its event. A start that finds another verification pending
// answers that one and ends here: only the workflow that wrote a row asks the bank for it. Orchestration only.
import { allHandlersFinished, condition, defineSignal, defineUpdate, setCurrentDetails, setHandler } from '@temporalio/workflow';
import type { BeneficiaryVerificationActivities, BeneficiaryVerificationRequest, VerificationEnded, VerificationStarted } from '../activities/beneficiary-verifications.ts';
import { created, once } from './lifecycle.ts';
import { databaseSteps, providerSteps, railSteps } from './proxies.ts';

export const startBeneficiaryVerificationUpdate = defineUpdate<VerificationStarted>('startBeneficiaryVerification');
/**
 * The provider said the validation may have ended (its webhook, matched by the provider event workflow): ask the bank
 * now instead of at the end of the wait. It carries nothing: what the validation ended with is looked up.
 */
export const wakeBeneficiaryVerificationSignal = defineSignal('wakeBeneficiaryVerification');

export interface BeneficiaryVerificationInput {
  request: BeneficiaryVerificationRequest;
}

const db = databaseSteps<BeneficiaryVerificationActivities>();
/** The sandbox answers in-process: a local activity, in the workflow task that asked. */
const sandboxBank = railSteps<BeneficiaryVerificationActivities>();
/** A provider's bank call leaves the machine and may take seconds: an ordinary activity, with a heartbeat. */
const liveBank = providerSteps<BeneficiaryVerificationActivities>();

export async function beneficiaryVerificationWorkflow(
  input: BeneficiaryVerificationInput,
): Promise<{ verificationId: string; status: VerificationEnded['status'] | 'duplicate' }> {
  const { request } = input;
  const creation = once(() => db.startBeneficiaryVerification(request));
  setHandler(startBeneficiaryVerificationUpdate, () => creation.run());

  const started = await created(creation, 'beneficiary verification');
  if (started.verificationId !== request.verificationId) {
    // Another verification of this beneficiary was pending: the caller was answered with it, and its own run ends it.
    await condition(allHandlersFinished);
    return { verificationId: started.verificationId, status: 'duplicate' };
  }

  let woken = false;
  setHandler(wakeBeneficiaryVerificationSignal, () => {
    woken = true;
  });
  const bank = request.mode === 'live' ? liveBank : sandboxBank;
  setCurrentDetails(`pending: asking the bank about ${request.beneficiaryId}`);
  let answer = await bank.askBankForBeneficiaryName({ verificationId: request.verificationId });
  while (answer.outcome.status === 'pending') {
    setCurrentDetails(`pending: the bank has not answered about ${request.beneficiaryId}; asking again`);
    // A wait a wake-up cuts short. Histories from before the signal replay unchanged: no run of theirs was signalled,
    // so the condition's timer starts and fires exactly as the sleep's did (the same commands, no patch needed).
    await condition(() => woken, answer.outcome.checkAgainInMs);
    woken = false;
    answer = await bank.askBankForBeneficiaryName({ verificationId: request.verificationId });
  }
  // `outcome` as narrowed past the loop (no longer pending), which the end step's type asks for.
  const ended = await db.endBeneficiaryVerification({ verificationId: request.verificationId, answer: { ...answer, outcome: answer.outcome } });
  const match = ended.beneficiary.verification?.name_match;
  setCurrentDetails(`${ended.status}${match ? `: name ${match.result} (${match.score})` : ended.beneficiary.verification?.failure_reason ? `: ${ended.beneficiary.verification.failure_reason.code}` : ''}`);
  await condition(allHandlersFinished);
  return { verificationId: ended.verificationId, status: ended.status };
}
