// The live rail of an account without a connection to a provider. The API refuses a live write that moves money
// before any workflow starts (403 connection_required), so nothing should reach it; if something does, it fails
// at once and for good (non-retryable), never faking an answer from a bank.
import { ApplicationFailure } from '@temporalio/common';

const CONNECTION_REQUIRED = 'ConnectionRequired';

/** A rail (payout, payment or refund: every call refuses) for live money without a connection. */
export function unconnectedLiveRail(resource: 'payout' | 'payment' | 'refund') {
  const refuse = async (): Promise<never> => {
    throw ApplicationFailure.nonRetryable(`A live ${resource} needs a connection to a payment provider; none is configured.`, CONNECTION_REQUIRED);
  };
  return { submit: refuse, lookup: refuse };
}
