// A beneficiary verification's steps (workflows/beneficiary-verification.ts): start it (one pending at a time, at most
// three a day, under the beneficiary's lock), ask the bank through the mode's rail, and end it with its event. The
// rail is chosen by the verification's mode here, never by the workflow: a live connector slots in as a rail.
import type { MikroORM, EntityManager } from '@mikro-orm/postgresql';
import { nameMatch } from '../src/domain/name-match.ts';
import { MAX_VERIFICATIONS_PER_DAY, type Verification, type VerificationRailState } from '../src/domain/verifications.ts';
import { type StartVerification, type VerificationEnd, endVerification, startVerification, verificationById } from '../src/db/beneficiary-verifications.ts';
import { BeneficiaryEntity } from '../src/db/entities.ts';
import { recordEvent } from '../src/db/events.ts';
import { verificationFeePosting } from '../src/domain/ledger.ts';
import { post } from '../src/ledger/ledger.ts';
import { beneficiaryView } from '../src/db/views.ts';
import type { RailAnswer } from '../src/rails/rail.ts';
import type { VerificationRail } from '../src/rails/verifications.ts';
import type { BeneficiaryResponse } from '../src/contract/beneficiaries.ts';
import { type RailsByMode, railFor, refuse } from './lifecycle.ts';

export interface BeneficiaryVerificationDeps {
  orm: MikroORM;
  rails: RailsByMode<VerificationRail>;
}

/** What starts a verification: its id (the workflow's, made by the API), the beneficiary, its account and mode. */
export type BeneficiaryVerificationRequest = StartVerification;

/** The verification a start found or made, and the beneficiary as callers then see it (its `verification` pending). */
export interface VerificationStarted {
  verificationId: string;
  beneficiary: BeneficiaryResponse;
}

export interface VerificationEnded {
  verificationId: string;
  status: Verification['status'];
  beneficiary: BeneficiaryResponse;
}

async function beneficiaryOf(em: EntityManager, beneficiaryId: string) {
  const row = await em.findOne(BeneficiaryEntity, { id: beneficiaryId }, { disableIdentityMap: true });
  if (!row) throw refuse('NotFound', `No such beneficiary: '${beneficiaryId}'.`, { param: 'id' });
  return row;
}

/** What the verification ends with: the rail's answer, and for a name the bank holds, how it matches the beneficiary's. */
function endOf(name: string, answer: RailAnswer<Exclude<VerificationRailState, { status: 'pending' }>>): VerificationEnd {
  const { outcome, fees, providerReference } = answer;
  if (outcome.status === 'verified') return { status: 'verified', nameAtBank: outcome.nameAtBank, nameMatch: nameMatch(name, outcome.nameAtBank), fee: fees, providerReference };
  return { status: 'failed', code: outcome.code, message: outcome.message, fee: fees, providerReference };
}

export function createBeneficiaryVerificationActivities(deps: BeneficiaryVerificationDeps) {
  return {
    /**
     * Starts a verification, or finds the one pending (the answer then names that one, and the calling workflow,
     * whose id named another, ends without work). Refused, writing nothing: an unknown beneficiary (NotFound), a
     * deleted one (InvalidState), a fourth in 24 hours (RateLimited).
     */
    async startBeneficiaryVerification(request: StartVerification): Promise<VerificationStarted> {
      return deps.orm.em.fork().transactional(async (tx) => {
        const start = await startVerification(tx, request);
        switch (start.kind) {
          case 'not_found':
            throw refuse('NotFound', `No such beneficiary: '${request.beneficiaryId}'.`, { param: 'id' });
          case 'inactive':
            throw refuse('InvalidState', 'This beneficiary was deleted; a deleted beneficiary takes no payouts and is not verified.');
          case 'rate_limited':
            throw refuse(
              'RateLimited',
              `This beneficiary was verified ${MAX_VERIFICATIONS_PER_DAY} times in the last 24 hours, the most allowed; retry in ${start.retryAfterSeconds} s.`,
            );
          case 'started':
          case 'pending':
            return { verificationId: start.verification.id, beneficiary: beneficiaryView(await beneficiaryOf(tx, request.beneficiaryId), start.verification) };
          default:
            throw new Error(`unexpected start ${(start satisfies never as { kind: string }).kind}`);
        }
      });
    },

    /**
     * Asks the bank (the verification's mode's rail) whose name the beneficiary's account or UPI ID is in. The same
     * request on every attempt, under the verification's id; a rail that got no answer throws, and the attempt is
     * retried on the workflow's profile (unknown stays unknown: never a `failed`).
     */
    async askBankForBeneficiaryName(input: { verificationId: string }): Promise<RailAnswer<VerificationRailState>> {
      const em = deps.orm.em.fork();
      const [row] = await em.execute<{ beneficiary_id: string; account_id: string; mode: 'sandbox' | 'live'; connection_id: string | null }[]>(
        `select beneficiary_id, account_id, mode, connection_id from beneficiary_verifications where id = ?`,
        [input.verificationId],
      );
      if (!row) throw refuse('NotFound', `beneficiary verification ${input.verificationId} not found`);
      const b = await beneficiaryOf(em, row.beneficiary_id);
      return railFor(deps.rails, row.mode).verify({
        verificationId: input.verificationId,
        accountId: row.account_id,
        mode: row.mode,
        connectionId: row.connection_id,
        beneficiary: { id: b.id, type: b.type, name: b.name, vpa: b.vpa ?? null, accountNumber: b.accountNumber ?? null, ifsc: b.ifsc ?? null, email: b.email ?? null, phone: b.phone ?? null },
      });
    },

    /**
     * Ends the verification with the bank's answer and records its event (`beneficiary.verified` or
     * `beneficiary.verification_failed`, the beneficiary with this verification) in one transaction. A retried
     * attempt finds it ended and writes nothing, so the event is recorded once.
     */
    async endBeneficiaryVerification(input: { verificationId: string; answer: RailAnswer<Exclude<VerificationRailState, { status: 'pending' }>> }): Promise<VerificationEnded> {
      return deps.orm.em.fork().transactional(async (tx) => {
        const pending = await verificationById(tx, input.verificationId);
        if (!pending) throw refuse('NotFound', `beneficiary verification ${input.verificationId} not found`);
        const beneficiary = await beneficiaryOf(tx, pending.beneficiaryId);
        const { verification, ended } = await endVerification(tx, input.verificationId, endOf(beneficiary.name, input.answer));
        const view = beneficiaryView(beneficiary, verification);
        if (ended) {
          // The provider's charge (live: the statement's debit for it, penny and GST included) is one `fee` transaction,
          // written only by the end that ended it, in its transaction: a retried end finds it ended and writes none.
          if (input.answer.fees > 0) {
            await post(tx, { accountId: beneficiary.accountId, mode: beneficiary.mode, posting: verificationFeePosting(input.answer.fees), sourceId: verification.id, description: 'Beneficiary verification (provider fee)' });
          }
          const type = verification.status === 'verified' ? 'beneficiary.verified' : 'beneficiary.verification_failed';
          await recordEvent(tx, { accountId: beneficiary.accountId, mode: beneficiary.mode, type, object: view });
        }
        return { verificationId: verification.id, status: verification.status, beneficiary: view };
      });
    },
  };
}

export type BeneficiaryVerificationActivities = ReturnType<typeof createBeneficiaryVerificationActivities>;
