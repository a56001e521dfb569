// MikroORM entities (defineEntity, no decorators: Node's type stripping rejects them).
// Foreign keys are plain scalar ids: requests always scope by (account, mode), never walk relations.
// Enumerated columns take their values from src/domain, the one place each list is written; the
// migrations' CHECK constraints are compared with the same lists by test/integration/status-checks.test.ts.
// Balances and sums (a ledger balance, a balance transaction, a settlement, a batch total) are JS bigints: they
// may pass 2^53 paise. A single item's own amount (at most 10^12, docs/api.md) stays a number.
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { collectionSchedules } from '../domain/collection-schedule.ts';
import { collectionStatuses } from '../domain/collections.ts';
import { paymentLinkStatuses } from '../domain/payment-links.ts';
import { mandateFrequencies, mandateStatuses } from '../domain/mandates.ts';
import { reportFormats, reportStatuses } from '../domain/reports.ts';
import { keyRoles } from '../domain/key-roles.ts';
import { modes } from '../domain/modes.ts';
import { ExactJsonType } from './exact-json.ts';
import { paymentMethods, paymentStatuses } from '../domain/payments.ts';
import { payoutBatchStatuses } from '../domain/payout-batches.ts';
import { payoutStatuses } from '../domain/payouts.ts';
import { refundStatuses } from '../domain/refunds.ts';
import { settlementStatuses } from '../domain/settlements.ts';
import { topUpSources, topUpStatuses } from '../domain/top-ups.ts';
import { verificationStatuses } from '../domain/verifications.ts';

const modeProp = () => p.enum(modes);

export const AccountEntity = defineEntity({
  name: 'Account',
  tableName: 'accounts',
  properties: {
    id: p.string().primary(),
    name: p.string(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type Account = InferEntity<typeof AccountEntity>;

export const ApiKeyEntity = defineEntity({
  name: 'ApiKey',
  tableName: 'api_keys',
  properties: {
    id: p.string().primary(),
    accountId: p.string(),
    mode: modeProp(),
    keyHash: p.string().unique(),
    last4: p.string(),
    role: p.enum(keyRoles).default('full'),
    name: p.string().nullable(),
    holder: p.string().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    revokedAt: p.datetime().nullable(),
  },
});
export type ApiKey = InferEntity<typeof ApiKeyEntity>;

export const IdempotencyRecordEntity = defineEntity({
  name: 'IdempotencyRecord',
  tableName: 'idempotency_records',
  properties: {
    accountId: p.string().primary(),
    mode: modeProp().primary(),
    key: p.string().primary(),
    method: p.string(),
    path: p.string(),
    requestHash: p.string(),
    state: p.enum(['in_flight', 'done'] as const),
    statusCode: p.integer().nullable(),
    responseBody: p.text().nullable(),
    lockedUntil: p.datetime(),
    createdAt: p.datetime().onCreate(() => new Date()),
    completedAt: p.datetime().nullable(),
  },
});
export type IdempotencyRecord = InferEntity<typeof IdempotencyRecordEntity>;

export const LedgerAccountEntity = defineEntity({
  name: 'LedgerAccount',
  tableName: 'ledger_accounts',
  properties: {
    id: p.bigint('number').primary(),
    accountId: p.string(),
    mode: modeProp(),
    kind: p.string(),
    currency: p.string(),
    internal: p.boolean(),
    balance: p.bigint('bigint'),
  },
});
export type LedgerAccount = InferEntity<typeof LedgerAccountEntity>;

export const BalanceTransactionEntity = defineEntity({
  name: 'BalanceTransaction',
  tableName: 'balance_transactions',
  properties: {
    id: p.string().primary(),
    accountId: p.string(),
    mode: modeProp(),
    type: p.string(),
    sourceId: p.string(),
    amount: p.bigint('bigint'),
    fee: p.bigint('bigint'),
    currency: p.string(),
    status: p.string(),
    description: p.string().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type BalanceTransaction = InferEntity<typeof BalanceTransactionEntity>;

export const TopUpEntity = defineEntity({
  name: 'TopUp',
  tableName: 'top_ups',
  properties: {
    id: p.string().primary(),
    accountId: p.string(),
    mode: modeProp(),
    amount: p.bigint('number'),
    currency: p.string(),
    status: p.enum(topUpStatuses),
    description: p.string().nullable(),
    metadata: p.json<Record<string, string>>(),
    idempotencyKey: p.string(),
    balanceTransactionId: p.string().nullable(),
    /** `test_helper` (sandbox) or `provider` (a credit to a live connection's payout account). */
    source: p.enum(topUpSources),
    /** The provider's transaction id of a `provider` top-up; null otherwise. */
    providerReference: p.string().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type TopUp = InferEntity<typeof TopUpEntity>;

export const EventEntity = defineEntity({
  name: 'Event',
  tableName: 'events',
  properties: {
    id: p.string().primary(),
    accountId: p.string(),
    mode: modeProp(),
    type: p.string(),
    /** The resource as GET showed it; read through ExactJsonType so a sum past 2^53 paise keeps its digits. */
    data: p.type(ExactJsonType).$type<Record<string, unknown>>(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type Event = InferEntity<typeof EventEntity>;

export const BeneficiaryEntity = defineEntity({
  name: 'Beneficiary',
  tableName: 'beneficiaries',
  properties: {
    id: p.string().primary(),
    accountId: p.string(),
    mode: modeProp(),
    name: p.string(),
    type: p.enum(['bank_account', 'vpa'] as const),
    accountNumber: p.string().nullable(),
    ifsc: p.string().nullable(),
    vpa: p.string().nullable(),
    email: p.string().nullable(),
    phone: p.string().nullable(),
    metadata: p.json<Record<string, string>>(),
    active: p.boolean(),
    createdAt: p.datetime().onCreate(() => new Date()),
    deactivatedAt: p.datetime().nullable(),
    /** The key that created it (the approval policy's `beneficiaries[new]` asks whether a maker key did). */
    createdByKeyId: p.string().nullable(),
  },
});
export type Beneficiary = InferEntity<typeof BeneficiaryEntity>;

/** One verification of a beneficiary (src/db/beneficiary-verifications.ts writes them; never changed once ended). */
export const BeneficiaryVerificationEntity = defineEntity({
  name: 'BeneficiaryVerification',
  tableName: 'beneficiary_verifications',
  properties: {
    id: p.string().primary(),
    beneficiaryId: p.string(),
    accountId: p.string(),
    mode: modeProp(),
    status: p.enum(verificationStatuses),
    nameAtBank: p.string().nullable(),
    nameMatchScore: p.integer().nullable(),
    nameMatchResult: p.enum(['match', 'partial', 'mismatch'] as const).nullable(),
    failureCode: p.string().nullable(),
    failureMessage: p.string().nullable(),
    connectionId: p.string().nullable(),
    providerValidationId: p.string().nullable(),
    fee: p.bigint('number').nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    endedAt: p.datetime().nullable(),
  },
});
export type BeneficiaryVerification = InferEntity<typeof BeneficiaryVerificationEntity>;

export const PayoutEntity = defineEntity({
  name: 'Payout',
  tableName: 'payouts',
  properties: {
    id: p.string().primary(),
    accountId: p.string(),
    mode: modeProp(),
    beneficiaryId: p.string(),
    amount: p.bigint('number'),
    currency: p.string(),
    transferMode: p.string(),
    status: p.enum(payoutStatuses),
    failureCode: p.string().nullable(),
    failureMessage: p.string().nullable(),
    utr: p.string().nullable(),
    batchId: p.string().nullable(),
    reference: p.string().nullable(),
    narration: p.string().nullable(),
    metadata: p.json<Record<string, string>>(),
    idempotencyKey: p.string(),
    createdAt: p.datetime().onCreate(() => new Date()),
    completedAt: p.datetime().nullable(),
    failedAt: p.datetime().nullable(),
    reversedAt: p.datetime().nullable(),
    /** The creating request's Sandbox-Simulate webhook values, which its later events inherit. */
    sandboxSimulate: p.array(),
    /** The provider's id of a live payout; null in the sandbox and until the provider answers. */
    providerReference: p.string().nullable(),
    /** Paise the provider charged, GST included; 0 in the sandbox. */
    fees: p.bigint('number').default(0),
    /** The provider's own words for a failure (source, reason, description), beside our code. */
    // Written as JSON text (a status change writes only scalar columns: src/db/row-update.ts); the jsonb column may
    // read back parsed: providerFailureOf reads either.
    failureProvider: p.string().columnType('jsonb').nullable(),
    /** Live: the connection that carried it (bound when it is first sent) and the payout account number it left from. */
    connectionId: p.string().nullable(),
    payoutAccountNumber: p.string().nullable(),
    /** What a payout that waits for approval waits with (an ApprovalRecord), written as JSON text like failureProvider. */
    approval: p.string().columnType('jsonb').nullable(),
    /** The key that created the payout (a maker's day, its own cancels, a revoked key's waiting payouts). */
    createdByKeyId: p.string().nullable(),
    scheduledAt: p.datetime().nullable(),
    queueIfLowBalance: p.boolean().default(false),
    queuedAt: p.datetime().nullable(),
    /** A queued payout still queued then ends `failed` (insufficient_funds): PAYOUT_QUEUE_SECONDS after it joined. */
    queueExpiresAt: p.datetime().nullable(),
    rejectedAt: p.datetime().nullable(),
    cancelledAt: p.datetime().nullable(),
  },
});
export type Payout = InferEntity<typeof PayoutEntity>;

export const PayoutBatchEntity = defineEntity({
  name: 'PayoutBatch',
  tableName: 'payout_batches',
  properties: {
    id: p.string().primary(),
    accountId: p.string(),
    mode: modeProp(),
    reference: p.string().nullable(),
    idempotencyKey: p.string(),
    status: p.enum(payoutBatchStatuses),
    totalCount: p.integer(),
    totalAmount: p.bigint('bigint'),
    createdAt: p.datetime().onCreate(() => new Date()),
    completedAt: p.datetime().nullable(),
    /** What a batch that waits for approval waits with (a BatchApprovalRecord), as JSON text. */
    approval: p.string().columnType('jsonb').nullable(),
    createdByKeyId: p.string().nullable(),
    scheduledAt: p.datetime().nullable(),
    /** Paise of the batch counted toward its creating key's day (its items less those joined by reference). */
    keyAmount: p.bigint('number').nullable(),
    queueIfLowBalance: p.boolean().default(false),
    approvedAt: p.datetime().nullable(),
    rejectedAt: p.datetime().nullable(),
    cancelledAt: p.datetime().nullable(),
    /** Since when a batch that left its waits has waited for a place among the batches processing (null otherwise). */
    placeWantedAt: p.datetime().nullable(),
  },
});
export type PayoutBatch = InferEntity<typeof PayoutBatchEntity>;

export const PaymentEntity = defineEntity({
  name: 'Payment',
  tableName: 'payments',
  properties: {
    id: p.string().primary(),
    accountId: p.string(),
    mode: modeProp(),
    amount: p.bigint('number'),
    currency: p.string(),
    status: p.enum(paymentStatuses),
    method: p.enum(paymentMethods),
    vpa: p.string().nullable(),
    bank: p.string().nullable(),
    receipt: p.string().nullable(),
    customerId: p.string().nullable(),
    description: p.string().nullable(),
    metadata: p.json<Record<string, string>>(),
    amountRefunded: p.bigint('number'),
    failureCode: p.string().nullable(),
    failureMessage: p.string().nullable(),
    settlementId: p.string().nullable(),
    /** Set on the charges of a collection: which collection, cycle and attempt this payment is. */
    collectionId: p.string().nullable(),
    collectionCycle: p.integer().nullable(),
    collectionAttempt: p.integer().nullable(),
    /** Set on the payments made on a payment link. */
    paymentLinkId: p.string().nullable(),
    idempotencyKey: p.string(),
    createdAt: p.datetime().onCreate(() => new Date()),
    capturedAt: p.datetime().nullable(),
    failedAt: p.datetime().nullable(),
    /** The creating request's Sandbox-Simulate webhook values, which its later events inherit. */
    sandboxSimulate: p.array(),
    /** Live: the provider's id of the payment, and its fee (GST included; recorded at capture). */
    providerReference: p.string().nullable(),
    /** Live: the provider's order made for this payment at submit: its events are matched through it. */
    providerOrderReference: p.string().nullable(),
    fee: p.bigint('number').default(0),
    /** Live: what the customer must do while the payment is pending ({type, url}); null when nothing. */
    nextAction: p.json<{ type: 'upi_intent' | 'upi_collect' | 'redirect'; url: string | null }>().nullable(),
    /** Where netbanking sends the customer back. */
    returnUrl: p.string().nullable(),
    /** Live: the paying customer's IP address and user agent as the caller gave them (sent to the provider, never made up). */
    customerIp: p.text().nullable(),
    userAgent: p.text().nullable(),
    /** Live: the connection that carried it (its lookups and refunds go there). */
    connectionId: p.string().nullable(),
  },
});
export type Payment = InferEntity<typeof PaymentEntity>;

export const RefundEntity = defineEntity({
  name: 'Refund',
  tableName: 'refunds',
  properties: {
    id: p.string().primary(),
    accountId: p.string(),
    mode: modeProp(),
    paymentId: p.string(),
    amount: p.bigint('number'),
    currency: p.string(),
    status: p.enum(refundStatuses),
    reason: p.string().nullable(),
    metadata: p.json<Record<string, string>>(),
    failureCode: p.string().nullable(),
    failureMessage: p.string().nullable(),
    utr: p.string().nullable(),
    idempotencyKey: p.string(),
    createdAt: p.datetime().onCreate(() => new Date()),
    processedAt: p.datetime().nullable(),
    failedAt: p.datetime().nullable(),
    /** The creating request's Sandbox-Simulate webhook values, which its later events inherit. */
    sandboxSimulate: p.array(),
    /** Live: the provider's id of the refund. */
    providerReference: p.string().nullable(),
    /** Live: the connection that carried it (its payment's). */
    connectionId: p.string().nullable(),
    /** A maker key's refund: the key whose daily amount it counts toward (null for other keys). */
    createdByKeyId: p.string().nullable(),
  },
});
export type Refund = InferEntity<typeof RefundEntity>;

export const SettlementEntity = defineEntity({
  name: 'Settlement',
  tableName: 'settlements',
  properties: {
    id: p.string().primary(),
    accountId: p.string(),
    mode: modeProp(),
    amount: p.bigint('bigint'),
    currency: p.string(),
    paymentCount: p.integer(),
    status: p.enum(settlementStatuses),
    utr: p.string(),
    /** The provider's id of a live settlement (null in the sandbox): each one becomes ours once. */
    providerReference: p.string().nullable(),
    /** What the provider kept of the settled payments, GST included (0 in the sandbox; recorded at capture). */
    fees: p.bigint('bigint').default(0),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type Settlement = InferEntity<typeof SettlementEntity>;

export const WebhookEndpointEntity = defineEntity({
  name: 'WebhookEndpoint',
  tableName: 'webhook_endpoints',
  properties: {
    id: p.string().primary(),
    accountId: p.string(),
    mode: modeProp(),
    url: p.string(),
    description: p.string().nullable(),
    enabledEvents: p.array(),
    /** `whsec_...`, kept to sign deliveries (not encrypted at rest: out of scope for now). */
    secret: p.string(),
    createdAt: p.datetime().onCreate(() => new Date()),
    /** Set by DELETE: the endpoint is gone for callers and its pending deliveries stop. */
    deletedAt: p.datetime().nullable(),
  },
});
export type WebhookEndpoint = InferEntity<typeof WebhookEndpointEntity>;

/** One HTTP attempt of one delivery workflow (webhook/{event}/{endpoint}[/...]). */
export const WebhookDeliveryEntity = defineEntity({
  name: 'WebhookDelivery',
  tableName: 'webhook_deliveries',
  properties: {
    id: p.string().primary(),
    accountId: p.string(),
    mode: modeProp(),
    eventId: p.string(),
    endpointId: p.string(),
    workflowId: p.string(),
    attempt: p.integer(),
    succeeded: p.boolean(),
    statusCode: p.integer().nullable(),
    error: p.text().nullable(),
    durationMs: p.integer(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type WebhookDelivery = InferEntity<typeof WebhookDeliveryEntity>;

export const CustomerEntity = defineEntity({
  name: 'Customer',
  tableName: 'customers',
  properties: {
    id: p.string().primary(),
    accountId: p.string(),
    mode: modeProp(),
    name: p.string(),
    email: p.string().nullable(),
    phone: p.string().nullable(),
    vpa: p.string().nullable(),
    metadata: p.json<Record<string, string>>(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()),
  },
});
export type Customer = InferEntity<typeof CustomerEntity>;

export const CollectionEntity = defineEntity({
  name: 'Collection',
  tableName: 'collections',
  properties: {
    id: p.string().primary(),
    accountId: p.string(),
    mode: modeProp(),
    customerId: p.string(),
    /** The mandate it charges through; null only for a collection that ended before mandates. */
    mandateId: p.string().nullable(),
    amount: p.bigint('number'),
    currency: p.string(),
    schedule: p.enum(collectionSchedules),
    dayOfMonth: p.integer().nullable(),
    startAt: p.datetime(),
    totalCount: p.integer().nullable(),
    description: p.string().nullable(),
    metadata: p.json<Record<string, string>>(),
    status: p.enum(collectionStatuses),
    paidCount: p.integer(),
    failedCount: p.integer(),
    currentCycle: p.integer(),
    cycleAttempts: p.integer(),
    nextChargeAt: p.datetime().nullable(),
    latestPaymentId: p.string().nullable(),
    stateVersion: p.integer(),
    idempotencyKey: p.string(),
    createdAt: p.datetime().onCreate(() => new Date()),
    pausedAt: p.datetime().nullable(),
    haltedAt: p.datetime().nullable(),
    cancelledAt: p.datetime().nullable(),
    completedAt: p.datetime().nullable(),
    /** `mandate_paused` when its mandate's pause paused it (only those resume with the mandate). */
    pauseReason: p.string().nullable(),
    /** Why it was cancelled when not by the business: mandate_revoked, mandate_expired, mandate_limit, mandate_required. */
    cancelReason: p.string().nullable(),
    /** The page of the mandate made for it, where the customer approves; shown while the collection is `created`. */
    authorizationUrl: p.string().nullable(),
  },
});
export type Collection = InferEntity<typeof CollectionEntity>;

export const PaymentLinkEntity = defineEntity({
  name: 'PaymentLink',
  tableName: 'payment_links',
  properties: {
    id: p.string().primary(),
    accountId: p.string(),
    mode: modeProp(),
    amount: p.bigint('number'),
    amountPaid: p.bigint('number'),
    currency: p.string(),
    description: p.text().nullable(),
    customerName: p.string().nullable(),
    customerEmail: p.string().nullable(),
    customerPhone: p.string().nullable(),
    referenceId: p.string().nullable(),
    acceptPartial: p.boolean(),
    firstMinPartialAmount: p.bigint('number').nullable(),
    status: p.enum(paymentLinkStatuses),
    expireBy: p.datetime(),
    shortUrl: p.text(),
    callbackUrl: p.text().nullable(),
    metadata: p.json<Record<string, string>>(),
    paymentIds: p.array(),
    stateVersion: p.integer(),
    idempotencyKey: p.string(),
    createdAt: p.datetime().onCreate(() => new Date()),
    paidAt: p.datetime().nullable(),
    expiredAt: p.datetime().nullable(),
    cancelledAt: p.datetime().nullable(),
    /** A live link's single-use UPI QR code at the provider (null in the sandbox, or when none is open). */
    qrProviderReference: p.string().nullable(),
    /** Its `upi://pay?...` content, which the page draws. */
    qrContent: p.text().nullable(),
    qrCloseBy: p.datetime().nullable(),
    /** The paise it takes (what was due when it was made). */
    qrAmount: p.bigint('number').nullable(),
    /** Live: the connection its QR codes are made at. */
    connectionId: p.string().nullable(),
  },
});
export type PaymentLink = InferEntity<typeof PaymentLinkEntity>;

export const MandateEntity = defineEntity({
  name: 'Mandate',
  tableName: 'mandates',
  properties: {
    id: p.string().primary(),
    accountId: p.string(),
    mode: modeProp(),
    customerId: p.string(),
    vpa: p.string(),
    maxAmount: p.bigint('number'),
    frequency: p.enum(mandateFrequencies),
    startAt: p.datetime(),
    expireAt: p.datetime(),
    status: p.enum(mandateStatuses),
    authorizationUrl: p.text(),
    authorizationExpiresAt: p.datetime(),
    authorizationStartedAt: p.datetime().nullable(),
    providerReference: p.string().nullable(),
    providerCustomerReference: p.text().nullable(),
    providerRegistrationReference: p.text().nullable(),
    authorizationIntentUrl: p.text().nullable(),
    /** Live: the customer's IP address and user agent as the caller gave them, sent with the registration. */
    customerIp: p.text().nullable(),
    userAgent: p.text().nullable(),
    description: p.text().nullable(),
    metadata: p.json<Record<string, string>>(),
    stateVersion: p.integer(),
    idempotencyKey: p.string(),
    createdAt: p.datetime().onCreate(() => new Date()),
    activatedAt: p.datetime().nullable(),
    pausedAt: p.datetime().nullable(),
    resumedAt: p.datetime().nullable(),
    revokedAt: p.datetime().nullable(),
    rejectedAt: p.datetime().nullable(),
    expiredAt: p.datetime().nullable(),
    /** Live: the connection it is registered at (its debits and revocation go there). */
    connectionId: p.string().nullable(),
  },
});
export type Mandate = InferEntity<typeof MandateEntity>;

export const ReportEntity = defineEntity({
  name: 'Report',
  tableName: 'reports',
  properties: {
    id: p.string().primary(),
    accountId: p.string(),
    mode: modeProp(),
    /** `YYYY-MM-DD`, days of the Asia/Kolkata calendar. */
    fromDate: p.string(),
    toDate: p.string(),
    format: p.enum(reportFormats),
    status: p.enum(reportStatuses),
    requestedAt: p.datetime(),
    rowCount: p.bigint('number').nullable(),
    size: p.bigint('number').nullable(),
    sha256: p.string().nullable(),
    failureMessage: p.text().nullable(),
    idempotencyKey: p.string(),
    createdAt: p.datetime().onCreate(() => new Date()),
    readyAt: p.datetime().nullable(),
    failedAt: p.datetime().nullable(),
  },
});
export type Report = InferEntity<typeof ReportEntity>;

/** A connection's statuses: a disabled one refuses new money movement but still takes webhooks and reconciles. */
export const connectionStatuses = ['active', 'disabled'] as const;
export type ConnectionStatus = (typeof connectionStatuses)[number];

/** An account's connection to a payment provider (live mode). The secrets are sealed (src/db/connections.ts). */
export const ConnectionEntity = defineEntity({
  name: 'Connection',
  tableName: 'connections',
  properties: {
    id: p.string().primary(),
    accountId: p.string(),
    provider: p.string(),
    keyId: p.string(),
    /** Sealed with SECRETS_KEY, bound to this row. */
    keySecret: p.text(),
    /** Sealed with SECRETS_KEY, bound to this row; the inbound webhook route opens it to verify signatures. */
    webhookSecret: p.text(),
    /** The webhook secret before the last rotation, sealed, valid until previousWebhookSecretExpiresAt (24 h). */
    previousWebhookSecret: p.text().nullable(),
    previousWebhookSecretExpiresAt: p.datetime().nullable(),
    /** Never read: UPI collect was retired (NPCI, 28 February 2026); the column stays for rows written before. */
    upiCollect: p.boolean().default(false),
    payoutAccountNumber: p.string().nullable(),
    baseUrl: p.string(),
    status: p.enum(connectionStatuses),
    reconciliationCursor: p.text().nullable(),
    /** How far the settlements sync has read the provider's settlements (its own cursor). */
    settlementsCursor: p.text().nullable(),
    /** When the last reconciliation ended, the provider's balance it read and the difference from ours (never corrected). */
    reconciledAt: p.datetime().nullable(),
    reconciliationProviderBalance: p.bigint('number').nullable(),
    reconciliationDifference: p.bigint('number').nullable(),
    /** How many reconciliations found a difference. */
    reconciliationDifferencesFound: p.integer().default(0),
    /** The newest connection of the same provider account, when this one was an older duplicate (disabled). */
    supersededBy: p.string().nullable(),
    /** Counts key rotations and settings updates, so a worker drops what it built from older ones. */
    credentialsVersion: p.integer().default(0),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type Connection = InferEntity<typeof ConnectionEntity>;

export const entities = [
  AccountEntity,
  ApiKeyEntity,
  IdempotencyRecordEntity,
  LedgerAccountEntity,
  BalanceTransactionEntity,
  TopUpEntity,
  EventEntity,
  BeneficiaryEntity,
  BeneficiaryVerificationEntity,
  PayoutEntity,
  PayoutBatchEntity,
  PaymentEntity,
  RefundEntity,
  SettlementEntity,
  WebhookEndpointEntity,
  WebhookDeliveryEntity,
  CustomerEntity,
  CollectionEntity,
  PaymentLinkEntity,
  MandateEntity,
  ReportEntity,
  ConnectionEntity,
];
