// Moving money out of `available` in a test, where no HTTP endpoint does it in one step: the debit goes
// straight to the ledger module, as a payout's postings do.
import type { Posting } from '../../src/domain/ledger.ts';
import { post } from '../../src/ledger/ledger.ts';
import type { TestService } from './service.ts';

/** Money leaves `available` for a bank in one step (a payout reserves first; tests need the short way). */
function debitPosting(paise: number | bigint): Posting {
  const amount = BigInt(paise);
  return { type: 'payout', legs: [{ kind: 'available', amount: -amount }, { kind: 'external_bank', amount }] };
}

/** Debits the account's sandbox `available` in a database transaction of its own; answers the balance transaction's id. */
export async function postDebit(service: TestService, accountId: string, amount: number, sourceId: string): Promise<string> {
  return service.stack.orm.em.fork().transactional((tx) => post(tx, { accountId, mode: 'sandbox', posting: debitPosting(amount), sourceId }));
}
