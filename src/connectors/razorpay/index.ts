// The Razorpay connector as the registry (src/connectors/index.ts) lists it: what adding a connection needs and how
// its inbound webhooks are verified and read. Calling the provider goes through http.ts, payouts-api.ts and
// payments-api.ts; payment-rail.ts is the live payment and refund rail over the latter; recurring.ts (over
// recurring-api.ts) is UPI AutoPay: mandates, their tokens and each debit's pre-debit notice; verification-rail.ts
// (over validations-api.ts) verifies beneficiaries by fund account validations.
// Razorpay's pages are cited by their path in its public docs (x/payouts/states-life-cycle.md is https://razorpay.com/docs/x/payouts/states-life-cycle.md).
import type { Connector } from '../../rails/provider.ts';
import { DEFAULT_BASE_URL } from './http.ts';
import { checkLiveBeneficiary, checkLiveMandate, checkLivePayment, checkLivePayout } from './limits.ts';
import { createRazorpayGateway } from './gateway.ts';
import { createRazorpayAccountReader } from './account-reader.ts';
import { createRazorpayPayoutRail } from './payout-rail.ts';
import { createRazorpayPaymentRails } from './payment-rails.ts';
import { createRazorpayRecurring } from './recurring.ts';
import { probeRazorpayConnection } from './probe.ts';
import { createRazorpayVerificationRail } from './verification-rail.ts';
import { EVENT_ID_HEADER, parseWebhookEvent, SIGNATURE_HEADER, translateWebhookEvent, verifySignature } from './webhooks.ts';

export const razorpay: Connector = {
  provider: 'razorpay',
  displayName: 'Razorpay (payment gateway and RazorpayX payouts)',
  // RazorpayX payouts, and payments, refunds and payment links (their QR codes) through its payment gateway.
  // Recurring debits: UPI AutoPay mandates (createRecurring, checkMandate, the token webhooks) and the collections
  // that charge through them (a recurring submission on the payment rail).
  moves: ['payouts', 'payments', 'recurring'],
  defaultBaseUrl: DEFAULT_BASE_URL,
  secretVariables: { keySecret: 'RAZORPAY_KEY_SECRET', webhookSecret: 'RAZORPAY_WEBHOOK_SECRET' },
  checkKeyId: (keyId) =>
    /^rzp_(live|test)_[A-Za-z0-9]+$/.test(keyId) ? null : 'a Razorpay key id starts with rzp_live_ (or rzp_test_ for its test mode)',
  // The RazorpayX account (or customer identifier) the payouts leave from: letters and digits (api/x/payouts/fetch-all.md).
  checkPayoutAccountNumber: (accountNumber) =>
    /^[A-Za-z0-9]{5,40}$/.test(accountNumber) ? null : 'the RazorpayX account number is 5 to 40 letters and digits',
  limits: {
    checkBeneficiary: checkLiveBeneficiary,
    checkPayout: checkLivePayout,
    checkPayment: checkLivePayment,
    checkMandate: checkLiveMandate,
  },
  createPayoutRail: createRazorpayPayoutRail,
  createGateway: createRazorpayGateway,
  createPaymentRails: createRazorpayPaymentRails,
  createAccountReader: createRazorpayAccountReader,
  createRecurring: createRazorpayRecurring,
  // RazorpayX fund account validations (RazorpayX Lite accounts only, not in its test mode).
  createVerificationRail: createRazorpayVerificationRail,
  probe: probeRazorpayConnection,
  webhooks: {
    signatureHeader: SIGNATURE_HEADER,
    eventIdHeader: EVENT_ID_HEADER,
    verify: verifySignature,
    translate: (rawBody) => translateWebhookEvent(parseWebhookEvent(rawBody)),
  },
};
