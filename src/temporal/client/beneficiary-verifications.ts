// Beneficiary verifications through the gateway: one workflow per verification, answered once it is written
// `pending` (workflows/beneficiary-verification.ts); the bank's answer comes after, by itself.
import type { Mode } from '../../domain/modes.ts';
import { beneficiaryVerificationWorkflowId } from '../../domain/workflow-ids.ts';
import { newVerificationId, verificationById } from '../../db/beneficiary-verifications.ts';
import { BeneficiaryEntity } from '../../db/entities.ts';
import { beneficiaryView } from '../../db/views.ts';
import type { VerificationStarted } from '../../../activities/beneficiary-verifications.ts';
import { beneficiaryVerificationWorkflow, startBeneficiaryVerificationUpdate } from '../../../workflows/beneficiary-verification.ts';
import type { Mechanism } from './mechanism.ts';

export interface BeneficiaryVerificationGateway {
  /**
   * Starts a verification of the beneficiary, or finds the one pending, and answers the beneficiary with it. Refusals
   * arrive as the contract's errors: `not_found`, `invalid_state` (deleted), `rate_limited` (a fourth in 24 hours).
   */
  startBeneficiaryVerification(input: { accountId: string; mode: Mode; beneficiaryId: string }): Promise<VerificationStarted>;
}

export function beneficiaryVerificationGateway(m: Mechanism): BeneficiaryVerificationGateway {
  return {
    startBeneficiaryVerification(input) {
      const verificationId = newVerificationId();
      return m.startOrJoin({
        workflow: beneficiaryVerificationWorkflow,
        workflowId: beneficiaryVerificationWorkflowId(input.accountId, input.mode, verificationId),
        args: [{ request: { verificationId, ...input } }],
        update: startBeneficiaryVerificationUpdate,
        subject: { ...input, resourceId: input.beneficiaryId, summary: `Verification ${verificationId} of beneficiary ${input.beneficiaryId}` },
        what: 'beneficiary verification',
        // Past the answer's deadline, the row this run wrote is the answer (the run goes on and ends it).
        createdBy: async () => {
          const em = m.orm.em.fork();
          const verification = await verificationById(em, verificationId);
          const row = verification && (await em.findOne(BeneficiaryEntity, { id: input.beneficiaryId }));
          return row ? { verificationId, beneficiary: beneficiaryView(row, verification) } : undefined;
        },
      });
    },
  };
}
