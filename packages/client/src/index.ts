// The caller-facing library: `import { Paygate } from '@paygate/client'`. One resource object per API resource,
// named after its URL in camelCase, with create / retrieve / list / actions; types from the OpenAPI document;
// lists that page on by themselves; POSTs that always carry an idempotency key and are retried with it (see
// ./http.ts for the one retry rule). No dependencies beyond `fetch` and Web Crypto; never logs anything.
import { type ClientSettings, type RequestOptions, send } from './http.ts';
import type { BodyOf, ItemOf, OperationId, Page, QueryOf, ResultOf } from './types.ts';
import { verifyWebhook } from './webhooks.ts';

export * from './errors.ts';
export type * from './types.ts';
export type { RequestOptions } from './http.ts';
export { verifyWebhook, WebhookSignatureError, type DeliveryHeaders, type VerifyOptions } from './webhooks.ts';

export interface PaygateOptions {
  /** The server's origin, default `http://127.0.0.1:3000`; a trailing `/v1` is accepted and not doubled. */
  baseUrl?: string;
  /** Retries after the first try (network errors, 409 idempotency_key_in_use, 429, 5xx); default 2. */
  maxRetries?: number;
  /** Per try, default 60 s. */
  timeoutMs?: number;
  /** First backoff step (it doubles, with full jitter, up to 8 s), default 500 ms. */
  initialRetryDelayMs?: number;
  /** A `fetch` to use instead of the global one. */
  fetch?: typeof fetch;
}

/**
 * A list: `for await (const p of paygate.payouts.list({ status: 'completed' }))` walks every item, fetching
 * pages (of `limit`, default 100) as it goes; `await paygate.payouts.list()` is the first page.
 */
export class ListIterator<T extends { id: string }> implements AsyncIterable<T>, PromiseLike<Page<T>> {
  readonly #fetchPage: (startingAfter: string | undefined) => Promise<Page<T>>;

  constructor(fetchPage: (startingAfter: string | undefined) => Promise<Page<T>>) {
    this.#fetchPage = fetchPage;
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    let after: string | undefined;
    for (;;) {
      const page = await this.#fetchPage(after);
      yield* page.data;
      if (!page.has_more || page.data.length === 0) return;
      after = page.data[page.data.length - 1].id;
    }
  }

  /** Every item, collected (at most `max`, default 10,000, so a runaway list cannot fill memory). */
  async toArray(max = 10_000): Promise<T[]> {
    const out: T[] = [];
    for await (const item of this) {
      if (out.length >= max) break;
      out.push(item);
    }
    return out;
  }

  then<R1 = Page<T>, R2 = never>(onFulfilled?: ((page: Page<T>) => R1 | PromiseLike<R1>) | null, onRejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null): Promise<R1 | R2> {
    return this.#fetchPage(undefined).then(onFulfilled, onRejected);
  }
}

const segment = (id: string) => encodeURIComponent(id);

function settingsOf(apiKey: string, options: PaygateOptions): ClientSettings {
  if (typeof apiKey !== 'string' || apiKey.length === 0) throw new TypeError('Paygate needs an API key (sk_sandbox_... or sk_live_...)');
  const fetchImpl = options.fetch ?? globalThis.fetch;
  if (typeof fetchImpl !== 'function') throw new TypeError('Paygate needs fetch (Node 18+ or a browser), or options.fetch');
  return {
    apiKey,
    baseUrl: (options.baseUrl ?? 'http://127.0.0.1:3000').replace(/\/+$/, '').replace(/\/v1$/, ''),
    maxRetries: options.maxRetries ?? 2,
    timeoutMs: options.timeoutMs ?? 60_000,
    initialDelayMs: options.initialRetryDelayMs ?? 500,
    maxDelayMs: 8_000,
    fetch: fetchImpl.bind(globalThis),
  };
}

export class Paygate {
  readonly #settings: ClientSettings;

  readonly balance;
  readonly balanceTransactions;
  readonly beneficiaries;
  readonly customers;
  readonly payouts;
  readonly payoutBatches;
  readonly approvalPolicy;
  readonly payments;
  readonly refunds;
  readonly settlements;
  readonly collections;
  readonly paymentLinks;
  readonly mandates;
  readonly reports;
  readonly events;
  readonly webhookEndpoints;
  readonly topUps;
  readonly testHelpers;
  readonly webhooks;

  constructor(apiKey: string, options: PaygateOptions = {}) {
    this.#settings = settingsOf(apiKey, options);

    const get = <K extends OperationId>(path: string, query?: QueryOf<K>, options?: RequestOptions) =>
      send<ResultOf<K>>(this.#settings, { method: 'GET', path, query: query as Record<string, unknown> | undefined }, options);
    const post = <K extends OperationId>(path: string, body?: BodyOf<K>, options?: RequestOptions) =>
      send<ResultOf<K>>(this.#settings, { method: 'POST', path, body }, options);
    const del = <K extends OperationId>(path: string, options?: RequestOptions) => send<ResultOf<K>>(this.#settings, { method: 'DELETE', path }, options);
    const list = <K extends OperationId>(path: string, query: QueryOf<K> | undefined, options?: RequestOptions) =>
      new ListIterator<ItemOf<K> & { id: string }>((after) =>
        send<Page<ItemOf<K> & { id: string }>>(
          this.#settings,
          { method: 'GET', path, query: { ...(query as Record<string, unknown>), ...(after ? { starting_after: after } : {}) } },
          options,
        ),
      );

    /** `create` by POST to `path`. */
    const creatable = <C extends OperationId>(path: string) => ({
      create: (params: BodyOf<C>, options?: RequestOptions) => post<C>(path, params, options),
    });
    /** `retrieve` (GET `path/{id}`) and `list` (GET `path`). */
    const readable = <R extends OperationId, L extends OperationId>(path: string) => ({
      retrieve: (id: string, options?: RequestOptions) => get<R>(`${path}/${segment(id)}`, undefined, options),
      list: (query?: QueryOf<L>, options?: RequestOptions) => list<L>(path, query, options),
    });

    this.balance = {
      retrieve: (options?: RequestOptions) => get<'getBalance'>('/v1/balance', undefined, options),
    };
    this.balanceTransactions = {
      list: (query?: QueryOf<'listBalanceTransactions'>, options?: RequestOptions) => list<'listBalanceTransactions'>('/v1/balance_transactions', query, options),
    };
    this.beneficiaries = {
      ...creatable<'createBeneficiary'>('/v1/beneficiaries'),
      ...readable<'getBeneficiary', 'listBeneficiaries'>('/v1/beneficiaries'),
      delete: (id: string, options?: RequestOptions) => del<'deleteBeneficiary'>(`/v1/beneficiaries/${segment(id)}`, options),
      /** Starts a verification (or answers the one pending): the beneficiary with `verification` `pending`; it ends by itself. */
      verify: (id: string, options?: RequestOptions) => post<'verifyBeneficiary'>(`/v1/beneficiaries/${segment(id)}/verify`, undefined, options),
    };
    this.customers = {
      ...creatable<'createCustomer'>('/v1/customers'),
      ...readable<'getCustomer', 'listCustomers'>('/v1/customers'),
      update: (id: string, params: BodyOf<'updateCustomer'>, options?: RequestOptions) => post<'updateCustomer'>(`/v1/customers/${segment(id)}`, params, options),
    };
    this.payouts = {
      ...creatable<'createPayout'>('/v1/payouts'),
      ...readable<'getPayout', 'listPayouts'>('/v1/payouts'),
      /** An approver's (or another holder's full key's) approval of a `pending_approval` payout. */
      approve: (id: string, options?: RequestOptions) => post<'approvePayout'>(`/v1/payouts/${segment(id)}/approve`, undefined, options),
      reject: (id: string, params?: BodyOf<'rejectPayout'>, options?: RequestOptions) => post<'rejectPayout'>(`/v1/payouts/${segment(id)}/reject`, params, options),
      /** Ends a payout that waits (`pending_approval`, `scheduled`) `cancelled`. */
      cancel: (id: string, options?: RequestOptions) => post<'cancelPayout'>(`/v1/payouts/${segment(id)}/cancel`, undefined, options),
    };
    this.approvalPolicy = {
      retrieve: (options?: RequestOptions) => get<'getApprovalPolicy'>('/v1/approval_policy', undefined, options),
      update: (params: BodyOf<'updateApprovalPolicy'>, options?: RequestOptions) => post<'updateApprovalPolicy'>('/v1/approval_policy', params, options),
    };
    this.payoutBatches = {
      ...creatable<'createPayoutBatch'>('/v1/payout_batches'),
      ...readable<'getPayoutBatch', 'listPayoutBatches'>('/v1/payout_batches'),
      /** Approves a batch that waits as a whole (its items cannot be approved one by one). */
      approve: (id: string, options?: RequestOptions) => post<'approvePayoutBatch'>(`/v1/payout_batches/${segment(id)}/approve`, undefined, options),
      reject: (id: string, params?: BodyOf<'rejectPayoutBatch'>, options?: RequestOptions) => post<'rejectPayoutBatch'>(`/v1/payout_batches/${segment(id)}/reject`, params, options),
      cancel: (id: string, options?: RequestOptions) => post<'cancelPayoutBatch'>(`/v1/payout_batches/${segment(id)}/cancel`, undefined, options),
    };
    this.payments = { ...creatable<'createPayment'>('/v1/payments'), ...readable<'getPayment', 'listPayments'>('/v1/payments') };
    this.refunds = { ...creatable<'createRefund'>('/v1/refunds'), ...readable<'getRefund', 'listRefunds'>('/v1/refunds') };
    this.settlements = readable<'getSettlement', 'listSettlements'>('/v1/settlements');
    const collectionAction = (action: 'pause' | 'resume' | 'cancel') => (id: string, options?: RequestOptions) =>
      post<'collectionAction'>(`/v1/collections/${segment(id)}/${action}`, undefined, options);
    this.collections = {
      ...creatable<'createCollection'>('/v1/collections'),
      ...readable<'getCollection', 'listCollections'>('/v1/collections'),
      pause: collectionAction('pause'),
      resume: collectionAction('resume'),
      cancel: collectionAction('cancel'),
    };
    this.paymentLinks = {
      ...creatable<'createPaymentLink'>('/v1/payment_links'),
      ...readable<'getPaymentLink', 'listPaymentLinks'>('/v1/payment_links'),
      cancel: (id: string, options?: RequestOptions) => post<'cancelPaymentLink'>(`/v1/payment_links/${segment(id)}/cancel`, undefined, options),
    };
    this.mandates = {
      ...creatable<'createMandate'>('/v1/mandates'),
      ...readable<'getMandate', 'listMandates'>('/v1/mandates'),
      revoke: (id: string, options?: RequestOptions) => post<'revokeMandate'>(`/v1/mandates/${segment(id)}/revoke`, undefined, options),
    };
    /** Transaction reports: `create` is `POST /v1/reports/transactions`. */
    this.reports = { ...creatable<'createReport'>('/v1/reports/transactions'), ...readable<'getReport', 'listReports'>('/v1/reports') };
    this.events = {
      ...readable<'getEvent', 'listEvents'>('/v1/events'),
      redeliver: (id: string, options?: RequestOptions) => post<'redeliverEvent'>(`/v1/events/${segment(id)}/redeliver`, undefined, options),
    };
    this.webhookEndpoints = {
      ...creatable<'createWebhookEndpoint'>('/v1/webhook_endpoints'),
      ...readable<'getWebhookEndpoint', 'listWebhookEndpoints'>('/v1/webhook_endpoints'),
      delete: (id: string, options?: RequestOptions) => del<'deleteWebhookEndpoint'>(`/v1/webhook_endpoints/${segment(id)}`, options),
      listDeliveries: (id: string, query?: QueryOf<'listWebhookDeliveries'>, options?: RequestOptions) =>
        list<'listWebhookDeliveries'>(`/v1/webhook_endpoints/${segment(id)}/deliveries`, query, options),
    };
    this.topUps = readable<'getTopUp', 'listTopUps'>('/v1/top_ups');
    const payoutHelper = (action: 'complete' | 'fail' | 'reverse' | 'advance') => (id: string, options?: RequestOptions) =>
      post<'payoutTestHelper'>(`/v1/test_helpers/payouts/${segment(id)}/${action}`, undefined, options);
    /** Sandbox keys only. */
    this.testHelpers = {
      topUps: creatable<'createTopUp'>('/v1/test_helpers/top_ups'),
      payouts: { complete: payoutHelper('complete'), fail: payoutHelper('fail'), reverse: payoutHelper('reverse'), advance: payoutHelper('advance') },
      payoutBatches: { advance: (id: string, options?: RequestOptions) => post<'advancePayoutBatch'>(`/v1/test_helpers/payout_batches/${segment(id)}/advance`, undefined, options) },
      settlements: { run: (params?: BodyOf<'runSettlement'>, options?: RequestOptions) => post<'runSettlement'>('/v1/test_helpers/settlements/run', params, options) },
      collections: { advance: (id: string, options?: RequestOptions) => post<'advanceCollection'>(`/v1/test_helpers/collections/${segment(id)}/advance`, undefined, options) },
      mandates: {
        pause: (id: string, options?: RequestOptions) => post<'testPauseMandate'>(`/v1/test_helpers/mandates/${segment(id)}/pause`, undefined, options),
        resume: (id: string, options?: RequestOptions) => post<'testResumeMandate'>(`/v1/test_helpers/mandates/${segment(id)}/resume`, undefined, options),
        revoke: (id: string, options?: RequestOptions) => post<'testRevokeMandate'>(`/v1/test_helpers/mandates/${segment(id)}/revoke`, undefined, options),
      },
    };
    /** `verify` is `verifyWebhook` of `@paygate/client/webhooks`: the same function, not a copy. */
    this.webhooks = { verify: verifyWebhook };
  }
}
