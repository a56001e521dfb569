// GENERATED FILE, do not edit: `npm run generate:client` writes it with openapi-typescript from the service's
// OpenAPI document (GET /v1/openapi.json). The client's written code is outside this folder.
/* eslint-disable */
export type paths = {
    "/v1/test_helpers/top_ups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Credit the sandbox balance (sandbox keys only) */
        post: operations["createTopUp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/top_ups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List top-ups (sandbox test helpers; live deposits at the provider), newest first */
        get: operations["listTopUps"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/top_ups/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve a top-up */
        get: operations["getTopUp"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Current balance of this mode */
        get: operations["getBalance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/balance_transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List ledger movements, newest first */
        get: operations["listBalanceTransactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/beneficiaries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List beneficiaries, newest first */
        get: operations["listBeneficiaries"];
        put?: never;
        /** Create a beneficiary (a bank account or a UPI ID to pay out to) */
        post: operations["createBeneficiary"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/beneficiaries/{id}/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify a beneficiary: ask its bank whose name the account or UPI ID is in, and compare it with `name`
         * @description Answers the beneficiary with `verification` `pending`; it ends by itself (`beneficiary.verified` or `beneficiary.verification_failed`). Asking again while it is pending returns it; after it ended a new one starts. At most 3 a day per beneficiary (`429`). Live keys need an active provider connection.
         */
        post: operations["verifyBeneficiary"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/beneficiaries/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve a beneficiary */
        get: operations["getBeneficiary"];
        put?: never;
        post?: never;
        /**
         * Deactivate a beneficiary (it takes no new payouts; deleting again changes nothing)
         * @description The beneficiary is not removed: payouts refer to it, so GET and lists still show it, with `active: false`.
         */
        delete: operations["deleteBeneficiary"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List customers, newest first (filter email) */
        get: operations["listCustomers"];
        put?: never;
        /** Create a customer (who pays; `vpa` is the UPI mandate collections charge) */
        post: operations["createCustomer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve a customer */
        get: operations["getCustomer"];
        put?: never;
        /**
         * Update a customer: the fields given change, the others stay; a new `vpa` is used from the next charge on
         * @description Every parameter is optional. `metadata` is merged into the existing metadata: the keys given are set, a key given an empty value is removed, the others stay.
         */
        post: operations["updateCustomer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payouts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List payouts, newest first (filters status, batch_id, beneficiary_id) */
        get: operations["listPayouts"];
        put?: never;
        /** Send money to a beneficiary; answers `initiated` once the amount is reserved */
        post: operations["createPayout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payouts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve a payout */
        get: operations["getPayout"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payouts/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve a payout that waits `pending_approval` (an approver or full key of another holder than its creator's); with the approvals it needs it goes on */
        post: operations["approvePayout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payouts/{id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reject a payout that waits `pending_approval`: it ends `rejected` (`approval_rejected`), no money moves */
        post: operations["rejectPayout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payouts/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a payout that waits (`pending_approval`, `scheduled`, `queued`): it ends `cancelled`, no money moves */
        post: operations["cancelPayout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test_helpers/payouts/{id}/{action}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sandbox: complete, fail or reverse a payout by hand, or `advance` a waiting one's time to now (a scheduled payout goes on, a pending_approval one reaches its expires_at) */
        post: operations["payoutTestHelper"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payout_batches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List payout batches, newest first (filter status) */
        get: operations["listPayoutBatches"];
        put?: never;
        /**
         * Send up to 10,000 payouts at once; answers at once with the batch (`processing`)
         * @description Refused whole (400) only when malformed: not a list, empty, over 10,000 items, an item without `idempotency_key`, a key repeated inside the batch, or an item field of the wrong shape. Every other problem (unknown beneficiary, a mode that does not fit, insufficient funds) fails that item only. An item whose key already created a payout joins the batch by reference; no money moves twice. Body limit 20 MiB.
         */
        post: operations["createPayoutBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payout_batches/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve a payout batch with live counts (its payouts: GET /v1/payouts?batch_id=) */
        get: operations["getPayoutBatch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payout_batches/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve a payout batch that waits `pending_approval`, as a whole (by an approver or full key of a holder that created none of its items) */
        post: operations["approvePayoutBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payout_batches/{id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reject a payout batch that waits `pending_approval`: it and its waiting items end `rejected`, no money moves */
        post: operations["rejectPayoutBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payout_batches/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a payout batch that waits (`pending_approval`, `scheduled`): it and its waiting items end `cancelled`, no money moves */
        post: operations["cancelPayoutBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test_helpers/payout_batches/{id}/advance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sandbox: bring a waiting batch's time to now (a scheduled batch goes on, a pending_approval one reaches its expires_at) */
        post: operations["advancePayoutBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List payments, newest first (filters status, customer_id, receipt, settlement_id, collection_id, payment_link_id) */
        get: operations["listPayments"];
        put?: never;
        /**
         * Accept money from a customer; answers with the outcome, or `pending` after up to 10 s
         * @description Methods: `upi` with `vpa`, `netbanking` with `bank`; any other method is 400 invalid_method. The call waits for the outcome (`captured` or `failed` with `payment_declined`) and otherwise answers `pending`; `payment.captured` or `payment.failed` follows. Sandbox: `success@upi` captures, `failure@upi` is declined, `slow@upi` stays pending for 30 s; netbanking bank `FAIL` is declined, `SLOW` is slow. Captured money enters `pending` until the next settlement.
         */
        post: operations["createPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve a payment */
        get: operations["getPayment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/refunds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List refunds, newest first (filters payment_id, status) */
        get: operations["listRefunds"];
        put?: never;
        /**
         * Give back all or part of a captured payment; answers `pending` once the amount is reserved
         * @description Only a `captured` payment can be refunded (409 invalid_state). Refunds of one payment never add up to more than it (400 invalid_request, param `amount`). The amount is drawn from `available` (402 insufficient_funds). A refusal creates nothing and leaves the idempotency key free. Then `refund.processed` (the payment's `amount_refunded` grows) or `refund.failed` (the money returns to `available`). Sandbox: refunds of payments made from `reversal@upi` fail.
         */
        post: operations["createRefund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/refunds/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve a refund */
        get: operations["getRefund"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/settlements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List settlements, newest first */
        get: operations["listSettlements"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/settlements/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve a settlement */
        get: operations["getSettlement"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test_helpers/settlements/run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sandbox: settle now; answers with a list of the settlements created (one, or none when nothing was unsettled) */
        post: operations["runSettlement"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/mandates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List mandates, newest first (filters status, customer_id) */
        get: operations["listMandates"];
        put?: never;
        /**
         * Create a UPI AutoPay mandate the customer approves on a hosted page (authorization_url)
         * @description The page shows your business, the maximum amount, the frequency and the validity, and takes the customer's approval. Sandbox: `success@upi` approves, `failure@upi` rejects, `slow@upi` approves after 30 s. Events: `mandate.active`, `mandate.rejected`, `mandate.paused`, `mandate.resumed`, `mandate.revoked`, `mandate.expired`.
         */
        post: operations["createMandate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/mandates/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve a mandate */
        get: operations["getMandate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/mandates/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Revoke an active or paused mandate; anything else is 409 invalid_state */
        post: operations["revokeMandate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test_helpers/mandates/{id}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sandbox: the customer pauses an active mandate in their UPI app */
        post: operations["testPauseMandate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test_helpers/mandates/{id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sandbox: the customer resumes a paused mandate in their UPI app */
        post: operations["testResumeMandate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test_helpers/mandates/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sandbox: the customer revokes the mandate in their UPI app */
        post: operations["testRevokeMandate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/collections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List collections, newest first (filters status, customer_id) */
        get: operations["listCollections"];
        put?: never;
        /**
         * Start charging a customer on a schedule (monthly, weekly or yearly)
         * @description Two ways: `customer_id`, `amount`, `schedule` (the service makes the customer's UPI AutoPay mandate for the collection and answers it `created` with `authorization_url`, the page the customer approves on; once approved it is `active` (`collection.activated`) and the first debit follows the notice; a rejected or unapproved mandate cancels it, `mandate_rejected` / `mandate_not_approved`; cancelling it withdraws the mandate), or `mandate_id` of an `active` mandate (charging starts at once). A mandate backs one open collection (`created`, `active`, `paused` or `halted`): a second is `409 invalid_state`. Each cycle is one payment with `collection_id`, charged to the customer's `vpa` as it is at that moment. A failed charge is retried after 1, 3 and 5 days (one attempt and at most three retries per cycle); after the last failure the collection is `halted`. After `total_count` captured charges it is `completed`. It charges through an `active` mandate only (`409 invalid_state` otherwise), within its `max_amount`, its `frequency` and its validity, never above 1500000 paise a debit; a paused mandate pauses it (`pause_reason: "mandate_paused"`), a revoked or expired one cancels it. Events: `collection.activated`, `collection.upcoming`, `collection.charged`, `collection.failed`, `collection.halted`, `collection.completed`, `collection.paused`, `collection.resumed`, `collection.cancelled`.
         */
        post: operations["createCollection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/collections/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve a collection */
        get: operations["getCollection"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/collections/{id}/{action}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pause (active), resume (paused or halted: from the next due date, no burst) or cancel (not yet cancelled or completed; a created one withdraws its mandate) */
        post: operations["collectionAction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test_helpers/collections/{id}/advance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sandbox: make the next charge attempt now (the next cycle, or the next retry); answers after it, within 2 s. 409 unless active, and at once while a debit is pending at the sandbox bank */
        post: operations["advanceCollection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payment_links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List payment links, newest first (filters status, reference_id) */
        get: operations["listPaymentLinks"];
        put?: never;
        /**
         * Create a link a customer pays by UPI on a hosted page (short_url)
         * @description The page shows your business name, the amount due, the description, a UPI QR code and a form for a UPI ID. A link never collects more than `amount`, takes one payment at a time, and stops at `expire_by` (`payment_link.expired`). Events: `payment_link.partially_paid`, `payment_link.paid`, `payment_link.expired`, `payment_link.cancelled`, besides each payment's own.
         */
        post: operations["createPaymentLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payment_links/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve a payment link */
        get: operations["getPaymentLink"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payment_links/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a link nobody has paid on (status created); anything else is 409 invalid_state */
        post: operations["cancelPaymentLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reports/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Generate a report of every balance transaction in a date range (CSV or JSONL)
         * @description Every balance transaction of the account and mode created on the days `from`..`to` (Asia/Kolkata), oldest first, as of this request: later rows never change the file. Columns `id,type,source_id,amount,fee,net,currency,status,created_at,reference,description` (`created_at` ISO 8601 with +05:30; `reference` the source's own reference). Waits up to 8 s, so small reports come back `ready`; otherwise `pending`, then `report.ready` (or `report.failed`).
         */
        post: operations["createReport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List reports, newest first */
        get: operations["listReports"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reports/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve a report, with a freshly signed download_url */
        get: operations["getReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reports/{id}/file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download a report file by its signed link (no API key): 409 while pending, 410 once expired, 403 when the signature does not match */
        get: operations["downloadReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List events, newest first (filter type) */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve an event */
        get: operations["getEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send an event again (same webhook-id), to every endpoint enabled for its type or to one */
        post: operations["redeliverEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List webhook endpoints, newest first */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Register a webhook endpoint; the answer carries its signing secret, shown only this once
         * @description Deliveries follow the Standard Webhooks specification: a POST of the event JSON with `webhook-id` (the event id, the same on every retry and duplicate), `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`). Any 2xx within 10 s is success; anything else is retried with exponential backoff for 3 days. Live endpoints must be https and public.
         */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retrieve a webhook endpoint (without its secret) */
        get: operations["getWebhookEndpoint"];
        put?: never;
        post?: never;
        /** Delete a webhook endpoint; its pending deliveries stop */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every delivery attempt to this endpoint, newest first, with the receiver's status code */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This document */
        get: operations["getOpenApi"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: the process is up */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: the database and Temporal are reachable */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Prometheus metrics */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/keys/current": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The API key making this request: its role, holder and limits */
        get: operations["getCurrentApiKey"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/approval_policy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's approval policy in this mode (the default when none was set) */
        get: operations["getApprovalPolicy"];
        put?: never;
        /**
         * Change the approval policy: the fields given replace theirs (`rules` as a whole list, `beneficiaries` key by key)
         * @description A `full` key only (`403 permission_denied` otherwise). Emits `approval_policy.updated`. Applies to payouts created from then on, and to waiting ones when they are released.
         */
        post: operations["updateApprovalPolicy"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
};
export type webhooks = Record<string, never>;
export type components = {
    schemas: {
        /** @description A beneficiary paid into a bank account (IMPS, NEFT, RTGS). */
        CreateBankAccountBeneficiary: {
            /** @description The account holder's name, 1 to 100 characters. */
            name: string;
            /**
             * @description `bank_account` (IMPS, NEFT, RTGS payouts, with `bank_account`) or `vpa` (UPI payouts, with `vpa`). (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "bank_account";
            /** @description The bank account to pay out to. Form: `bank_account[ifsc]=...`. */
            bank_account: {
                /** @description The full account number, 9 to 18 digits. Never shown again: responses carry only `last4`. */
                account_number: string;
                /** @description The branch IFSC code, e.g. `HDFC0001234`. */
                ifsc: string;
            };
            /**
             * Format: email
             * @description Where to reach the beneficiary.
             */
            email?: string;
            /** @description 10 to 15 digits, optionally after `+`. */
            phone?: string;
            /** @description Up to 20 keys (<= 40 characters) with string values (<= 500 characters). Form: `metadata[key]=value`. */
            metadata?: {
                [key: string]: string;
            };
            /** @description Start a verification of the new beneficiary at once, as `POST /v1/beneficiaries/{id}/verify` does: the answer shows it `pending`. Default false. */
            verify?: boolean | ("true" | "false");
        };
        /** @description A beneficiary paid by UPI to a UPI ID. */
        CreateVpaBeneficiary: {
            /** @description The account holder's name, 1 to 100 characters. */
            name: string;
            /**
             * @description `bank_account` (IMPS, NEFT, RTGS payouts, with `bank_account`) or `vpa` (UPI payouts, with `vpa`). (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "vpa";
            /** @description The UPI ID to pay out to. */
            vpa: string;
            /**
             * Format: email
             * @description Where to reach the beneficiary.
             */
            email?: string;
            /** @description 10 to 15 digits, optionally after `+`. */
            phone?: string;
            /** @description Up to 20 keys (<= 40 characters) with string values (<= 500 characters). Form: `metadata[key]=value`. */
            metadata?: {
                [key: string]: string;
            };
            /** @description Start a verification of the new beneficiary at once, as `POST /v1/beneficiaries/{id}/verify` does: the answer shows it `pending`. Default false. */
            verify?: boolean | ("true" | "false");
        };
        /** @description A payment by UPI. Sandbox: `vpa` is required. Live: the customer pays by UPI intent (`next_action.type` `upi_intent`); a `vpa` is not used (NPCI ended collect requests for merchant payments on 28 February 2026). */
        CreateUpiPayment: {
            /** @description Paise to collect from the customer. */
            amount: number;
            /**
             * @description Currency code. Only `INR` is supported; defaults to `INR`.
             * @default INR
             * @enum {string}
             */
            currency?: "INR";
            /** @description Your own order reference, at most 40 characters. */
            receipt?: string;
            /**
             * @description `upi` (with `vpa`) or `netbanking` (with `bank`). Anything else: 400 invalid_method. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            method: "upi";
            /** @description The UPI ID the customer pays from. Sandbox: `success@upi`, `failure@upi`, `slow@upi`. Live: not used (UPI intent only; collect requests are retired). */
            vpa?: string;
            /** @description The customer paying (`cust_...`), kept with the payment for filtering. A customer of another account or mode, or an unknown one, is 404 not_found. */
            customer_id?: string;
            /** @description The paying customer's IP address, as your server saw their browser's request. Sent to the provider where it asks for it; live netbanking requires it (400 without). Ignored in the sandbox. */
            customer_ip?: string;
            /** @description The paying customer's browser `User-Agent`, as your server received it. Sent to the provider where it asks for it. Ignored in the sandbox. */
            user_agent?: string;
            /** @description Free text, at most 500 characters. */
            description?: string;
            /** @description Up to 20 keys (<= 40 characters) with string values (<= 500 characters). Form: `metadata[key]=value`. */
            metadata?: {
                [key: string]: string;
            };
        };
        /** @description A payment by netbanking from the customer's bank. */
        CreateNetbankingPayment: {
            /** @description Paise to collect from the customer. */
            amount: number;
            /**
             * @description Currency code. Only `INR` is supported; defaults to `INR`.
             * @default INR
             * @enum {string}
             */
            currency?: "INR";
            /** @description Your own order reference, at most 40 characters. */
            receipt?: string;
            /**
             * @description `upi` (with `vpa`) or `netbanking` (with `bank`). Anything else: 400 invalid_method. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            method: "netbanking";
            /** @description The 4-letter bank code, e.g. `HDFC`, any letter case. Sandbox: `FAIL` is declined, `SLOW` is slow. */
            bank: string;
            /**
             * Format: uri
             * @description Netbanking: where the provider sends the customer back after the bank (live); optional.
             */
            return_url?: string;
            /** @description The customer paying (`cust_...`), kept with the payment for filtering. A customer of another account or mode, or an unknown one, is 404 not_found. */
            customer_id?: string;
            /** @description The paying customer's IP address, as your server saw their browser's request. Sent to the provider where it asks for it; live netbanking requires it (400 without). Ignored in the sandbox. */
            customer_ip?: string;
            /** @description The paying customer's browser `User-Agent`, as your server received it. Sent to the provider where it asks for it. Ignored in the sandbox. */
            user_agent?: string;
            /** @description Free text, at most 500 characters. */
            description?: string;
            /** @description Up to 20 keys (<= 40 characters) with string values (<= 500 characters). Form: `metadata[key]=value`. */
            metadata?: {
                [key: string]: string;
            };
        };
        TopUp: {
            /** @example topup_01JD3Y8X4W0000000000000000 */
            id: string;
            /** @constant */
            object: "top_up";
            mode: components["schemas"]["Mode"];
            amount: number;
            /** @example INR */
            currency: string;
            /** @constant */
            status: "succeeded";
            description: string | null;
            metadata: components["schemas"]["Metadata"];
            balance_transaction_id: string | null;
            /**
             * @description `test_helper` (a sandbox top-up) or `provider` (money deposited into the live payout account at the provider).
             * @enum {string}
             */
            source: "test_helper" | "provider";
            /** @description The provider's transaction id of the deposit; null in the sandbox. */
            provider_reference: string | null;
            /** @description The key that created this top-up. */
            idempotency_key: string;
            /** @description Unix seconds. */
            created_at: number;
        };
        /**
         * @description The world the object lives in; decided by the API key.
         * @enum {string}
         */
        Mode: "sandbox" | "live";
        /** @description Caller-supplied string keys and values. */
        Metadata: {
            [key: string]: string;
        };
        Error: {
            error: {
                /** @enum {string} */
                type: "invalid_request_error" | "authentication_error" | "idempotency_error" | "rate_limit_error" | "request_failed" | "api_error";
                /** @description Stable machine-readable code; branch on this, never on `message`. */
                code: string;
                /** @description Human-readable explanation. */
                message: string;
                /** @description The input to blame, in bracket notation (`payouts[3][amount]`). */
                param?: string;
                /** @description Also in the `Request-Id` response header. */
                request_id: string;
            };
        };
        TopUpList: {
            /** @constant */
            object: "list";
            data: components["schemas"]["TopUp"][];
            /** @description True when more objects exist beyond this page (in the direction of the cursor). */
            has_more: boolean;
            url: string;
        };
        Balance: {
            /** @constant */
            object: "balance";
            mode: components["schemas"]["Mode"];
            /** @constant */
            currency: "INR";
            /** @description Paise that payouts and refunds can draw on. */
            available: number;
            /** @description Captured payments not yet settled. */
            pending: number;
            /** @description Held for payouts and refunds still in progress. */
            reserved: number;
        };
        BalanceTransactionList: {
            /** @constant */
            object: "list";
            data: components["schemas"]["BalanceTransaction"][];
            /** @description True when more objects exist beyond this page (in the direction of the cursor). */
            has_more: boolean;
            url: string;
        };
        BalanceTransaction: {
            /** @example txn_01JD3Y8X4W0000000000000000 */
            id: string;
            /** @constant */
            object: "balance_transaction";
            mode: components["schemas"]["Mode"];
            /** @description One of payment, refund, payout, payout_failure, payout_reversal, settlement, top_up, fee. */
            type: string;
            /** @description The object that caused the movement (payment, payout, top-up...). */
            source_id: string;
            /** @description Change to the merchant's own money, in paise (negative when it leaves); a settlement's is a sum. */
            amount: number;
            fee: number;
            /** @description `amount - fee`. */
            net: number;
            /** @example INR */
            currency: string;
            status: string;
            description: string | null;
            /** @description Unix seconds. */
            created_at: number;
        };
        /** @description A bank account or a UPI ID to pay out to; `type` says which. */
        Beneficiary: components["schemas"]["BankAccountBeneficiary"] | components["schemas"]["VpaBeneficiary"];
        /** @description A beneficiary paid into a bank account: `vpa` is null. */
        BankAccountBeneficiary: {
            /** @example bene_01JD3Y8X4W0000000000000000 */
            id: string;
            /** @constant */
            object: "beneficiary";
            mode: components["schemas"]["Mode"];
            name: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "bank_account";
            bank_account: {
                /**
                 * @description The last 4 digits of the account number.
                 * @example 9012
                 */
                last4: string;
                /** @example HDFC0001234 */
                ifsc: string;
            };
            vpa: null;
            email: string | null;
            phone: string | null;
            metadata: components["schemas"]["Metadata"];
            /** @description False once deleted: a deactivated beneficiary takes no new payouts. */
            active: boolean;
            /** @description Unix seconds. */
            created_at: number;
            verification: components["schemas"]["BeneficiaryVerification"];
        };
        /** @description The latest verification: `null` before any. Asking again while one is `pending` returns it; after it ended, a new one starts. */
        BeneficiaryVerification: {
            /**
             * @description `pending` until the bank has answered, then `verified` or `failed`; it never changes after.
             * @enum {string}
             */
            status: "pending" | "verified" | "failed";
            /**
             * @description The name the bank holds for the account or UPI ID (provider-supplied); `null` unless `verified`.
             * @example ASHA RAO
             */
            name_at_bank: string | null;
            /** @description `null` unless `verified`. */
            name_match: {
                /** @description How alike `name` and `name_at_bank` are, 0 to 100, after folding case, punctuation, honorifics, word order, initials and business suffixes. */
                score: number;
                /**
                 * @description `match` (score >= 85), `partial` (60-84) or `mismatch` (< 60).
                 * @enum {string}
                 */
                result: "match" | "partial" | "mismatch";
            } | null;
            /** @description Unix seconds when it ended `verified`; `null` otherwise. */
            verified_at: number | null;
            /** @description `null` unless `failed`. */
            failure_reason: {
                /**
                 * @description `beneficiary_account_invalid` (closed or unknown at the bank) or `provider_unavailable` (the connection cannot verify).
                 * @enum {string}
                 */
                code: "beneficiary_account_invalid" | "provider_unavailable";
                message: string;
            } | null;
        } | null;
        /** @description A beneficiary paid by UPI: `bank_account` is null. */
        VpaBeneficiary: {
            /** @example bene_01JD3Y8X4W0000000000000000 */
            id: string;
            /** @constant */
            object: "beneficiary";
            mode: components["schemas"]["Mode"];
            name: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "vpa";
            bank_account: null;
            /** @description The UPI ID. */
            vpa: string;
            email: string | null;
            phone: string | null;
            metadata: components["schemas"]["Metadata"];
            /** @description False once deleted: a deactivated beneficiary takes no new payouts. */
            active: boolean;
            /** @description Unix seconds. */
            created_at: number;
            verification: components["schemas"]["BeneficiaryVerification"];
        };
        BeneficiaryList: {
            /** @constant */
            object: "list";
            data: components["schemas"]["Beneficiary"][];
            /** @description True when more objects exist beyond this page (in the direction of the cursor). */
            has_more: boolean;
            url: string;
        };
        Customer: {
            /** @example cust_01JD3Y8X4W0000000000000000 */
            id: string;
            /** @constant */
            object: "customer";
            mode: components["schemas"]["Mode"];
            name: string;
            email: string | null;
            phone: string | null;
            /** @description The UPI ID (mandate) that collections charge; a collection needs it. A changed `vpa` is used from the next charge on. */
            vpa: string | null;
            metadata: components["schemas"]["Metadata"];
            /** @description Unix seconds. */
            created_at: number;
        };
        CustomerList: {
            /** @constant */
            object: "list";
            data: components["schemas"]["Customer"][];
            /** @description True when more objects exist beyond this page (in the direction of the cursor). */
            has_more: boolean;
            url: string;
        };
        Payout: {
            /** @example pout_01JD3Y8X4W0000000000000000 */
            id: string;
            /** @constant */
            object: "payout";
            /** @description True for live payouts (on payouts `mode` is the transfer mode). */
            livemode: boolean;
            beneficiary_id: string;
            amount: number;
            currency: string;
            /** @description Transfer mode: `upi`, `imps`, `neft` or `rtgs`. A batch item that failed for its mode (`failure_reason.code` `invalid_method`) keeps the text it was given, whatever it was, so you can tell which item it was. */
            mode: string;
            /** @enum {string} */
            status: "pending_approval" | "scheduled" | "queued" | "initiated" | "completed" | "failed" | "rejected" | "cancelled" | "reversed";
            failure_reason: {
                code: string;
                message: string;
                /** @description Live payouts: the provider's own account of the failure, as it said it. */
                provider?: {
                    source: string;
                    reason: string;
                    description: string;
                };
            } | null;
            /** @description The bank reference once completed. */
            utr: string | null;
            /** @description The provider's id of a live payout; null in the sandbox. */
            provider_reference: string | null;
            /** @description Paise the provider charged for a live payout, its GST included; 0 in the sandbox. */
            fees: number;
            batch_id: string | null;
            reference: string | null;
            narration: string | null;
            metadata: components["schemas"]["Metadata"];
            idempotency_key: string;
            created_at: number;
            completed_at: number | null;
            failed_at: number | null;
            reversed_at: number | null;
            /** @description What a payout that waits for approval waits for; null on payouts that need none. */
            approval: components["schemas"]["PayoutApproval"] | null;
            /** @description When a scheduled payout goes on (unix seconds); null when not scheduled. */
            scheduled_at: number | null;
            rejected_at: number | null;
            cancelled_at: number | null;
            queue_if_low_balance: boolean;
            /** @description When it joined the low-balance queue (it is released oldest first). */
            queued_at: number | null;
            /** @description Still queued then, it ends `failed` with insufficient_funds. */
            queue_expires_at: number | null;
        };
        PayoutApproval: {
            /** @description Approvals needed (1 or 2), each from a different holder, none the creator's. */
            required: number;
            received: {
                key_id: string;
                name: string | null;
                approved_at: number;
            }[];
            reasons: ("amount_rule" | "key_limit" | "key_always" | "new_beneficiary" | "after_rejection" | "beneficiary_unverified" | "name_mismatch")[];
            /** @description Not approved by then, the payout ends `rejected` (`approval_expired`). */
            expires_at: number;
            requested_by: {
                key_id: string;
                name: string | null;
                holder: string;
            };
            /** @description The beneficiary as an approver must see it; `name` was written by the creating key. */
            beneficiary: {
                /** @enum {string} */
                type: "bank_account" | "vpa";
                name: string;
                last4: string | null;
                ifsc: string | null;
                vpa: string | null;
                paid_before: boolean;
                /** @description Its latest verification when the payout was judged (`null`: never verified); `name_match` is the result of the last one that verified. */
                verification: {
                    /** @enum {string} */
                    status: "pending" | "verified" | "failed";
                    name_match: ("match" | "partial" | "mismatch") | null;
                } | null;
            };
        };
        PayoutList: {
            /** @constant */
            object: "list";
            data: components["schemas"]["Payout"][];
            /** @description True when more objects exist beyond this page (in the direction of the cursor). */
            has_more: boolean;
            url: string;
        };
        PayoutBatch: {
            /** @example pbat_01JD3Y8X4W0000000000000000 */
            id: string;
            /** @constant */
            object: "payout_batch";
            mode: components["schemas"]["Mode"];
            /**
             * @description `completed` once every payout of the batch has settled (completed, failed or reversed). A batch that waits as a whole is `pending_approval` or `scheduled` first, and ends `rejected` or `cancelled` when it does not go on.
             * @enum {string}
             */
            status: "pending_approval" | "scheduled" | "processing" | "completed" | "rejected" | "cancelled";
            reference: string | null;
            /** @description The Idempotency-Key of the request that created the batch. */
            idempotency_key: string;
            total_count: number;
            /** @description The sum of the items' amounts, in paise. */
            total_amount: number;
            counts: components["schemas"]["PayoutBatchCounts"];
            /** @description Unix seconds. */
            created_at: number;
            completed_at: number | null;
            queue_if_low_balance: boolean;
            /** @description What a batch that waits for approval waits for; null on batches that need none. */
            approval: components["schemas"]["PayoutBatchApproval"] | null;
            scheduled_at: number | null;
        };
        /** @description Live counts of the payouts of the batch by status; items not processed yet are in no count. */
        PayoutBatchCounts: {
            pending_approval: number;
            scheduled: number;
            queued: number;
            /** @description Payouts created and not yet settled. */
            initiated: number;
            completed: number;
            failed: number;
            rejected: number;
            cancelled: number;
            reversed: number;
        };
        PayoutBatchApproval: {
            /** @description Approvals needed (1 or 2), each from a different holder, none the creator's. */
            required: number;
            received: {
                key_id: string;
                name: string | null;
                approved_at: number;
            }[];
            reasons: ("amount_rule" | "key_limit" | "key_always" | "new_beneficiary" | "after_rejection" | "beneficiary_unverified" | "name_mismatch")[];
            /** @description Not approved by then, the payout ends `rejected` (`approval_expired`). */
            expires_at: number;
            requested_by: {
                key_id: string;
                name: string | null;
                holder: string;
            };
            summary: {
                /** @description Items whose beneficiary a maker key created and nobody has paid yet. */
                new_beneficiaries: number;
                /** @description The largest items, largest first (at most 3). */
                largest_items: {
                    idempotency_key: string;
                    beneficiary_id: string;
                    amount: number;
                }[];
                /** @description Items that joined by reference: they keep their own status and approval. */
                joined_by_reference: number;
                /** @description Beneficiaries of its items that a verification rule of `approve` flags (not verified, or their name a mismatch). */
                unverified_beneficiaries: number;
            };
        };
        PayoutBatchList: {
            /** @constant */
            object: "list";
            data: components["schemas"]["PayoutBatch"][];
            /** @description True when more objects exist beyond this page (in the direction of the cursor). */
            has_more: boolean;
            url: string;
        };
        /** @description Money accepted from a customer; `method` says how. */
        Payment: components["schemas"]["UpiPayment"] | components["schemas"]["NetbankingPayment"];
        /** @description A payment by UPI: `bank` is null. */
        UpiPayment: {
            /** @example pay_01JD3Y8X4W0000000000000000 */
            id: string;
            /** @constant */
            object: "payment";
            mode: components["schemas"]["Mode"];
            amount: number;
            /** @example INR */
            currency: string;
            /**
             * @description `pending` → `captured` | `failed`.
             * @enum {string}
             */
            status: "pending" | "captured" | "failed";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            method: "upi";
            /** @description The UPI ID the customer paid from (null for a live UPI intent payment until known). */
            vpa: string | null;
            bank: null;
            receipt: string | null;
            customer_id: string | null;
            description: string | null;
            metadata: components["schemas"]["Metadata"];
            /** @description Paise given back by processed refunds. */
            amount_refunded: number;
            /** @description When failed: `payment_declined` (the customer, their bank or the provider declined it) or `provider_unavailable` (live: the provider account is not set up for the payment, a feature not enabled, its key refused; no customer declined it, and the connection shows `attention_required`). Null otherwise. */
            failure_code: string | null;
            failure_message: string | null;
            /** @description The settlement that moved this payment to `available`; null until settled. */
            settlement_id: string | null;
            /** @description The collection this payment is a charge of (`coll_...`); null for other payments. */
            collection_id: string | null;
            /** @description The payment link this payment was made on (`plink_...`); null for other payments. */
            payment_link_id: string | null;
            /** @description The key that created this payment. */
            idempotency_key: string;
            next_action: components["schemas"]["PaymentNextAction"];
            /** @description Netbanking: where the customer is sent back after the bank. */
            return_url: string | null;
            /** @description Live: the provider's id of the payment; null in the sandbox. */
            provider_reference: string | null;
            created_at: number;
            captured_at: number | null;
            failed_at: number | null;
        };
        /** @description What the customer must do while a live payment is pending; null when nothing (always in the sandbox). */
        PaymentNextAction: {
            /** @enum {string} */
            type: "upi_intent" | "upi_collect" | "redirect";
            /** @description `upi://pay?...` for `upi_intent`, the bank page for `redirect`. `upi_collect` (url null) is only on payments made before UPI collect was retired. */
            url: string | null;
        } | null;
        /** @description A payment by netbanking: `vpa` is null. */
        NetbankingPayment: {
            /** @example pay_01JD3Y8X4W0000000000000000 */
            id: string;
            /** @constant */
            object: "payment";
            mode: components["schemas"]["Mode"];
            amount: number;
            /** @example INR */
            currency: string;
            /**
             * @description `pending` → `captured` | `failed`.
             * @enum {string}
             */
            status: "pending" | "captured" | "failed";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            method: "netbanking";
            vpa: null;
            /** @description The 4-letter bank code, in capitals. */
            bank: string;
            receipt: string | null;
            customer_id: string | null;
            description: string | null;
            metadata: components["schemas"]["Metadata"];
            /** @description Paise given back by processed refunds. */
            amount_refunded: number;
            /** @description When failed: `payment_declined` (the customer, their bank or the provider declined it) or `provider_unavailable` (live: the provider account is not set up for the payment, a feature not enabled, its key refused; no customer declined it, and the connection shows `attention_required`). Null otherwise. */
            failure_code: string | null;
            failure_message: string | null;
            /** @description The settlement that moved this payment to `available`; null until settled. */
            settlement_id: string | null;
            /** @description The collection this payment is a charge of (`coll_...`); null for other payments. */
            collection_id: string | null;
            /** @description The payment link this payment was made on (`plink_...`); null for other payments. */
            payment_link_id: string | null;
            /** @description The key that created this payment. */
            idempotency_key: string;
            next_action: components["schemas"]["PaymentNextAction"];
            /** @description Netbanking: where the customer is sent back after the bank. */
            return_url: string | null;
            /** @description Live: the provider's id of the payment; null in the sandbox. */
            provider_reference: string | null;
            created_at: number;
            captured_at: number | null;
            failed_at: number | null;
        };
        PaymentList: {
            /** @constant */
            object: "list";
            data: components["schemas"]["Payment"][];
            /** @description True when more objects exist beyond this page (in the direction of the cursor). */
            has_more: boolean;
            url: string;
        };
        Refund: {
            /** @example rfnd_01JD3Y8X4W0000000000000000 */
            id: string;
            /** @constant */
            object: "refund";
            mode: components["schemas"]["Mode"];
            payment_id: string;
            amount: number;
            /** @example INR */
            currency: string;
            /**
             * @description `pending` → `processed` | `failed` (a failed refund returns its money to `available`).
             * @enum {string}
             */
            status: "pending" | "processed" | "failed";
            reason: string | null;
            metadata: components["schemas"]["Metadata"];
            /** @description `refund_declined` when failed. */
            failure_code: string | null;
            failure_message: string | null;
            /** @description The bank reference once processed. */
            utr: string | null;
            idempotency_key: string;
            created_at: number;
            processed_at: number | null;
            failed_at: number | null;
        };
        RefundList: {
            /** @constant */
            object: "list";
            data: components["schemas"]["Refund"][];
            /** @description True when more objects exist beyond this page (in the direction of the cursor). */
            has_more: boolean;
            url: string;
        };
        SettlementList: {
            /** @constant */
            object: "list";
            data: components["schemas"]["Settlement"][];
            /** @description True when more objects exist beyond this page (in the direction of the cursor). */
            has_more: boolean;
            url: string;
        };
        Settlement: {
            /** @example setl_01JD3Y8X4W0000000000000000 */
            id: string;
            /** @constant */
            object: "settlement";
            mode: components["schemas"]["Mode"];
            /** @description Paise moved out of `pending`: in the sandbox the sum of the settled payments, moved to `available`; in live mode what the provider paid out to the business's bank account. */
            amount: number;
            /** @example INR */
            currency: string;
            /** @description How many payments this settlement settled (`GET /v1/payments` shows their `settlement_id`). */
            payment_count: number;
            /** @constant */
            status: "processed";
            /** @description The bank reference of the settlement. */
            utr: string;
            /** @description The provider's id of a live settlement (each one it reports becomes one settlement); `null` in the sandbox. */
            provider_reference: string | null;
            /** @description Paise the provider kept of the settled payments, GST included (already recorded at capture as `fee` balance transactions; 0 in the sandbox). */
            fees: number;
            created_at: number;
        };
        Mandate: {
            /** @example mdt_01JD3Y8X4W0000000000000000 */
            id: string;
            /** @constant */
            object: "mandate";
            mode: components["schemas"]["Mode"];
            livemode: boolean;
            customer_id: string;
            /** @description The UPI ID the mandate debits (the one the customer approved from, once approved; empty for a live mandate created without one until the provider tells it). */
            vpa: string;
            /** @description The most one debit may take, paise. */
            max_amount: number;
            /** @enum {string} */
            frequency: "weekly" | "monthly" | "yearly" | "as_presented";
            /** @description Unix seconds from which the mandate may be debited. */
            start_at: number;
            /** @description Unix seconds when the mandate expires by itself. */
            expire_at: number;
            /**
             * @description `created` (waiting for the customer), `active`, `paused` (by the customer), `rejected`, `revoked` (by the customer or the business), `expired` (at `expire_at`, or never approved by `authorization_expires_at`).
             * @enum {string}
             */
            status: "created" | "active" | "paused" | "rejected" | "revoked" | "expired";
            /** @description The hosted page where the customer approves: `{PUBLIC_BASE_URL}/mandates/{id}/authorize`. */
            authorization_url: string;
            /** @description Unix seconds: a mandate still `created` then expires unapproved. */
            authorization_expires_at: number;
            /** @description The provider's UPI AutoPay token (live), once the customer approved; null before and in the sandbox. */
            provider_reference: string | null;
            description: string | null;
            metadata: components["schemas"]["Metadata"];
            idempotency_key: string;
            created_at: number;
            activated_at: number | null;
            paused_at: number | null;
            resumed_at: number | null;
            revoked_at: number | null;
            rejected_at: number | null;
            expired_at: number | null;
        };
        MandateList: {
            /** @constant */
            object: "list";
            data: components["schemas"]["Mandate"][];
            /** @description True when more objects exist beyond this page (in the direction of the cursor). */
            has_more: boolean;
            url: string;
        };
        Collection: {
            /** @example coll_01JD3Y8X4W0000000000000000 */
            id: string;
            /** @constant */
            object: "collection";
            mode: components["schemas"]["Mode"];
            customer_id: string;
            /** @description The mandate it charges through (null only for a collection that ended before mandates). */
            mandate_id: string | null;
            /** @description While `created`: the page of the mandate made for it, where the customer approves (send it to them). Null otherwise. */
            authorization_url: string | null;
            /** @description Paise charged at each cycle. */
            amount: number;
            /** @example INR */
            currency: string;
            /** @enum {string} */
            schedule: "monthly" | "weekly" | "yearly";
            /** @description Monthly collections: the day of the month of later cycles. */
            day_of_month: number | null;
            /** @description Unix seconds of the first cycle. */
            start_at: number;
            /** @description Successful charges to collect; null: until cancelled. */
            total_count: number | null;
            /** @description `total_count - paid_count`; null when there is no total. */
            remaining_count: number | null;
            /**
             * @description `created` (waiting for the customer to approve the mandate made for it), `active` (charging on schedule), `paused`, `halted` (a charge failed after all its retries), `cancelled`, `completed` (`total_count` charges collected).
             * @enum {string}
             */
            status: "created" | "active" | "paused" | "halted" | "cancelled" | "completed";
            /** @description Charges captured. */
            paid_count: number;
            /** @description Charge attempts that failed (each retry counts). */
            failed_count: number;
            /** @description The cycle the next charge belongs to (1 = the charge at `start_at`). */
            current_cycle: number;
            /** @description Unix seconds of the next charge attempt (a cycle's due date in Asia/Kolkata, or a retry); null unless active (so null while created). */
            next_charge_at: number | null;
            /** @description The payment of the latest charge attempt whose outcome is known. */
            latest_payment_id: string | null;
            description: string | null;
            metadata: components["schemas"]["Metadata"];
            idempotency_key: string;
            created_at: number;
            paused_at: number | null;
            halted_at: number | null;
            cancelled_at: number | null;
            completed_at: number | null;
            /** @description `mandate_paused` when its mandate's pause paused it (its resume resumes it); `connection_disabled` when a due debit found the account's provider connection disabled (no attempt used; resume it once the connection is enabled); `provider_unavailable` when the provider refused a debit as a set-up error, its account not set up for recurring debits (no attempt used; resume it once the provider has enabled them); null otherwise. */
            pause_reason: string | null;
            /** @description `mandate_rejected` (the customer declined the mandate made for it), `mandate_not_approved` (its authorization window ended unapproved), `mandate_revoked`, `mandate_expired` (its mandate ended), `mandate_limit`, `mandate_required` (no mandate could carry it); null when cancelled by the business. */
            cancel_reason: string | null;
        };
        CollectionList: {
            /** @constant */
            object: "list";
            data: components["schemas"]["Collection"][];
            /** @description True when more objects exist beyond this page (in the direction of the cursor). */
            has_more: boolean;
            url: string;
        };
        PaymentLink: {
            /** @example plink_01JD3Y8X4W0000000000000000 */
            id: string;
            /** @constant */
            object: "payment_link";
            mode: components["schemas"]["Mode"];
            /** @description Paise the link collects in all. */
            amount: number;
            /** @description Paise captured on the link so far. */
            amount_paid: number;
            /** @example INR */
            currency: string;
            description: string | null;
            customer: {
                name: string | null;
                email: string | null;
                phone: string | null;
            };
            reference_id: string | null;
            accept_partial: boolean;
            first_min_partial_amount: number | null;
            /**
             * @description `created`, `partially_paid` (partial links), `paid`, `expired` (at `expire_by`, by itself), `cancelled`.
             * @enum {string}
             */
            status: "created" | "partially_paid" | "paid" | "expired" | "cancelled";
            /** @description The hosted page to send the customer: `{PUBLIC_BASE_URL}/pay/{id}`. */
            short_url: string;
            /** @description Unix seconds when the link stops taking payments. */
            expire_by: number;
            callback_url: string | null;
            /** @description The captured payments of the link, oldest first. Every attempt: GET /v1/payments?payment_link_id=. */
            payments: string[];
            idempotency_key: string;
            created_at: number;
            paid_at: number | null;
            expired_at: number | null;
            cancelled_at: number | null;
            metadata: components["schemas"]["Metadata"];
        };
        PaymentLinkList: {
            /** @constant */
            object: "list";
            data: components["schemas"]["PaymentLink"][];
            /** @description True when more objects exist beyond this page (in the direction of the cursor). */
            has_more: boolean;
            url: string;
        };
        Report: {
            /** @example rpt_01JD3Y8X4W0000000000000000 */
            id: string;
            /** @constant */
            object: "report";
            mode: components["schemas"]["Mode"];
            from: string;
            to: string;
            /** @enum {string} */
            format: "csv" | "jsonl";
            /**
             * @description `pending`, `ready` (the file can be downloaded) or `failed`.
             * @enum {string}
             */
            status: "pending" | "ready" | "failed";
            /** @description Balance transactions in the file (ready reports). */
            row_count: number | null;
            /** @description Bytes of the file. */
            size: number | null;
            /** @description Hex SHA-256 of the file. */
            sha256: string | null;
            /** @description A signed link that needs no API key, valid until `expires_at`: 409 while pending, 410 once expired, 403 when tampered with. Null once the file is no longer kept (30 days). */
            download_url: string | null;
            /** @description Unix seconds when `download_url` stops working (24 h after it was signed). */
            expires_at: number | null;
            created_at: number;
            ready_at: number | null;
            idempotency_key: string;
        };
        ReportList: {
            /** @constant */
            object: "list";
            data: components["schemas"]["Report"][];
            /** @description True when more objects exist beyond this page (in the direction of the cursor). */
            has_more: boolean;
            url: string;
        };
        EventList: {
            /** @constant */
            object: "list";
            data: components["schemas"]["Event"][];
            /** @description True when more objects exist beyond this page (in the direction of the cursor). */
            has_more: boolean;
            url: string;
        };
        Event: {
            /** @example evt_01JD3Y8X4W0000000000000000 */
            id: string;
            /** @constant */
            object: "event";
            /** @example payout.completed */
            type: string;
            mode: components["schemas"]["Mode"];
            created_at: number;
            data: {
                /** @description The resource as GET showed it when the event happened. */
                object: {
                    [key: string]: unknown;
                };
                /** @description `collection.upcoming`: unix seconds of the announced debit. */
                debit_at?: number;
                /** @description `collection.upcoming`: the paise the announced debit takes. */
                amount?: number;
            };
        };
        EventRedelivery: {
            /** @constant */
            object: "event_redelivery";
            event_id: string;
            /** @description The endpoints a new delivery was started for. */
            endpoint_ids: string[];
        };
        WebhookEndpoint: {
            /** @example we_01JD3Y8X4W0000000000000000 */
            id: string;
            /** @constant */
            object: "webhook_endpoint";
            mode: components["schemas"]["Mode"];
            url: string;
            description: string | null;
            enabled_events: string[];
            /** @constant */
            status: "enabled";
            /** @description Unix seconds. */
            created_at: number;
            /** @description The signing secret (`whsec_<base64>`); only in the answer to the creating POST. Keep it: it is never shown again. */
            secret?: string;
        };
        WebhookEndpointList: {
            /** @constant */
            object: "list";
            data: components["schemas"]["WebhookEndpoint"][];
            /** @description True when more objects exist beyond this page (in the direction of the cursor). */
            has_more: boolean;
            url: string;
        };
        DeletedWebhookEndpoint: {
            id: string;
            /** @constant */
            object: "webhook_endpoint";
            mode: components["schemas"]["Mode"];
            /** @constant */
            deleted: true;
        };
        WebhookDeliveryList: {
            /** @constant */
            object: "list";
            data: components["schemas"]["WebhookDelivery"][];
            /** @description True when more objects exist beyond this page (in the direction of the cursor). */
            has_more: boolean;
            url: string;
        };
        WebhookDelivery: {
            /** @example dlv_01JD3Y8X4W0000000000000000 */
            id: string;
            /** @constant */
            object: "webhook_delivery";
            mode: components["schemas"]["Mode"];
            event_id: string;
            endpoint_id: string;
            /** @description Attempt number within this delivery, from 1; retries count up. */
            attempt: number;
            /** @description True when the receiver answered 2xx within 10 seconds. */
            succeeded: boolean;
            /** @description The receiver's HTTP status, or null when no answer came. */
            status_code: number | null;
            /** @description Why the attempt failed (timeout, connection refused, status), or null. */
            error: string | null;
            duration_ms: number;
            /**
             * @description Which delivery this attempt belongs to: `event` (the first), `duplicate` (Sandbox-Simulate), or `redeliver`.
             * @enum {string}
             */
            delivery: "event" | "duplicate" | "redeliver";
            /** @description Unix seconds. */
            created_at: number;
        };
        Health: {
            /** @constant */
            status: "ok";
        };
        Readiness: {
            /** @constant */
            status: "ok";
            /** @constant */
            database: "ok";
            /** @constant */
            temporal: "ok";
        };
        ApiKey: {
            /** @example key_01JD3Y8X4W0000000000000000 */
            id: string;
            /** @constant */
            object: "api_key";
            /** @description What the key is for, as `payctl keys create --name` gave it. */
            name: string | null;
            /** @description The person or system holding the key (`--holder`; the key id when none was given). Maker and checker are compared by holder. */
            holder: string;
            /**
             * @description `full` may do everything; `maker` (servers and agents) everything but approve, reject, the approval policy and webhook endpoints; `approver` may read, create reports, and approve, reject or cancel waiting payouts.
             * @enum {string}
             */
            role: "full" | "maker" | "approver";
            mode: components["schemas"]["Mode"];
            /** @description A maker key's limits (`payctl keys create --max-amount --daily-amount --approval --refunds`); all null on `full` and `approver` keys. */
            limits: {
                /** @description Paise one payout may take before it waits for an approval (null: no limit). */
                max_amount: number | null;
                /** @description Paise the key's payouts and refunds may add up to over the last 24 hours; beyond it a payout waits for an approval and a refund is refused (null: no limit). */
                daily_amount: number | null;
                /** @description `always`: every payout of the key waits for an approval. */
                approval: "always" | null;
                /** @description `allow`: the maker key may make refunds (counted in its `daily_amount`); null: it may not. */
                refunds: "allow" | null;
            };
        };
        ApprovalPolicy: {
            /** @constant */
            object: "approval_policy";
            mode: components["schemas"]["Mode"];
            /** @description By `min_amount`, smallest first; empty: no payout waits for its amount. */
            rules: {
                min_amount: number;
                approvals: number;
            }[];
            /** @description Seconds a payout waits for its approvals before it ends `rejected`. */
            expires_after: number;
            beneficiaries: {
                /** @enum {string} */
                new: "allow" | "approve" | "refuse";
                /** @enum {string} */
                unverified: "allow" | "approve" | "refuse";
                /** @enum {string} */
                mismatch: "allow" | "approve" | "refuse";
            };
            /** @description Unix seconds of the last change; null while the policy is the default (never set). */
            updated_at: number | null;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
};
export type $defs = Record<string, never>;
export interface operations {
    createTopUp: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: 1..255 printable ASCII characters, scoped to account + mode. */
                "Idempotency-Key"?: string;
                /** @description Sandbox keys only: simulate a failure mode (comma-separated for several). An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "amount": 2500000,
                 *       "description": "Float for November payouts"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /** @description Paise to credit to `available`. */
                    amount: number;
                    /**
                     * @description Currency code. Only `INR` is supported; defaults to `INR`.
                     * @default INR
                     * @enum {string}
                     */
                    currency?: "INR";
                    /** @description Free text, at most 500 characters. */
                    description?: string;
                    /** @description Up to 20 keys (<= 40 characters) with string values (<= 500 characters). Form: `metadata[key]=value`. */
                    metadata?: {
                        [key: string]: string;
                    };
                };
                /**
                 * @example {
                 *       "amount": 2500000,
                 *       "description": "Float for November payouts"
                 *     }
                 */
                "application/json": {
                    /** @description Paise to credit to `available`. */
                    amount: number;
                    /**
                     * @description Currency code. Only `INR` is supported; defaults to `INR`.
                     * @default INR
                     * @enum {string}
                     */
                    currency?: "INR";
                    /** @description Free text, at most 500 characters. */
                    description?: string;
                    /** @description Up to 20 keys (<= 40 characters) with string values (<= 500 characters). Form: `metadata[key]=value`. */
                    metadata?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description The top-up, already credited to `available`. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "topup_01M96MSWV3XGHN15WJ3EHQJNWR",
                     *       "object": "top_up",
                     *       "mode": "sandbox",
                     *       "amount": 2500000,
                     *       "currency": "INR",
                     *       "status": "succeeded",
                     *       "description": "Float for November payouts",
                     *       "metadata": {},
                     *       "balance_transaction_id": "txn_01M96MSWYDHNN770KS0R6RBWEE",
                     *       "source": "test_helper",
                     *       "provider_reference": null,
                     *       "idempotency_key": "bd817e4f-1b55-41d0-84fe-aecc252d20b1",
                     *       "created_at": 1796593218
                     *     }
                     */
                    "application/json": components["schemas"]["TopUp"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A call the API key's role does not allow, such as an `approver` key's write (`permission_denied`); nothing was done and the Idempotency-Key stays free; or a live key over plain HTTP (`https_required`); or a test helper called with a live key (`sandbox_only`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The same idempotency key is still being executed (`idempotency_key_in_use`). */
            409: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body over 2 MiB, 20 MiB for payout batches (`payload_too_large`). */
            413: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body that is neither form-encoded nor JSON (`unsupported_media_type`). */
            415: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The idempotency key was used with a different method, path or parameters (`idempotency_key_reused`). */
            422: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listTopUps: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Cursor: the id of an object of this list; returns the objects created before it. Not together with `ending_before`, and an id that names no such object, are 400. */
                starting_after?: string;
                /** @description Cursor: the id of an object of this list; returns the objects created after it. Not together with `starting_after`, and an id that names no such object, are 400. */
                ending_before?: string;
                /** @description Only objects whose `created_at` (unix seconds) is within these bounds: `created[gte]`, `created[gt]`, `created[lte]`, `created[lt]`. */
                created?: {
                    /** @description Only objects created after this time (unix seconds). */
                    gt?: number;
                    /** @description Only objects created at or after this time (unix seconds). */
                    gte?: number;
                    /** @description Only objects created before this time (unix seconds). */
                    lt?: number;
                    /** @description Only objects created at or before this time (unix seconds). */
                    lte?: number;
                };
                /** @description Only top-ups from this source. */
                source?: "test_helper" | "provider";
            };
            header?: {
                /** @description Sandbox keys only: on a read, `rate_limited` answers 429 at once; the other values are accepted and change nothing. An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of top-ups. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "topup_01M96MSWV3XGHN15WJ3EHQJNWR",
                     *           "object": "top_up",
                     *           "mode": "sandbox",
                     *           "amount": 2500000,
                     *           "currency": "INR",
                     *           "status": "succeeded",
                     *           "description": "Float for November payouts",
                     *           "metadata": {},
                     *           "balance_transaction_id": "txn_01M96MSWYDHNN770KS0R6RBWEE",
                     *           "source": "test_helper",
                     *           "provider_reference": null,
                     *           "idempotency_key": "bd817e4f-1b55-41d0-84fe-aecc252d20b1",
                     *           "created_at": 1796593218
                     *         }
                     *       ],
                     *       "has_more": false,
                     *       "url": "/v1/top_ups"
                     *     }
                     */
                    "application/json": components["schemas"]["TopUpList"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A live key over plain HTTP (`https_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTopUp: {
        parameters: {
            query?: never;
            header?: {
                /** @description Sandbox keys only: on a read, `rate_limited` answers 429 at once; the other values are accepted and change nothing. An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path: {
                /** @description A top-up id (`topup_...`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The top-up. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "topup_01M96MSWV3XGHN15WJ3EHQJNWR",
                     *       "object": "top_up",
                     *       "mode": "sandbox",
                     *       "amount": 2500000,
                     *       "currency": "INR",
                     *       "status": "succeeded",
                     *       "description": "Float for November payouts",
                     *       "metadata": {},
                     *       "balance_transaction_id": "txn_01M96MSWYDHNN770KS0R6RBWEE",
                     *       "source": "test_helper",
                     *       "provider_reference": null,
                     *       "idempotency_key": "bd817e4f-1b55-41d0-84fe-aecc252d20b1",
                     *       "created_at": 1796593218
                     *     }
                     */
                    "application/json": components["schemas"]["TopUp"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A live key over plain HTTP (`https_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unknown id, or an id of another account or mode (`not_found`). */
            404: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBalance: {
        parameters: {
            query?: never;
            header?: {
                /** @description Sandbox keys only: on a read, `rate_limited` answers 429 at once; the other values are accepted and change nothing. An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The balance. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "balance",
                     *       "mode": "sandbox",
                     *       "currency": "INR",
                     *       "available": 1918000,
                     *       "pending": 0,
                     *       "reserved": 0
                     *     }
                     */
                    "application/json": components["schemas"]["Balance"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A live key over plain HTTP (`https_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listBalanceTransactions: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Cursor: the id of an object of this list; returns the objects created before it. Not together with `ending_before`, and an id that names no such object, are 400. */
                starting_after?: string;
                /** @description Cursor: the id of an object of this list; returns the objects created after it. Not together with `starting_after`, and an id that names no such object, are 400. */
                ending_before?: string;
                /** @description Only objects whose `created_at` (unix seconds) is within these bounds: `created[gte]`, `created[gt]`, `created[lte]`, `created[lt]`. */
                created?: {
                    /** @description Only objects created after this time (unix seconds). */
                    gt?: number;
                    /** @description Only objects created at or after this time (unix seconds). */
                    gte?: number;
                    /** @description Only objects created before this time (unix seconds). */
                    lt?: number;
                    /** @description Only objects created at or before this time (unix seconds). */
                    lte?: number;
                };
                /** @description Only transactions of this type. */
                type?: "payment" | "refund" | "payout" | "payout_failure" | "payout_reversal" | "settlement" | "top_up" | "fee";
                /** @description Only transactions caused by this object. */
                source_id?: string;
            };
            header?: {
                /** @description Sandbox keys only: on a read, `rate_limited` answers 429 at once; the other values are accepted and change nothing. An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of balance transactions. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "txn_01M96MT2H9HEC4JY6C1YY5W2DJ",
                     *           "object": "balance_transaction",
                     *           "mode": "sandbox",
                     *           "type": "settlement",
                     *           "source_id": "setl_01M96MT2GKKBAM3BSPJ0KAK32P",
                     *           "amount": 0,
                     *           "fee": 0,
                     *           "net": 0,
                     *           "currency": "INR",
                     *           "status": "available",
                     *           "description": "Settlement",
                     *           "created_at": 1796593224
                     *         }
                     *       ],
                     *       "has_more": true,
                     *       "url": "/v1/balance_transactions"
                     *     }
                     */
                    "application/json": components["schemas"]["BalanceTransactionList"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A live key over plain HTTP (`https_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listBeneficiaries: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Cursor: the id of an object of this list; returns the objects created before it. Not together with `ending_before`, and an id that names no such object, are 400. */
                starting_after?: string;
                /** @description Cursor: the id of an object of this list; returns the objects created after it. Not together with `starting_after`, and an id that names no such object, are 400. */
                ending_before?: string;
                /** @description Only objects whose `created_at` (unix seconds) is within these bounds: `created[gte]`, `created[gt]`, `created[lte]`, `created[lt]`. */
                created?: {
                    /** @description Only objects created after this time (unix seconds). */
                    gt?: number;
                    /** @description Only objects created at or after this time (unix seconds). */
                    gte?: number;
                    /** @description Only objects created before this time (unix seconds). */
                    lt?: number;
                    /** @description Only objects created at or before this time (unix seconds). */
                    lte?: number;
                };
                /** @description Only beneficiaries of this type. */
                type?: "bank_account" | "vpa";
            };
            header?: {
                /** @description Sandbox keys only: on a read, `rate_limited` answers 429 at once; the other values are accepted and change nothing. An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of beneficiaries. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "bene_01M96MSX1WQX7N0W9J4WKP4ZD7",
                     *           "object": "beneficiary",
                     *           "mode": "sandbox",
                     *           "name": "Ravi Kumar",
                     *           "email": "ravi@example.com",
                     *           "phone": null,
                     *           "metadata": {},
                     *           "active": true,
                     *           "created_at": 1796593218,
                     *           "verification": {
                     *             "status": "verified",
                     *             "name_at_bank": "RAVI KUMAR",
                     *             "name_match": {
                     *               "score": 100,
                     *               "result": "match"
                     *             },
                     *             "verified_at": 1796593218,
                     *             "failure_reason": null
                     *           },
                     *           "type": "vpa",
                     *           "bank_account": null,
                     *           "vpa": "success@upi"
                     *         }
                     *       ],
                     *       "has_more": false,
                     *       "url": "/v1/beneficiaries"
                     *     }
                     */
                    "application/json": components["schemas"]["BeneficiaryList"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A live key over plain HTTP (`https_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createBeneficiary: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: 1..255 printable ASCII characters, scoped to account + mode. */
                "Idempotency-Key"?: string;
                /** @description Sandbox keys only: simulate a failure mode (comma-separated for several). An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Ravi Kumar",
                 *       "type": "vpa",
                 *       "vpa": "success@upi",
                 *       "email": "ravi@example.com"
                 *     }
                 */
                "application/x-www-form-urlencoded": components["schemas"]["CreateBankAccountBeneficiary"] | components["schemas"]["CreateVpaBeneficiary"];
                /**
                 * @example {
                 *       "name": "Ravi Kumar",
                 *       "type": "vpa",
                 *       "vpa": "success@upi",
                 *       "email": "ravi@example.com"
                 *     }
                 */
                "application/json": components["schemas"]["CreateBankAccountBeneficiary"] | components["schemas"]["CreateVpaBeneficiary"];
            };
        };
        responses: {
            /** @description The beneficiary; the account number shows only as `last4`. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "bene_01M96MSX1WQX7N0W9J4WKP4ZD7",
                     *       "object": "beneficiary",
                     *       "mode": "sandbox",
                     *       "name": "Ravi Kumar",
                     *       "email": "ravi@example.com",
                     *       "phone": null,
                     *       "metadata": {},
                     *       "active": true,
                     *       "created_at": 1796593218,
                     *       "verification": null,
                     *       "type": "vpa",
                     *       "bank_account": null,
                     *       "vpa": "success@upi"
                     *     }
                     */
                    "application/json": components["schemas"]["Beneficiary"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A call the API key's role does not allow, such as an `approver` key's write (`permission_denied`); nothing was done and the Idempotency-Key stays free; or a live key over plain HTTP (`https_required`); or a live write that moves money on an account with no active provider connection (`connection_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The same idempotency key is still being executed (`idempotency_key_in_use`). */
            409: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body over 2 MiB, 20 MiB for payout batches (`payload_too_large`). */
            413: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body that is neither form-encoded nor JSON (`unsupported_media_type`). */
            415: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The idempotency key was used with a different method, path or parameters (`idempotency_key_reused`). */
            422: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    verifyBeneficiary: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: 1..255 printable ASCII characters, scoped to account + mode. */
                "Idempotency-Key"?: string;
                /** @description Sandbox keys only: simulate a failure mode (comma-separated for several). An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path: {
                /** @description A beneficiary id (`bene_...`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The beneficiary, with its `verification`. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "bene_01M96MSX1WQX7N0W9J4WKP4ZD7",
                     *       "object": "beneficiary",
                     *       "mode": "sandbox",
                     *       "name": "Ravi Kumar",
                     *       "email": "ravi@example.com",
                     *       "phone": null,
                     *       "metadata": {},
                     *       "active": true,
                     *       "created_at": 1796593218,
                     *       "verification": {
                     *         "status": "pending",
                     *         "name_at_bank": null,
                     *         "name_match": null,
                     *         "verified_at": null,
                     *         "failure_reason": null
                     *       },
                     *       "type": "vpa",
                     *       "bank_account": null,
                     *       "vpa": "success@upi"
                     *     }
                     */
                    "application/json": components["schemas"]["Beneficiary"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A call the API key's role does not allow, such as an `approver` key's write (`permission_denied`); nothing was done and the Idempotency-Key stays free; or a live key over plain HTTP (`https_required`); or a live write that moves money on an account with no active provider connection (`connection_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unknown id, or an id of another account or mode (`not_found`). */
            404: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The same idempotency key is still being executed (`idempotency_key_in_use`); or the action does not fit the object's status (`invalid_state`). */
            409: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The idempotency key was used with a different method, path or parameters (`idempotency_key_reused`). */
            422: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBeneficiary: {
        parameters: {
            query?: never;
            header?: {
                /** @description Sandbox keys only: on a read, `rate_limited` answers 429 at once; the other values are accepted and change nothing. An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path: {
                /** @description A beneficiary id (`bene_...`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The beneficiary; a deleted one too, with `active: false`. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "bene_01M96MSX1WQX7N0W9J4WKP4ZD7",
                     *       "object": "beneficiary",
                     *       "mode": "sandbox",
                     *       "name": "Ravi Kumar",
                     *       "email": "ravi@example.com",
                     *       "phone": null,
                     *       "metadata": {},
                     *       "active": true,
                     *       "created_at": 1796593218,
                     *       "verification": {
                     *         "status": "verified",
                     *         "name_at_bank": "RAVI KUMAR",
                     *         "name_match": {
                     *           "score": 100,
                     *           "result": "match"
                     *         },
                     *         "verified_at": 1796593218,
                     *         "failure_reason": null
                     *       },
                     *       "type": "vpa",
                     *       "bank_account": null,
                     *       "vpa": "success@upi"
                     *     }
                     */
                    "application/json": components["schemas"]["Beneficiary"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A live key over plain HTTP (`https_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unknown id, or an id of another account or mode (`not_found`). */
            404: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteBeneficiary: {
        parameters: {
            query?: never;
            header?: {
                /** @description Sandbox keys only: on a read, `rate_limited` answers 429 at once; the other values are accepted and change nothing. An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path: {
                /** @description A beneficiary id (`bene_...`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The beneficiary, with `active: false`. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "bene_01M96MSX1WQX7N0W9J4WKP4ZD7",
                     *       "object": "beneficiary",
                     *       "mode": "sandbox",
                     *       "name": "Ravi Kumar",
                     *       "email": "ravi@example.com",
                     *       "phone": null,
                     *       "metadata": {},
                     *       "active": false,
                     *       "created_at": 1796593218,
                     *       "verification": {
                     *         "status": "verified",
                     *         "name_at_bank": "RAVI KUMAR",
                     *         "name_match": {
                     *           "score": 100,
                     *           "result": "match"
                     *         },
                     *         "verified_at": 1796593218,
                     *         "failure_reason": null
                     *       },
                     *       "type": "vpa",
                     *       "bank_account": null,
                     *       "vpa": "success@upi"
                     *     }
                     */
                    "application/json": components["schemas"]["Beneficiary"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A live key over plain HTTP (`https_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unknown id, or an id of another account or mode (`not_found`). */
            404: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCustomers: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Cursor: the id of an object of this list; returns the objects created before it. Not together with `ending_before`, and an id that names no such object, are 400. */
                starting_after?: string;
                /** @description Cursor: the id of an object of this list; returns the objects created after it. Not together with `starting_after`, and an id that names no such object, are 400. */
                ending_before?: string;
                /** @description Only objects whose `created_at` (unix seconds) is within these bounds: `created[gte]`, `created[gt]`, `created[lte]`, `created[lt]`. */
                created?: {
                    /** @description Only objects created after this time (unix seconds). */
                    gt?: number;
                    /** @description Only objects created at or after this time (unix seconds). */
                    gte?: number;
                    /** @description Only objects created before this time (unix seconds). */
                    lt?: number;
                    /** @description Only objects created at or before this time (unix seconds). */
                    lte?: number;
                };
                /** @description Only customers with exactly this email (case-sensitive). */
                email?: string;
            };
            header?: {
                /** @description Sandbox keys only: on a read, `rate_limited` answers 429 at once; the other values are accepted and change nothing. An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of customers. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "cust_01M96MSX0P8CR5EMG77FHBE0SW",
                     *           "object": "customer",
                     *           "mode": "sandbox",
                     *           "name": "Meera Iyer",
                     *           "email": "meera@example.com",
                     *           "phone": "+919812345678",
                     *           "vpa": "success@upi",
                     *           "metadata": {
                     *             "crm_id": "C-1042"
                     *           },
                     *           "created_at": 1796593218
                     *         }
                     *       ],
                     *       "has_more": false,
                     *       "url": "/v1/customers"
                     *     }
                     */
                    "application/json": components["schemas"]["CustomerList"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A live key over plain HTTP (`https_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createCustomer: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: 1..255 printable ASCII characters, scoped to account + mode. */
                "Idempotency-Key"?: string;
                /** @description Sandbox keys only: simulate a failure mode (comma-separated for several). An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description The customer's name, 1 to 100 characters. */
                    name: string;
                    /**
                     * Format: email
                     * @description Where to reach the customer.
                     */
                    email: string;
                    /** @description 10 to 15 digits, optionally after `+`. */
                    phone: string;
                    /** @description The UPI ID (mandate) that collections charge, e.g. `asha@okhdfc`. Read at each charge: a changed `vpa` is used from the next charge on. */
                    vpa?: string;
                    /** @description Up to 20 keys (<= 40 characters) with string values (<= 500 characters). Form: `metadata[key]=value`. */
                    metadata?: {
                        [key: string]: string;
                    };
                };
                /**
                 * @example {
                 *       "name": "Meera Iyer",
                 *       "email": "meera@example.com",
                 *       "phone": "+919812345678",
                 *       "vpa": "success@upi",
                 *       "metadata": {
                 *         "crm_id": "C-1042"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description The customer's name, 1 to 100 characters. */
                    name: string;
                    /**
                     * Format: email
                     * @description Where to reach the customer.
                     */
                    email: string;
                    /** @description 10 to 15 digits, optionally after `+`. */
                    phone: string;
                    /** @description The UPI ID (mandate) that collections charge, e.g. `asha@okhdfc`. Read at each charge: a changed `vpa` is used from the next charge on. */
                    vpa?: string;
                    /** @description Up to 20 keys (<= 40 characters) with string values (<= 500 characters). Form: `metadata[key]=value`. */
                    metadata?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description The customer. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "cust_01M96MSX0P8CR5EMG77FHBE0SW",
                     *       "object": "customer",
                     *       "mode": "sandbox",
                     *       "name": "Meera Iyer",
                     *       "email": "meera@example.com",
                     *       "phone": "+919812345678",
                     *       "vpa": "success@upi",
                     *       "metadata": {
                     *         "crm_id": "C-1042"
                     *       },
                     *       "created_at": 1796593218
                     *     }
                     */
                    "application/json": components["schemas"]["Customer"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A call the API key's role does not allow, such as an `approver` key's write (`permission_denied`); nothing was done and the Idempotency-Key stays free; or a live key over plain HTTP (`https_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The same idempotency key is still being executed (`idempotency_key_in_use`). */
            409: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body over 2 MiB, 20 MiB for payout batches (`payload_too_large`). */
            413: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body that is neither form-encoded nor JSON (`unsupported_media_type`). */
            415: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The idempotency key was used with a different method, path or parameters (`idempotency_key_reused`). */
            422: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCustomer: {
        parameters: {
            query?: never;
            header?: {
                /** @description Sandbox keys only: on a read, `rate_limited` answers 429 at once; the other values are accepted and change nothing. An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path: {
                /** @description A customer id (`cust_...`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The customer. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "cust_01M96MSX0P8CR5EMG77FHBE0SW",
                     *       "object": "customer",
                     *       "mode": "sandbox",
                     *       "name": "Meera Iyer",
                     *       "email": "meera@example.com",
                     *       "phone": "+919812345678",
                     *       "vpa": "success@upi",
                     *       "metadata": {
                     *         "crm_id": "C-1042"
                     *       },
                     *       "created_at": 1796593218
                     *     }
                     */
                    "application/json": components["schemas"]["Customer"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A live key over plain HTTP (`https_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unknown id, or an id of another account or mode (`not_found`). */
            404: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateCustomer: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: 1..255 printable ASCII characters, scoped to account + mode. */
                "Idempotency-Key"?: string;
                /** @description Sandbox keys only: simulate a failure mode (comma-separated for several). An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path: {
                /** @description A customer id (`cust_...`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description The customer's name, 1 to 100 characters. */
                    name?: string;
                    /**
                     * Format: email
                     * @description Where to reach the customer.
                     */
                    email?: string;
                    /** @description 10 to 15 digits, optionally after `+`. */
                    phone?: string;
                    /** @description The UPI ID (mandate) that collections charge, e.g. `asha@okhdfc`. Read at each charge: a changed `vpa` is used from the next charge on. */
                    vpa?: string;
                    /** @description Merged into the existing metadata (as Stripe does): the keys given are set, a key given an empty value is removed, the others stay. At most 20 keys after the merge. */
                    metadata?: {
                        [key: string]: string;
                    };
                };
                /**
                 * @example {
                 *       "phone": "+919812345679",
                 *       "metadata": {
                 *         "tier": "gold"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description The customer's name, 1 to 100 characters. */
                    name?: string;
                    /**
                     * Format: email
                     * @description Where to reach the customer.
                     */
                    email?: string;
                    /** @description 10 to 15 digits, optionally after `+`. */
                    phone?: string;
                    /** @description The UPI ID (mandate) that collections charge, e.g. `asha@okhdfc`. Read at each charge: a changed `vpa` is used from the next charge on. */
                    vpa?: string;
                    /** @description Merged into the existing metadata (as Stripe does): the keys given are set, a key given an empty value is removed, the others stay. At most 20 keys after the merge. */
                    metadata?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description The customer after the update. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "cust_01M96MSX0P8CR5EMG77FHBE0SW",
                     *       "object": "customer",
                     *       "mode": "sandbox",
                     *       "name": "Meera Iyer",
                     *       "email": "meera@example.com",
                     *       "phone": "+919812345679",
                     *       "vpa": "success@upi",
                     *       "metadata": {
                     *         "crm_id": "C-1042",
                     *         "tier": "gold"
                     *       },
                     *       "created_at": 1796593218
                     *     }
                     */
                    "application/json": components["schemas"]["Customer"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A call the API key's role does not allow, such as an `approver` key's write (`permission_denied`); nothing was done and the Idempotency-Key stays free; or a live key over plain HTTP (`https_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unknown id, or an id of another account or mode (`not_found`). */
            404: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The same idempotency key is still being executed (`idempotency_key_in_use`). */
            409: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body over 2 MiB, 20 MiB for payout batches (`payload_too_large`). */
            413: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body that is neither form-encoded nor JSON (`unsupported_media_type`). */
            415: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The idempotency key was used with a different method, path or parameters (`idempotency_key_reused`). */
            422: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPayouts: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Cursor: the id of an object of this list; returns the objects created before it. Not together with `ending_before`, and an id that names no such object, are 400. */
                starting_after?: string;
                /** @description Cursor: the id of an object of this list; returns the objects created after it. Not together with `starting_after`, and an id that names no such object, are 400. */
                ending_before?: string;
                /** @description Only objects whose `created_at` (unix seconds) is within these bounds: `created[gte]`, `created[gt]`, `created[lte]`, `created[lt]`. */
                created?: {
                    /** @description Only objects created after this time (unix seconds). */
                    gt?: number;
                    /** @description Only objects created at or after this time (unix seconds). */
                    gte?: number;
                    /** @description Only objects created before this time (unix seconds). */
                    lt?: number;
                    /** @description Only objects created at or before this time (unix seconds). */
                    lte?: number;
                };
                status?: "pending_approval" | "scheduled" | "queued" | "initiated" | "completed" | "failed" | "rejected" | "cancelled" | "reversed";
                batch_id?: string;
                beneficiary_id?: string;
            };
            header?: {
                /** @description Sandbox keys only: on a read, `rate_limited` answers 429 at once; the other values are accepted and change nothing. An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of payouts. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "pout_01M96MSX4PRRDRC2XJ50QNZD5X",
                     *           "object": "payout",
                     *           "livemode": false,
                     *           "beneficiary_id": "bene_01M96MSX1WQX7N0W9J4WKP4ZD7",
                     *           "amount": 150000,
                     *           "currency": "INR",
                     *           "mode": "upi",
                     *           "status": "completed",
                     *           "failure_reason": null,
                     *           "utr": "SBX4A149B03CDBBF",
                     *           "provider_reference": null,
                     *           "fees": 0,
                     *           "batch_id": null,
                     *           "reference": "INV-2026-0042",
                     *           "narration": "November invoice",
                     *           "metadata": {
                     *             "invoice": "INV-2026-0042"
                     *           },
                     *           "idempotency_key": "27b16748-4434-44f3-8869-8a676daa702a",
                     *           "created_at": 1796593218,
                     *           "completed_at": 1796593219,
                     *           "failed_at": null,
                     *           "reversed_at": null,
                     *           "approval": null,
                     *           "scheduled_at": null,
                     *           "rejected_at": null,
                     *           "cancelled_at": null,
                     *           "queue_if_low_balance": false,
                     *           "queued_at": null,
                     *           "queue_expires_at": null
                     *         }
                     *       ],
                     *       "has_more": false,
                     *       "url": "/v1/payouts"
                     *     }
                     */
                    "application/json": components["schemas"]["PayoutList"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A live key over plain HTTP (`https_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createPayout: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: 1..255 printable ASCII characters, scoped to account + mode. */
                "Idempotency-Key"?: string;
                /** @description Sandbox keys only: simulate a failure mode (comma-separated for several). An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "beneficiary_id": "bene_01M96MSX1WQX7N0W9J4WKP4ZD7",
                 *       "amount": 1000,
                 *       "mode": "upi"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /** @description The beneficiary receiving the funds (`bene_...`). */
                    beneficiary_id: string;
                    /** @description Paise to send, reserved from `available`; when `available` cannot cover it, 402 `insufficient_funds` and nothing is created. */
                    amount: number;
                    /**
                     * @description Currency code. Only `INR` is supported; defaults to `INR`.
                     * @default INR
                     * @enum {string}
                     */
                    currency?: "INR";
                    /**
                     * @description Transfer mode: `upi` (UPI IDs, <= 10,000,000), `imps` (<= 50,000,000), `neft`, `rtgs` (>= 20,000,000) (bank accounts). The mode must fit the beneficiary (`upi` for a UPI ID, the others for a bank account) and bound the amount; otherwise, and for any other text, 400 `invalid_method` naming `mode`.
                     * @enum {string}
                     */
                    mode: "upi" | "imps" | "neft" | "rtgs";
                    /** @description Your own reference, at most 40 characters. */
                    reference?: string;
                    /** @description Text for the beneficiary's statement, at most 30 characters. */
                    narration?: string;
                    /** @description Up to 20 keys (<= 40 characters) with string values (<= 500 characters). Form: `metadata[key]=value`. */
                    metadata?: {
                        [key: string]: string;
                    };
                    /** @description Unix seconds, 15 minutes to 90 days ahead: the payout waits `scheduled` until then (after any approval) and goes on at that time; nothing is reserved before. Otherwise 400 naming `scheduled_at`. */
                    scheduled_at?: number;
                    /** @description When `available` cannot cover the payout as it goes on (or older payouts already queue), it waits `queued`, reserving nothing, instead of 402; it goes on as soon as `available` covers it, oldest first, or ends `failed` (insufficient_funds) after 3 days. */
                    queue_if_low_balance?: boolean | ("true" | "false");
                };
                /**
                 * @example {
                 *       "beneficiary_id": "bene_01M96MSX1WQX7N0W9J4WKP4ZD7",
                 *       "amount": 1000,
                 *       "mode": "upi"
                 *     }
                 */
                "application/json": {
                    /** @description The beneficiary receiving the funds (`bene_...`). */
                    beneficiary_id: string;
                    /** @description Paise to send, reserved from `available`; when `available` cannot cover it, 402 `insufficient_funds` and nothing is created. */
                    amount: number;
                    /**
                     * @description Currency code. Only `INR` is supported; defaults to `INR`.
                     * @default INR
                     * @enum {string}
                     */
                    currency?: "INR";
                    /**
                     * @description Transfer mode: `upi` (UPI IDs, <= 10,000,000), `imps` (<= 50,000,000), `neft`, `rtgs` (>= 20,000,000) (bank accounts). The mode must fit the beneficiary (`upi` for a UPI ID, the others for a bank account) and bound the amount; otherwise, and for any other text, 400 `invalid_method` naming `mode`.
                     * @enum {string}
                     */
                    mode: "upi" | "imps" | "neft" | "rtgs";
                    /** @description Your own reference, at most 40 characters. */
                    reference?: string;
                    /** @description Text for the beneficiary's statement, at most 30 characters. */
                    narration?: string;
                    /** @description Up to 20 keys (<= 40 characters) with string values (<= 500 characters). Form: `metadata[key]=value`. */
                    metadata?: {
                        [key: string]: string;
                    };
                    /** @description Unix seconds, 15 minutes to 90 days ahead: the payout waits `scheduled` until then (after any approval) and goes on at that time; nothing is reserved before. Otherwise 400 naming `scheduled_at`. */
                    scheduled_at?: number;
                    /** @description When `available` cannot cover the payout as it goes on (or older payouts already queue), it waits `queued`, reserving nothing, instead of 402; it goes on as soon as `available` covers it, oldest first, or ends `failed` (insufficient_funds) after 3 days. */
                    queue_if_low_balance?: boolean | ("true" | "false");
                };
            };
        };
        responses: {
            /** @description The payout. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "pout_01M96MSY7K3S5KGZN3D5R2REBV",
                     *       "object": "payout",
                     *       "livemode": false,
                     *       "beneficiary_id": "bene_01M96MSX1WQX7N0W9J4WKP4ZD7",
                     *       "amount": 1000,
                     *       "currency": "INR",
                     *       "mode": "upi",
                     *       "status": "initiated",
                     *       "failure_reason": null,
                     *       "utr": null,
                     *       "provider_reference": null,
                     *       "fees": 0,
                     *       "batch_id": null,
                     *       "reference": null,
                     *       "narration": null,
                     *       "metadata": {},
                     *       "idempotency_key": "31cc8e69-e848-42e7-9c78-8105f4e5cb97",
                     *       "created_at": 1796593219,
                     *       "completed_at": null,
                     *       "failed_at": null,
                     *       "reversed_at": null,
                     *       "approval": null,
                     *       "scheduled_at": null,
                     *       "rejected_at": null,
                     *       "cancelled_at": null,
                     *       "queue_if_low_balance": false,
                     *       "queued_at": null,
                     *       "queue_expires_at": null
                     *     }
                     */
                    "application/json": components["schemas"]["Payout"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`); or a payment method or transfer mode that is unknown or does not fit (`invalid_method`); or the approval policy refuses payouts to this beneficiary until it is verified, or while its name does not match (`beneficiary_not_verified`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The available balance cannot cover the amount (`insufficient_funds`). */
            402: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A call the API key's role does not allow, such as an `approver` key's write (`permission_denied`); nothing was done and the Idempotency-Key stays free; or a live key over plain HTTP (`https_required`); or a live write that moves money on an account with no active provider connection (`connection_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unknown id, or an id of another account or mode (`not_found`). */
            404: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The same idempotency key is still being executed (`idempotency_key_in_use`). */
            409: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body over 2 MiB, 20 MiB for payout batches (`payload_too_large`). */
            413: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body that is neither form-encoded nor JSON (`unsupported_media_type`). */
            415: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The idempotency key was used with a different method, path or parameters (`idempotency_key_reused`). */
            422: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPayout: {
        parameters: {
            query?: never;
            header?: {
                /** @description Sandbox keys only: on a read, `rate_limited` answers 429 at once; the other values are accepted and change nothing. An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path: {
                /** @description A payout id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payout. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "pout_01M96MSX4PRRDRC2XJ50QNZD5X",
                     *       "object": "payout",
                     *       "livemode": false,
                     *       "beneficiary_id": "bene_01M96MSX1WQX7N0W9J4WKP4ZD7",
                     *       "amount": 150000,
                     *       "currency": "INR",
                     *       "mode": "upi",
                     *       "status": "completed",
                     *       "failure_reason": null,
                     *       "utr": "SBX4A149B03CDBBF",
                     *       "provider_reference": null,
                     *       "fees": 0,
                     *       "batch_id": null,
                     *       "reference": "INV-2026-0042",
                     *       "narration": "November invoice",
                     *       "metadata": {
                     *         "invoice": "INV-2026-0042"
                     *       },
                     *       "idempotency_key": "27b16748-4434-44f3-8869-8a676daa702a",
                     *       "created_at": 1796593218,
                     *       "completed_at": 1796593219,
                     *       "failed_at": null,
                     *       "reversed_at": null,
                     *       "approval": null,
                     *       "scheduled_at": null,
                     *       "rejected_at": null,
                     *       "cancelled_at": null,
                     *       "queue_if_low_balance": false,
                     *       "queued_at": null,
                     *       "queue_expires_at": null
                     *     }
                     */
                    "application/json": components["schemas"]["Payout"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A live key over plain HTTP (`https_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unknown id, or an id of another account or mode (`not_found`). */
            404: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    approvePayout: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: 1..255 printable ASCII characters, scoped to account + mode. */
                "Idempotency-Key"?: string;
                /** @description Sandbox keys only: simulate a failure mode (comma-separated for several). An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path: {
                /** @description A payout id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payout after the approval. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "pout_01M96MT0MA96XA7S2W8CXXPJQ1",
                     *       "object": "payout",
                     *       "livemode": false,
                     *       "beneficiary_id": "bene_01M96MSX1WQX7N0W9J4WKP4ZD7",
                     *       "amount": 250000,
                     *       "currency": "INR",
                     *       "mode": "upi",
                     *       "status": "initiated",
                     *       "failure_reason": null,
                     *       "utr": null,
                     *       "provider_reference": null,
                     *       "fees": 0,
                     *       "batch_id": null,
                     *       "reference": "INV-2026-0057",
                     *       "narration": null,
                     *       "metadata": {},
                     *       "idempotency_key": "b790b92e-19bd-4468-9461-a8a6974d9024",
                     *       "created_at": 1796593222,
                     *       "completed_at": null,
                     *       "failed_at": null,
                     *       "reversed_at": null,
                     *       "approval": {
                     *         "reasons": [
                     *           "amount_rule"
                     *         ],
                     *         "received": [
                     *           {
                     *             "key_id": "key_01M96MT0KT3NSEQDCH0KVSMDBG",
                     *             "name": "Priya (finance)",
                     *             "approved_at": 1796593222
                     *           }
                     *         ],
                     *         "required": 1,
                     *         "expires_at": 1796679622,
                     *         "beneficiary": {
                     *           "vpa": "success@upi",
                     *           "ifsc": null,
                     *           "name": "Ravi Kumar",
                     *           "type": "vpa",
                     *           "last4": null,
                     *           "paid_before": true,
                     *           "verification": null
                     *         },
                     *         "requested_by": {
                     *           "name": null,
                     *           "holder": "key_01M96MSWT86DDQD2G67D6X54VE",
                     *           "key_id": "key_01M96MSWT86DDQD2G67D6X54VE"
                     *         }
                     *       },
                     *       "scheduled_at": null,
                     *       "rejected_at": null,
                     *       "cancelled_at": null,
                     *       "queue_if_low_balance": false,
                     *       "queued_at": null,
                     *       "queue_expires_at": null
                     *     }
                     */
                    "application/json": components["schemas"]["Payout"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A call the API key's role does not allow, such as an `approver` key's write (`permission_denied`); nothing was done and the Idempotency-Key stays free; or a live key over plain HTTP (`https_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unknown id, or an id of another account or mode (`not_found`). */
            404: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The same idempotency key is still being executed (`idempotency_key_in_use`); or the action does not fit the object's status (`invalid_state`). */
            409: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The idempotency key was used with a different method, path or parameters (`idempotency_key_reused`). */
            422: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rejectPayout: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: 1..255 printable ASCII characters, scoped to account + mode. */
                "Idempotency-Key"?: string;
                /** @description Sandbox keys only: simulate a failure mode (comma-separated for several). An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path: {
                /** @description A payout id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "reason": "Duplicate of INV-2026-0042"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /** @description Why, for the payout's failure_reason.message. */
                    reason?: string;
                };
                /**
                 * @example {
                 *       "reason": "Duplicate of INV-2026-0042"
                 *     }
                 */
                "application/json": {
                    /** @description Why, for the payout's failure_reason.message. */
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description The payout rejected. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "pout_01M96MT0QCFK8B5945NCJWJFVR",
                     *       "object": "payout",
                     *       "livemode": false,
                     *       "beneficiary_id": "bene_01M96MSX1WQX7N0W9J4WKP4ZD7",
                     *       "amount": 250000,
                     *       "currency": "INR",
                     *       "mode": "upi",
                     *       "status": "rejected",
                     *       "failure_reason": {
                     *         "code": "approval_rejected",
                     *         "message": "An approver rejected this payout: Duplicate of INV-2026-0042"
                     *       },
                     *       "utr": null,
                     *       "provider_reference": null,
                     *       "fees": 0,
                     *       "batch_id": null,
                     *       "reference": "INV-2026-0057",
                     *       "narration": null,
                     *       "metadata": {},
                     *       "idempotency_key": "9cb52f16-29c6-4f76-a15e-de702f0a9cd6",
                     *       "created_at": 1796593222,
                     *       "completed_at": null,
                     *       "failed_at": null,
                     *       "reversed_at": null,
                     *       "approval": {
                     *         "reasons": [
                     *           "amount_rule"
                     *         ],
                     *         "received": [],
                     *         "required": 1,
                     *         "expires_at": 1796679622,
                     *         "beneficiary": {
                     *           "vpa": "success@upi",
                     *           "ifsc": null,
                     *           "name": "Ravi Kumar",
                     *           "type": "vpa",
                     *           "last4": null,
                     *           "paid_before": true,
                     *           "verification": null
                     *         },
                     *         "requested_by": {
                     *           "name": null,
                     *           "holder": "key_01M96MSWT86DDQD2G67D6X54VE",
                     *           "key_id": "key_01M96MSWT86DDQD2G67D6X54VE"
                     *         }
                     *       },
                     *       "scheduled_at": null,
                     *       "rejected_at": 1796593222,
                     *       "cancelled_at": null,
                     *       "queue_if_low_balance": false,
                     *       "queued_at": null,
                     *       "queue_expires_at": null
                     *     }
                     */
                    "application/json": components["schemas"]["Payout"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A call the API key's role does not allow, such as an `approver` key's write (`permission_denied`); nothing was done and the Idempotency-Key stays free; or a live key over plain HTTP (`https_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unknown id, or an id of another account or mode (`not_found`). */
            404: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The same idempotency key is still being executed (`idempotency_key_in_use`); or the action does not fit the object's status (`invalid_state`). */
            409: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body over 2 MiB, 20 MiB for payout batches (`payload_too_large`). */
            413: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body that is neither form-encoded nor JSON (`unsupported_media_type`). */
            415: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The idempotency key was used with a different method, path or parameters (`idempotency_key_reused`). */
            422: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    cancelPayout: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: 1..255 printable ASCII characters, scoped to account + mode. */
                "Idempotency-Key"?: string;
                /** @description Sandbox keys only: simulate a failure mode (comma-separated for several). An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path: {
                /** @description A payout id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payout cancelled. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "pout_01M96MT17GPCX4HES05ENC0BK4",
                     *       "object": "payout",
                     *       "livemode": false,
                     *       "beneficiary_id": "bene_01M96MSX1WQX7N0W9J4WKP4ZD7",
                     *       "amount": 5000,
                     *       "currency": "INR",
                     *       "mode": "upi",
                     *       "status": "cancelled",
                     *       "failure_reason": null,
                     *       "utr": null,
                     *       "provider_reference": null,
                     *       "fees": 0,
                     *       "batch_id": null,
                     *       "reference": null,
                     *       "narration": null,
                     *       "metadata": {},
                     *       "idempotency_key": "43332634-3836-46d0-b23f-cd5c6e22dd80",
                     *       "created_at": 1796593222,
                     *       "completed_at": null,
                     *       "failed_at": null,
                     *       "reversed_at": null,
                     *       "approval": {
                     *         "reasons": [
                     *           "after_rejection"
                     *         ],
                     *         "received": [],
                     *         "required": 1,
                     *         "expires_at": 1796679622,
                     *         "beneficiary": {
                     *           "vpa": "success@upi",
                     *           "ifsc": null,
                     *           "name": "Ravi Kumar",
                     *           "type": "vpa",
                     *           "last4": null,
                     *           "paid_before": true,
                     *           "verification": null
                     *         },
                     *         "requested_by": {
                     *           "name": null,
                     *           "holder": "key_01M96MSWT86DDQD2G67D6X54VE",
                     *           "key_id": "key_01M96MSWT86DDQD2G67D6X54VE"
                     *         }
                     *       },
                     *       "scheduled_at": 1796679622,
                     *       "rejected_at": null,
                     *       "cancelled_at": 1796593222,
                     *       "queue_if_low_balance": false,
                     *       "queued_at": null,
                     *       "queue_expires_at": null
                     *     }
                     */
                    "application/json": components["schemas"]["Payout"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A call the API key's role does not allow, such as an `approver` key's write (`permission_denied`); nothing was done and the Idempotency-Key stays free; or a live key over plain HTTP (`https_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unknown id, or an id of another account or mode (`not_found`). */
            404: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The same idempotency key is still being executed (`idempotency_key_in_use`); or the action does not fit the object's status (`invalid_state`). */
            409: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The idempotency key was used with a different method, path or parameters (`idempotency_key_reused`). */
            422: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    payoutTestHelper: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: 1..255 printable ASCII characters, scoped to account + mode. */
                "Idempotency-Key"?: string;
                /** @description Sandbox keys only: simulate a failure mode (comma-separated for several). An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path: {
                id: string;
                action: "complete" | "fail" | "reverse" | "advance";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payout after the action. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "pout_01M96MSY7K3S5KGZN3D5R2REBV",
                     *       "object": "payout",
                     *       "livemode": false,
                     *       "beneficiary_id": "bene_01M96MSX1WQX7N0W9J4WKP4ZD7",
                     *       "amount": 1000,
                     *       "currency": "INR",
                     *       "mode": "upi",
                     *       "status": "reversed",
                     *       "failure_reason": null,
                     *       "utr": "SBXCE9DCB69FCA7C",
                     *       "provider_reference": null,
                     *       "fees": 0,
                     *       "batch_id": null,
                     *       "reference": null,
                     *       "narration": null,
                     *       "metadata": {},
                     *       "idempotency_key": "31cc8e69-e848-42e7-9c78-8105f4e5cb97",
                     *       "created_at": 1796593219,
                     *       "completed_at": 1796593220,
                     *       "failed_at": null,
                     *       "reversed_at": 1796593220,
                     *       "approval": null,
                     *       "scheduled_at": null,
                     *       "rejected_at": null,
                     *       "cancelled_at": null,
                     *       "queue_if_low_balance": false,
                     *       "queued_at": null,
                     *       "queue_expires_at": null
                     *     }
                     */
                    "application/json": components["schemas"]["Payout"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A call the API key's role does not allow, such as an `approver` key's write (`permission_denied`); nothing was done and the Idempotency-Key stays free; or a live key over plain HTTP (`https_required`); or a test helper called with a live key (`sandbox_only`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unknown id, or an id of another account or mode (`not_found`). */
            404: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The same idempotency key is still being executed (`idempotency_key_in_use`); or the action does not fit the object's status (`invalid_state`). */
            409: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The idempotency key was used with a different method, path or parameters (`idempotency_key_reused`). */
            422: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPayoutBatches: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Cursor: the id of an object of this list; returns the objects created before it. Not together with `ending_before`, and an id that names no such object, are 400. */
                starting_after?: string;
                /** @description Cursor: the id of an object of this list; returns the objects created after it. Not together with `starting_after`, and an id that names no such object, are 400. */
                ending_before?: string;
                /** @description Only objects whose `created_at` (unix seconds) is within these bounds: `created[gte]`, `created[gt]`, `created[lte]`, `created[lt]`. */
                created?: {
                    /** @description Only objects created after this time (unix seconds). */
                    gt?: number;
                    /** @description Only objects created at or after this time (unix seconds). */
                    gte?: number;
                    /** @description Only objects created before this time (unix seconds). */
                    lt?: number;
                    /** @description Only objects created at or before this time (unix seconds). */
                    lte?: number;
                };
                status?: "pending_approval" | "scheduled" | "processing" | "completed" | "rejected" | "cancelled";
            };
            header?: {
                /** @description Sandbox keys only: on a read, `rate_limited` answers 429 at once; the other values are accepted and change nothing. An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of payout batches. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "pbat_01M96MSZC5C28HSVX1Z8TZEV72",
                     *           "object": "payout_batch",
                     *           "mode": "sandbox",
                     *           "status": "completed",
                     *           "reference": "payroll-2026-11",
                     *           "idempotency_key": "aebfb616-238d-4c71-a0e0-e2d31a3eeaad",
                     *           "total_count": 2,
                     *           "total_amount": 97000,
                     *           "counts": {
                     *             "pending_approval": 0,
                     *             "scheduled": 0,
                     *             "queued": 0,
                     *             "initiated": 0,
                     *             "completed": 2,
                     *             "failed": 0,
                     *             "rejected": 0,
                     *             "cancelled": 0,
                     *             "reversed": 0
                     *           },
                     *           "created_at": 1796593220,
                     *           "completed_at": 1796593222,
                     *           "queue_if_low_balance": false,
                     *           "approval": null,
                     *           "scheduled_at": null
                     *         }
                     *       ],
                     *       "has_more": false,
                     *       "url": "/v1/payout_batches"
                     *     }
                     */
                    "application/json": components["schemas"]["PayoutBatchList"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A live key over plain HTTP (`https_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createPayoutBatch: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: 1..255 printable ASCII characters, scoped to account + mode. */
                "Idempotency-Key"?: string;
                /** @description Sandbox keys only: simulate a failure mode (comma-separated for several). An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description The payouts, 1 to 10000. Form: `payouts[0][beneficiary_id]=...&payouts[0][amount]=...`. */
                    payouts: {
                        /** @description The beneficiary receiving the funds (`bene_...`). An unknown one fails this item only. */
                        beneficiary_id: string;
                        /** @description Paise to send. */
                        amount: number;
                        /** @description Transfer mode: `upi`, `imps`, `neft` or `rtgs`. A mode that does not fit fails this item only (`invalid_method`). */
                        mode: string;
                        /** @description Required, unique within the batch. A key that already created a payout (alone or in an earlier batch) joins this batch by reference: no money moves twice. */
                        idempotency_key: string;
                        /** @description Your own reference, at most 40 characters. */
                        reference?: string;
                        /** @description Text for the beneficiary's statement, at most 30 characters. */
                        narration?: string;
                        /** @description Up to 20 keys (<= 40 characters) with string values (<= 500 characters). Form: `metadata[key]=value`. */
                        metadata?: {
                            [key: string]: string;
                        };
                    }[];
                    /** @description Your own reference for the batch, at most 40 characters. */
                    reference?: string;
                    /** @description Unix seconds, 15 minutes to 90 days ahead: the batch waits `scheduled` until then (after any approval), then its payouts go on. */
                    scheduled_at?: number;
                    /** @description Each item that `available` cannot cover as it goes on (or that finds older payouts queued) waits `queued` for money, oldest first, instead of failing insufficient_funds; the batch stays `processing` meanwhile. */
                    queue_if_low_balance?: boolean | ("true" | "false");
                };
                /**
                 * @example {
                 *       "reference": "payroll-2026-11",
                 *       "payouts": [
                 *         {
                 *           "beneficiary_id": "bene_01M96MSX1WQX7N0W9J4WKP4ZD7",
                 *           "amount": 45000,
                 *           "mode": "upi",
                 *           "idempotency_key": "payroll-2026-11/emp-001",
                 *           "reference": "emp-001",
                 *           "narration": "November salary"
                 *         },
                 *         {
                 *           "beneficiary_id": "bene_01M96MSX1WQX7N0W9J4WKP4ZD7",
                 *           "amount": 52000,
                 *           "mode": "upi",
                 *           "idempotency_key": "payroll-2026-11/emp-002",
                 *           "reference": "emp-002",
                 *           "narration": "November salary"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description The payouts, 1 to 10000. Form: `payouts[0][beneficiary_id]=...&payouts[0][amount]=...`. */
                    payouts: {
                        /** @description The beneficiary receiving the funds (`bene_...`). An unknown one fails this item only. */
                        beneficiary_id: string;
                        /** @description Paise to send. */
                        amount: number;
                        /** @description Transfer mode: `upi`, `imps`, `neft` or `rtgs`. A mode that does not fit fails this item only (`invalid_method`). */
                        mode: string;
                        /** @description Required, unique within the batch. A key that already created a payout (alone or in an earlier batch) joins this batch by reference: no money moves twice. */
                        idempotency_key: string;
                        /** @description Your own reference, at most 40 characters. */
                        reference?: string;
                        /** @description Text for the beneficiary's statement, at most 30 characters. */
                        narration?: string;
                        /** @description Up to 20 keys (<= 40 characters) with string values (<= 500 characters). Form: `metadata[key]=value`. */
                        metadata?: {
                            [key: string]: string;
                        };
                    }[];
                    /** @description Your own reference for the batch, at most 40 characters. */
                    reference?: string;
                    /** @description Unix seconds, 15 minutes to 90 days ahead: the batch waits `scheduled` until then (after any approval), then its payouts go on. */
                    scheduled_at?: number;
                    /** @description Each item that `available` cannot cover as it goes on (or that finds older payouts queued) waits `queued` for money, oldest first, instead of failing insufficient_funds; the batch stays `processing` meanwhile. */
                    queue_if_low_balance?: boolean | ("true" | "false");
                };
            };
        };
        responses: {
            /** @description The batch with live counts. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "pbat_01M96MSZC5C28HSVX1Z8TZEV72",
                     *       "object": "payout_batch",
                     *       "mode": "sandbox",
                     *       "status": "processing",
                     *       "reference": "payroll-2026-11",
                     *       "idempotency_key": "aebfb616-238d-4c71-a0e0-e2d31a3eeaad",
                     *       "total_count": 2,
                     *       "total_amount": 97000,
                     *       "counts": {
                     *         "pending_approval": 0,
                     *         "scheduled": 0,
                     *         "queued": 0,
                     *         "initiated": 0,
                     *         "completed": 0,
                     *         "failed": 0,
                     *         "rejected": 0,
                     *         "cancelled": 0,
                     *         "reversed": 0
                     *       },
                     *       "created_at": 1796593220,
                     *       "completed_at": null,
                     *       "queue_if_low_balance": false,
                     *       "approval": null,
                     *       "scheduled_at": null
                     *     }
                     */
                    "application/json": components["schemas"]["PayoutBatch"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A call the API key's role does not allow, such as an `approver` key's write (`permission_denied`); nothing was done and the Idempotency-Key stays free; or a live key over plain HTTP (`https_required`); or a live write that moves money on an account with no active provider connection (`connection_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The same idempotency key is still being executed (`idempotency_key_in_use`). */
            409: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body over 2 MiB, 20 MiB for payout batches (`payload_too_large`). */
            413: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body that is neither form-encoded nor JSON (`unsupported_media_type`). */
            415: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The idempotency key was used with a different method, path or parameters (`idempotency_key_reused`). */
            422: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPayoutBatch: {
        parameters: {
            query?: never;
            header?: {
                /** @description Sandbox keys only: on a read, `rate_limited` answers 429 at once; the other values are accepted and change nothing. An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path: {
                /** @description A payout batch id (`pbat_...`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payout batch. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "pbat_01M96MSZC5C28HSVX1Z8TZEV72",
                     *       "object": "payout_batch",
                     *       "mode": "sandbox",
                     *       "status": "completed",
                     *       "reference": "payroll-2026-11",
                     *       "idempotency_key": "aebfb616-238d-4c71-a0e0-e2d31a3eeaad",
                     *       "total_count": 2,
                     *       "total_amount": 97000,
                     *       "counts": {
                     *         "pending_approval": 0,
                     *         "scheduled": 0,
                     *         "queued": 0,
                     *         "initiated": 0,
                     *         "completed": 2,
                     *         "failed": 0,
                     *         "rejected": 0,
                     *         "cancelled": 0,
                     *         "reversed": 0
                     *       },
                     *       "created_at": 1796593220,
                     *       "completed_at": 1796593222,
                     *       "queue_if_low_balance": false,
                     *       "approval": null,
                     *       "scheduled_at": null
                     *     }
                     */
                    "application/json": components["schemas"]["PayoutBatch"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A live key over plain HTTP (`https_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unknown id, or an id of another account or mode (`not_found`). */
            404: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    approvePayoutBatch: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: 1..255 printable ASCII characters, scoped to account + mode. */
                "Idempotency-Key"?: string;
                /** @description Sandbox keys only: simulate a failure mode (comma-separated for several). An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path: {
                /** @description A payout batch id (`pbat_...`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The batch after the approval. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "pbat_01M96MT0TF0S0K5YWJSG7XRKFF",
                     *       "object": "payout_batch",
                     *       "mode": "sandbox",
                     *       "status": "processing",
                     *       "reference": "bonus-2026-11",
                     *       "idempotency_key": "27d2c252-7466-4c70-8faf-d070cc26991b",
                     *       "total_count": 2,
                     *       "total_amount": 120000,
                     *       "counts": {
                     *         "pending_approval": 2,
                     *         "scheduled": 0,
                     *         "queued": 0,
                     *         "initiated": 0,
                     *         "completed": 0,
                     *         "failed": 0,
                     *         "rejected": 0,
                     *         "cancelled": 0,
                     *         "reversed": 0
                     *       },
                     *       "created_at": 1796593222,
                     *       "completed_at": null,
                     *       "queue_if_low_balance": false,
                     *       "approval": {
                     *         "reasons": [
                     *           "amount_rule"
                     *         ],
                     *         "summary": {
                     *           "largest_items": [
                     *             {
                     *               "amount": 60000,
                     *               "beneficiary_id": "bene_01M96MSX1WQX7N0W9J4WKP4ZD7",
                     *               "idempotency_key": "bonus-2026-11/emp-001"
                     *             },
                     *             {
                     *               "amount": 60000,
                     *               "beneficiary_id": "bene_01M96MSX1WQX7N0W9J4WKP4ZD7",
                     *               "idempotency_key": "bonus-2026-11/emp-002"
                     *             }
                     *           ],
                     *           "new_beneficiaries": 0,
                     *           "joined_by_reference": 0,
                     *           "unverified_beneficiaries": 0
                     *         },
                     *         "received": [
                     *           {
                     *             "key_id": "key_01M96MT0KT3NSEQDCH0KVSMDBG",
                     *             "name": "Priya (finance)",
                     *             "approved_at": 1796593222
                     *           }
                     *         ],
                     *         "required": 1,
                     *         "expires_at": 1796679622,
                     *         "requested_by": {
                     *           "name": null,
                     *           "holder": "key_01M96MSWT86DDQD2G67D6X54VE",
                     *           "key_id": "key_01M96MSWT86DDQD2G67D6X54VE"
                     *         }
                     *       },
                     *       "scheduled_at": null
                     *     }
                     */
                    "application/json": components["schemas"]["PayoutBatch"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A call the API key's role does not allow, such as an `approver` key's write (`permission_denied`); nothing was done and the Idempotency-Key stays free; or a live key over plain HTTP (`https_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unknown id, or an id of another account or mode (`not_found`). */
            404: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The same idempotency key is still being executed (`idempotency_key_in_use`); or the action does not fit the object's status (`invalid_state`). */
            409: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The idempotency key was used with a different method, path or parameters (`idempotency_key_reused`). */
            422: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rejectPayoutBatch: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: 1..255 printable ASCII characters, scoped to account + mode. */
                "Idempotency-Key"?: string;
                /** @description Sandbox keys only: simulate a failure mode (comma-separated for several). An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path: {
                /** @description A payout batch id (`pbat_...`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "reason": "Bonus not signed off"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /** @description Why, for the payout's failure_reason.message. */
                    reason?: string;
                };
                /**
                 * @example {
                 *       "reason": "Bonus not signed off"
                 *     }
                 */
                "application/json": {
                    /** @description Why, for the payout's failure_reason.message. */
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description The batch rejected. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "pbat_01M96MT0X2QF2AABDR8PNAMQWV",
                     *       "object": "payout_batch",
                     *       "mode": "sandbox",
                     *       "status": "rejected",
                     *       "reference": "bonus-2026-12",
                     *       "idempotency_key": "952ed582-85d6-4fb4-867f-2af5f3bdaa19",
                     *       "total_count": 2,
                     *       "total_amount": 120000,
                     *       "counts": {
                     *         "pending_approval": 0,
                     *         "scheduled": 0,
                     *         "queued": 0,
                     *         "initiated": 0,
                     *         "completed": 0,
                     *         "failed": 0,
                     *         "rejected": 2,
                     *         "cancelled": 0,
                     *         "reversed": 0
                     *       },
                     *       "created_at": 1796593222,
                     *       "completed_at": null,
                     *       "queue_if_low_balance": false,
                     *       "approval": {
                     *         "reasons": [
                     *           "amount_rule"
                     *         ],
                     *         "summary": {
                     *           "largest_items": [
                     *             {
                     *               "amount": 60000,
                     *               "beneficiary_id": "bene_01M96MSX1WQX7N0W9J4WKP4ZD7",
                     *               "idempotency_key": "bonus-2026-12/emp-001"
                     *             },
                     *             {
                     *               "amount": 60000,
                     *               "beneficiary_id": "bene_01M96MSX1WQX7N0W9J4WKP4ZD7",
                     *               "idempotency_key": "bonus-2026-12/emp-002"
                     *             }
                     *           ],
                     *           "new_beneficiaries": 0,
                     *           "joined_by_reference": 0,
                     *           "unverified_beneficiaries": 0
                     *         },
                     *         "received": [],
                     *         "required": 1,
                     *         "expires_at": 1796679622,
                     *         "requested_by": {
                     *           "name": null,
                     *           "holder": "key_01M96MSWT86DDQD2G67D6X54VE",
                     *           "key_id": "key_01M96MSWT86DDQD2G67D6X54VE"
                     *         }
                     *       },
                     *       "scheduled_at": null
                     *     }
                     */
                    "application/json": components["schemas"]["PayoutBatch"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A call the API key's role does not allow, such as an `approver` key's write (`permission_denied`); nothing was done and the Idempotency-Key stays free; or a live key over plain HTTP (`https_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unknown id, or an id of another account or mode (`not_found`). */
            404: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The same idempotency key is still being executed (`idempotency_key_in_use`); or the action does not fit the object's status (`invalid_state`). */
            409: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body over 2 MiB, 20 MiB for payout batches (`payload_too_large`). */
            413: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body that is neither form-encoded nor JSON (`unsupported_media_type`). */
            415: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The idempotency key was used with a different method, path or parameters (`idempotency_key_reused`). */
            422: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    cancelPayoutBatch: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: 1..255 printable ASCII characters, scoped to account + mode. */
                "Idempotency-Key"?: string;
                /** @description Sandbox keys only: simulate a failure mode (comma-separated for several). An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path: {
                /** @description A payout batch id (`pbat_...`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The batch cancelled. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "pbat_01M96MT12D964WAVWFTXWWCXC6",
                     *       "object": "payout_batch",
                     *       "mode": "sandbox",
                     *       "status": "cancelled",
                     *       "reference": "stipend-2026-12",
                     *       "idempotency_key": "c7b2d5bb-7905-4dc8-9e58-26f884da9ce8",
                     *       "total_count": 1,
                     *       "total_amount": 5000,
                     *       "counts": {
                     *         "pending_approval": 0,
                     *         "scheduled": 0,
                     *         "queued": 0,
                     *         "initiated": 0,
                     *         "completed": 0,
                     *         "failed": 0,
                     *         "rejected": 0,
                     *         "cancelled": 1,
                     *         "reversed": 0
                     *       },
                     *       "created_at": 1796593222,
                     *       "completed_at": null,
                     *       "queue_if_low_balance": false,
                     *       "approval": null,
                     *       "scheduled_at": 1796679622
                     *     }
                     */
                    "application/json": components["schemas"]["PayoutBatch"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A call the API key's role does not allow, such as an `approver` key's write (`permission_denied`); nothing was done and the Idempotency-Key stays free; or a live key over plain HTTP (`https_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unknown id, or an id of another account or mode (`not_found`). */
            404: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The same idempotency key is still being executed (`idempotency_key_in_use`); or the action does not fit the object's status (`invalid_state`). */
            409: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The idempotency key was used with a different method, path or parameters (`idempotency_key_reused`). */
            422: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    advancePayoutBatch: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: 1..255 printable ASCII characters, scoped to account + mode. */
                "Idempotency-Key"?: string;
                /** @description Sandbox keys only: simulate a failure mode (comma-separated for several). An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path: {
                /** @description A payout batch id (`pbat_...`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The batch after the advance. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "pbat_01M96MT14WEE5N5VFQAK0R8HZP",
                     *       "object": "payout_batch",
                     *       "mode": "sandbox",
                     *       "status": "processing",
                     *       "reference": "stipend-2027-01",
                     *       "idempotency_key": "b63d850c-4380-4b06-94be-501ba34dd75c",
                     *       "total_count": 1,
                     *       "total_amount": 5000,
                     *       "counts": {
                     *         "pending_approval": 0,
                     *         "scheduled": 1,
                     *         "queued": 0,
                     *         "initiated": 0,
                     *         "completed": 0,
                     *         "failed": 0,
                     *         "rejected": 0,
                     *         "cancelled": 0,
                     *         "reversed": 0
                     *       },
                     *       "created_at": 1796593222,
                     *       "completed_at": null,
                     *       "queue_if_low_balance": false,
                     *       "approval": null,
                     *       "scheduled_at": 1796679622
                     *     }
                     */
                    "application/json": components["schemas"]["PayoutBatch"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A call the API key's role does not allow, such as an `approver` key's write (`permission_denied`); nothing was done and the Idempotency-Key stays free; or a live key over plain HTTP (`https_required`); or a test helper called with a live key (`sandbox_only`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unknown id, or an id of another account or mode (`not_found`). */
            404: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The same idempotency key is still being executed (`idempotency_key_in_use`); or the action does not fit the object's status (`invalid_state`). */
            409: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The idempotency key was used with a different method, path or parameters (`idempotency_key_reused`). */
            422: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPayments: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Cursor: the id of an object of this list; returns the objects created before it. Not together with `ending_before`, and an id that names no such object, are 400. */
                starting_after?: string;
                /** @description Cursor: the id of an object of this list; returns the objects created after it. Not together with `starting_after`, and an id that names no such object, are 400. */
                ending_before?: string;
                /** @description Only objects whose `created_at` (unix seconds) is within these bounds: `created[gte]`, `created[gt]`, `created[lte]`, `created[lt]`. */
                created?: {
                    /** @description Only objects created after this time (unix seconds). */
                    gt?: number;
                    /** @description Only objects created at or after this time (unix seconds). */
                    gte?: number;
                    /** @description Only objects created before this time (unix seconds). */
                    lt?: number;
                    /** @description Only objects created at or before this time (unix seconds). */
                    lte?: number;
                };
                status?: "pending" | "captured" | "failed";
                customer_id?: string;
                receipt?: string;
                /** @description Only the payments this settlement settled. */
                settlement_id?: string;
                /** @description Only the charges of this collection. */
                collection_id?: string;
                /** @description Only the payments made on this payment link (every attempt, captured or not). */
                payment_link_id?: string;
            };
            header?: {
                /** @description Sandbox keys only: on a read, `rate_limited` answers 429 at once; the other values are accepted and change nothing. An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of payments. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "pay_01M96MT1AZTZHC2NV7D1BNXF80",
                     *           "object": "payment",
                     *           "mode": "sandbox",
                     *           "amount": 49900,
                     *           "currency": "INR",
                     *           "status": "captured",
                     *           "receipt": "order-7781",
                     *           "customer_id": "cust_01M96MSX0P8CR5EMG77FHBE0SW",
                     *           "description": "Two books",
                     *           "metadata": {
                     *             "order_id": "7781"
                     *           },
                     *           "amount_refunded": 0,
                     *           "failure_code": null,
                     *           "failure_message": null,
                     *           "settlement_id": null,
                     *           "collection_id": null,
                     *           "payment_link_id": null,
                     *           "idempotency_key": "c7136e92-5f57-4484-87c2-f3012ec549f2",
                     *           "next_action": null,
                     *           "return_url": null,
                     *           "provider_reference": null,
                     *           "created_at": 1796593223,
                     *           "captured_at": 1796593223,
                     *           "failed_at": null,
                     *           "method": "upi",
                     *           "vpa": "success@upi",
                     *           "bank": null
                     *         }
                     *       ],
                     *       "has_more": false,
                     *       "url": "/v1/payments"
                     *     }
                     */
                    "application/json": components["schemas"]["PaymentList"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A live key over plain HTTP (`https_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createPayment: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: 1..255 printable ASCII characters, scoped to account + mode. */
                "Idempotency-Key"?: string;
                /** @description Sandbox keys only: simulate a failure mode (comma-separated for several). An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["CreateUpiPayment"] | components["schemas"]["CreateNetbankingPayment"];
                /**
                 * @example {
                 *       "amount": 49900,
                 *       "method": "upi",
                 *       "vpa": "success@upi",
                 *       "customer_id": "cust_01M96MSX0P8CR5EMG77FHBE0SW",
                 *       "receipt": "order-7781",
                 *       "description": "Two books",
                 *       "metadata": {
                 *         "order_id": "7781"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["CreateUpiPayment"] | components["schemas"]["CreateNetbankingPayment"];
            };
        };
        responses: {
            /** @description The payment. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "pay_01M96MT1AZTZHC2NV7D1BNXF80",
                     *       "object": "payment",
                     *       "mode": "sandbox",
                     *       "amount": 49900,
                     *       "currency": "INR",
                     *       "status": "captured",
                     *       "receipt": "order-7781",
                     *       "customer_id": "cust_01M96MSX0P8CR5EMG77FHBE0SW",
                     *       "description": "Two books",
                     *       "metadata": {
                     *         "order_id": "7781"
                     *       },
                     *       "amount_refunded": 0,
                     *       "failure_code": null,
                     *       "failure_message": null,
                     *       "settlement_id": null,
                     *       "collection_id": null,
                     *       "payment_link_id": null,
                     *       "idempotency_key": "c7136e92-5f57-4484-87c2-f3012ec549f2",
                     *       "next_action": null,
                     *       "return_url": null,
                     *       "provider_reference": null,
                     *       "created_at": 1796593223,
                     *       "captured_at": 1796593223,
                     *       "failed_at": null,
                     *       "method": "upi",
                     *       "vpa": "success@upi",
                     *       "bank": null
                     *     }
                     */
                    "application/json": components["schemas"]["Payment"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`); or a payment method or transfer mode that is unknown or does not fit (`invalid_method`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A call the API key's role does not allow, such as an `approver` key's write (`permission_denied`); nothing was done and the Idempotency-Key stays free; or a live key over plain HTTP (`https_required`); or a live write that moves money on an account with no active provider connection (`connection_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unknown id, or an id of another account or mode (`not_found`). */
            404: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The same idempotency key is still being executed (`idempotency_key_in_use`). */
            409: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body over 2 MiB, 20 MiB for payout batches (`payload_too_large`). */
            413: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body that is neither form-encoded nor JSON (`unsupported_media_type`). */
            415: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The idempotency key was used with a different method, path or parameters (`idempotency_key_reused`). */
            422: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPayment: {
        parameters: {
            query?: never;
            header?: {
                /** @description Sandbox keys only: on a read, `rate_limited` answers 429 at once; the other values are accepted and change nothing. An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path: {
                /** @description A payment id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payment. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "pay_01M96MT1AZTZHC2NV7D1BNXF80",
                     *       "object": "payment",
                     *       "mode": "sandbox",
                     *       "amount": 49900,
                     *       "currency": "INR",
                     *       "status": "captured",
                     *       "receipt": "order-7781",
                     *       "customer_id": "cust_01M96MSX0P8CR5EMG77FHBE0SW",
                     *       "description": "Two books",
                     *       "metadata": {
                     *         "order_id": "7781"
                     *       },
                     *       "amount_refunded": 0,
                     *       "failure_code": null,
                     *       "failure_message": null,
                     *       "settlement_id": null,
                     *       "collection_id": null,
                     *       "payment_link_id": null,
                     *       "idempotency_key": "c7136e92-5f57-4484-87c2-f3012ec549f2",
                     *       "next_action": null,
                     *       "return_url": null,
                     *       "provider_reference": null,
                     *       "created_at": 1796593223,
                     *       "captured_at": 1796593223,
                     *       "failed_at": null,
                     *       "method": "upi",
                     *       "vpa": "success@upi",
                     *       "bank": null
                     *     }
                     */
                    "application/json": components["schemas"]["Payment"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A live key over plain HTTP (`https_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unknown id, or an id of another account or mode (`not_found`). */
            404: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listRefunds: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Cursor: the id of an object of this list; returns the objects created before it. Not together with `ending_before`, and an id that names no such object, are 400. */
                starting_after?: string;
                /** @description Cursor: the id of an object of this list; returns the objects created after it. Not together with `starting_after`, and an id that names no such object, are 400. */
                ending_before?: string;
                /** @description Only objects whose `created_at` (unix seconds) is within these bounds: `created[gte]`, `created[gt]`, `created[lte]`, `created[lt]`. */
                created?: {
                    /** @description Only objects created after this time (unix seconds). */
                    gt?: number;
                    /** @description Only objects created at or after this time (unix seconds). */
                    gte?: number;
                    /** @description Only objects created before this time (unix seconds). */
                    lt?: number;
                    /** @description Only objects created at or before this time (unix seconds). */
                    lte?: number;
                };
                payment_id?: string;
                status?: "pending" | "processed" | "failed";
            };
            header?: {
                /** @description Sandbox keys only: on a read, `rate_limited` answers 429 at once; the other values are accepted and change nothing. An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of refunds. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "rfnd_01M96MT1D8266DAMCHGBE0M5Q1",
                     *           "object": "refund",
                     *           "mode": "sandbox",
                     *           "payment_id": "pay_01M96MT1AZTZHC2NV7D1BNXF80",
                     *           "amount": 9900,
                     *           "currency": "INR",
                     *           "status": "processed",
                     *           "reason": "One book returned",
                     *           "metadata": {},
                     *           "failure_code": null,
                     *           "failure_message": null,
                     *           "utr": "SBXR86DAD2BF350EC",
                     *           "idempotency_key": "08e440ee-41eb-4094-b628-576f1b911015",
                     *           "created_at": 1796593223,
                     *           "processed_at": 1796593224,
                     *           "failed_at": null
                     *         }
                     *       ],
                     *       "has_more": false,
                     *       "url": "/v1/refunds"
                     *     }
                     */
                    "application/json": components["schemas"]["RefundList"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A live key over plain HTTP (`https_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createRefund: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: 1..255 printable ASCII characters, scoped to account + mode. */
                "Idempotency-Key"?: string;
                /** @description Sandbox keys only: simulate a failure mode (comma-separated for several). An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "payment_id": "pay_01M96MT1AZTZHC2NV7D1BNXF80",
                 *       "amount": 9900,
                 *       "reason": "One book returned"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /** @description The captured payment to refund (`pay_...`). It must have that much left to refund: otherwise 400 naming `amount`. */
                    payment_id: string;
                    /** @description Paise to give back; default: all that is still refundable. */
                    amount?: number;
                    /** @description Why, at most 255 characters. */
                    reason?: string;
                    /** @description Up to 20 keys (<= 40 characters) with string values (<= 500 characters). Form: `metadata[key]=value`. */
                    metadata?: {
                        [key: string]: string;
                    };
                };
                /**
                 * @example {
                 *       "payment_id": "pay_01M96MT1AZTZHC2NV7D1BNXF80",
                 *       "amount": 9900,
                 *       "reason": "One book returned"
                 *     }
                 */
                "application/json": {
                    /** @description The captured payment to refund (`pay_...`). It must have that much left to refund: otherwise 400 naming `amount`. */
                    payment_id: string;
                    /** @description Paise to give back; default: all that is still refundable. */
                    amount?: number;
                    /** @description Why, at most 255 characters. */
                    reason?: string;
                    /** @description Up to 20 keys (<= 40 characters) with string values (<= 500 characters). Form: `metadata[key]=value`. */
                    metadata?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description The refund. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "rfnd_01M96MT1D8266DAMCHGBE0M5Q1",
                     *       "object": "refund",
                     *       "mode": "sandbox",
                     *       "payment_id": "pay_01M96MT1AZTZHC2NV7D1BNXF80",
                     *       "amount": 9900,
                     *       "currency": "INR",
                     *       "status": "pending",
                     *       "reason": "One book returned",
                     *       "metadata": {},
                     *       "failure_code": null,
                     *       "failure_message": null,
                     *       "utr": null,
                     *       "idempotency_key": "08e440ee-41eb-4094-b628-576f1b911015",
                     *       "created_at": 1796593223,
                     *       "processed_at": null,
                     *       "failed_at": null
                     *     }
                     */
                    "application/json": components["schemas"]["Refund"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The available balance cannot cover the amount (`insufficient_funds`). */
            402: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A call the API key's role does not allow, such as an `approver` key's write (`permission_denied`); nothing was done and the Idempotency-Key stays free; or a live key over plain HTTP (`https_required`); or a live write that moves money on an account with no active provider connection (`connection_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unknown id, or an id of another account or mode (`not_found`). */
            404: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The same idempotency key is still being executed (`idempotency_key_in_use`); or the action does not fit the object's status (`invalid_state`). */
            409: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body over 2 MiB, 20 MiB for payout batches (`payload_too_large`). */
            413: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body that is neither form-encoded nor JSON (`unsupported_media_type`). */
            415: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The idempotency key was used with a different method, path or parameters (`idempotency_key_reused`). */
            422: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getRefund: {
        parameters: {
            query?: never;
            header?: {
                /** @description Sandbox keys only: on a read, `rate_limited` answers 429 at once; the other values are accepted and change nothing. An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path: {
                /** @description A refund id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The refund. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "rfnd_01M96MT1D8266DAMCHGBE0M5Q1",
                     *       "object": "refund",
                     *       "mode": "sandbox",
                     *       "payment_id": "pay_01M96MT1AZTZHC2NV7D1BNXF80",
                     *       "amount": 9900,
                     *       "currency": "INR",
                     *       "status": "processed",
                     *       "reason": "One book returned",
                     *       "metadata": {},
                     *       "failure_code": null,
                     *       "failure_message": null,
                     *       "utr": "SBXR86DAD2BF350EC",
                     *       "idempotency_key": "08e440ee-41eb-4094-b628-576f1b911015",
                     *       "created_at": 1796593223,
                     *       "processed_at": 1796593224,
                     *       "failed_at": null
                     *     }
                     */
                    "application/json": components["schemas"]["Refund"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A live key over plain HTTP (`https_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unknown id, or an id of another account or mode (`not_found`). */
            404: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listSettlements: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Cursor: the id of an object of this list; returns the objects created before it. Not together with `ending_before`, and an id that names no such object, are 400. */
                starting_after?: string;
                /** @description Cursor: the id of an object of this list; returns the objects created after it. Not together with `starting_after`, and an id that names no such object, are 400. */
                ending_before?: string;
                /** @description Only objects whose `created_at` (unix seconds) is within these bounds: `created[gte]`, `created[gt]`, `created[lte]`, `created[lt]`. */
                created?: {
                    /** @description Only objects created after this time (unix seconds). */
                    gt?: number;
                    /** @description Only objects created at or after this time (unix seconds). */
                    gte?: number;
                    /** @description Only objects created before this time (unix seconds). */
                    lt?: number;
                    /** @description Only objects created at or before this time (unix seconds). */
                    lte?: number;
                };
            };
            header?: {
                /** @description Sandbox keys only: on a read, `rate_limited` answers 429 at once; the other values are accepted and change nothing. An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of settlements. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "setl_01M96MT2GKKBAM3BSPJ0KAK32P",
                     *           "object": "settlement",
                     *           "mode": "sandbox",
                     *           "amount": 49900,
                     *           "currency": "INR",
                     *           "payment_count": 1,
                     *           "status": "processed",
                     *           "utr": "SETLEBD4E3071FF3",
                     *           "provider_reference": null,
                     *           "fees": 0,
                     *           "created_at": 1796593224
                     *         }
                     *       ],
                     *       "has_more": false,
                     *       "url": "/v1/settlements"
                     *     }
                     */
                    "application/json": components["schemas"]["SettlementList"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A live key over plain HTTP (`https_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSettlement: {
        parameters: {
            query?: never;
            header?: {
                /** @description Sandbox keys only: on a read, `rate_limited` answers 429 at once; the other values are accepted and change nothing. An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path: {
                /** @description A settlement id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settlement. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "setl_01M96MT2GKKBAM3BSPJ0KAK32P",
                     *       "object": "settlement",
                     *       "mode": "sandbox",
                     *       "amount": 49900,
                     *       "currency": "INR",
                     *       "payment_count": 1,
                     *       "status": "processed",
                     *       "utr": "SETLEBD4E3071FF3",
                     *       "provider_reference": null,
                     *       "fees": 0,
                     *       "created_at": 1796593224
                     *     }
                     */
                    "application/json": components["schemas"]["Settlement"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A live key over plain HTTP (`https_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unknown id, or an id of another account or mode (`not_found`). */
            404: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    runSettlement: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: 1..255 printable ASCII characters, scoped to account + mode. */
                "Idempotency-Key"?: string;
                /** @description Sandbox keys only: simulate a failure mode (comma-separated for several). An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": Record<string, never>;
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description The settlements this run created. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "setl_01M96MT2GKKBAM3BSPJ0KAK32P",
                     *           "object": "settlement",
                     *           "mode": "sandbox",
                     *           "amount": 49900,
                     *           "currency": "INR",
                     *           "payment_count": 1,
                     *           "status": "processed",
                     *           "utr": "SETLEBD4E3071FF3",
                     *           "provider_reference": null,
                     *           "fees": 0,
                     *           "created_at": 1796593224
                     *         }
                     *       ],
                     *       "has_more": false,
                     *       "url": "/v1/settlements"
                     *     }
                     */
                    "application/json": components["schemas"]["SettlementList"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A call the API key's role does not allow, such as an `approver` key's write (`permission_denied`); nothing was done and the Idempotency-Key stays free; or a live key over plain HTTP (`https_required`); or a test helper called with a live key (`sandbox_only`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The same idempotency key is still being executed (`idempotency_key_in_use`). */
            409: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body over 2 MiB, 20 MiB for payout batches (`payload_too_large`). */
            413: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body that is neither form-encoded nor JSON (`unsupported_media_type`). */
            415: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The idempotency key was used with a different method, path or parameters (`idempotency_key_reused`). */
            422: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listMandates: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Cursor: the id of an object of this list; returns the objects created before it. Not together with `ending_before`, and an id that names no such object, are 400. */
                starting_after?: string;
                /** @description Cursor: the id of an object of this list; returns the objects created after it. Not together with `starting_after`, and an id that names no such object, are 400. */
                ending_before?: string;
                /** @description Only objects whose `created_at` (unix seconds) is within these bounds: `created[gte]`, `created[gt]`, `created[lte]`, `created[lt]`. */
                created?: {
                    /** @description Only objects created after this time (unix seconds). */
                    gt?: number;
                    /** @description Only objects created at or after this time (unix seconds). */
                    gte?: number;
                    /** @description Only objects created before this time (unix seconds). */
                    lt?: number;
                    /** @description Only objects created at or before this time (unix seconds). */
                    lte?: number;
                };
                status?: "created" | "active" | "paused" | "rejected" | "revoked" | "expired";
                customer_id?: string;
            };
            header?: {
                /** @description Sandbox keys only: on a read, `rate_limited` answers 429 at once; the other values are accepted and change nothing. An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of mandates. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "mdt_01M96MT2Z6AM0Z1SESVPZ9FYN5",
                     *           "object": "mandate",
                     *           "mode": "sandbox",
                     *           "livemode": false,
                     *           "customer_id": "cust_01M96MSX0P8CR5EMG77FHBE0SW",
                     *           "vpa": "success@upi",
                     *           "max_amount": 500000,
                     *           "frequency": "monthly",
                     *           "start_at": 1796593224,
                     *           "expire_at": 2112212424,
                     *           "status": "active",
                     *           "authorization_url": "https://api.paygate.example/mandates/mdt_01M96MT2Z6AM0Z1SESVPZ9FYN5/authorize",
                     *           "authorization_expires_at": 1797198024,
                     *           "provider_reference": null,
                     *           "description": "Gold plan, monthly",
                     *           "metadata": {
                     *             "plan": "gold"
                     *           },
                     *           "idempotency_key": "6894f9d9-ee4a-4323-9aae-6993ca2b4228",
                     *           "created_at": 1796593224,
                     *           "activated_at": 1796593224,
                     *           "paused_at": 1796593224,
                     *           "resumed_at": 1796593224,
                     *           "revoked_at": null,
                     *           "rejected_at": null,
                     *           "expired_at": null
                     *         }
                     *       ],
                     *       "has_more": true,
                     *       "url": "/v1/mandates"
                     *     }
                     */
                    "application/json": components["schemas"]["MandateList"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A live key over plain HTTP (`https_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createMandate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: 1..255 printable ASCII characters, scoped to account + mode. */
                "Idempotency-Key"?: string;
                /** @description Sandbox keys only: simulate a failure mode (comma-separated for several). An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description The customer whose UPI ID the mandate debits (`cust_...`). */
                    customer_id: string;
                    /** @description The most one debit may take, paise: at most 10000000 (₹1,00,000), the UPI AutoPay ceiling. */
                    max_amount: number;
                    /**
                     * @description How often the business may debit: `weekly`, `monthly`, `yearly`, or `as_presented` (whenever it presents a debit).
                     * @enum {string}
                     */
                    frequency: "weekly" | "monthly" | "yearly" | "as_presented";
                    /** @description Unix seconds from which the mandate may be debited, less than 30 years from now. Default: now. */
                    start_at?: number;
                    /** @description Unix seconds when the mandate ends (`expired`, by itself); after `start_at`, in the future and at most 30 years from now. Default: 10 years after `start_at`. */
                    expire_at?: number;
                    /** @description The UPI ID the customer approves from. Default: the customer's `vpa`. Live, optional: the customer approves in their UPI app by the provider's intent, and the UPI ID they approve from becomes the mandate's. */
                    vpa?: string;
                    /** @description The paying customer's IP address, as your server saw their browser's request. Sent to the provider where it asks for it; live netbanking requires it (400 without). Ignored in the sandbox. */
                    customer_ip?: string;
                    /** @description The paying customer's browser `User-Agent`, as your server received it. Sent to the provider where it asks for it. Ignored in the sandbox. */
                    user_agent?: string;
                    /** @description Free text, at most 500 characters. */
                    description?: string;
                    /** @description Up to 20 keys (<= 40 characters) with string values (<= 500 characters). Form: `metadata[key]=value`. */
                    metadata?: {
                        [key: string]: string;
                    };
                };
                /**
                 * @example {
                 *       "customer_id": "cust_01M96MSX0P8CR5EMG77FHBE0SW",
                 *       "max_amount": 500000,
                 *       "frequency": "monthly",
                 *       "description": "Gold plan, monthly",
                 *       "metadata": {
                 *         "plan": "gold"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description The customer whose UPI ID the mandate debits (`cust_...`). */
                    customer_id: string;
                    /** @description The most one debit may take, paise: at most 10000000 (₹1,00,000), the UPI AutoPay ceiling. */
                    max_amount: number;
                    /**
                     * @description How often the business may debit: `weekly`, `monthly`, `yearly`, or `as_presented` (whenever it presents a debit).
                     * @enum {string}
                     */
                    frequency: "weekly" | "monthly" | "yearly" | "as_presented";
                    /** @description Unix seconds from which the mandate may be debited, less than 30 years from now. Default: now. */
                    start_at?: number;
                    /** @description Unix seconds when the mandate ends (`expired`, by itself); after `start_at`, in the future and at most 30 years from now. Default: 10 years after `start_at`. */
                    expire_at?: number;
                    /** @description The UPI ID the customer approves from. Default: the customer's `vpa`. Live, optional: the customer approves in their UPI app by the provider's intent, and the UPI ID they approve from becomes the mandate's. */
                    vpa?: string;
                    /** @description The paying customer's IP address, as your server saw their browser's request. Sent to the provider where it asks for it; live netbanking requires it (400 without). Ignored in the sandbox. */
                    customer_ip?: string;
                    /** @description The paying customer's browser `User-Agent`, as your server received it. Sent to the provider where it asks for it. Ignored in the sandbox. */
                    user_agent?: string;
                    /** @description Free text, at most 500 characters. */
                    description?: string;
                    /** @description Up to 20 keys (<= 40 characters) with string values (<= 500 characters). Form: `metadata[key]=value`. */
                    metadata?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description The mandate, `created`. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "mdt_01M96MT2Z6AM0Z1SESVPZ9FYN5",
                     *       "object": "mandate",
                     *       "mode": "sandbox",
                     *       "livemode": false,
                     *       "customer_id": "cust_01M96MSX0P8CR5EMG77FHBE0SW",
                     *       "vpa": "success@upi",
                     *       "max_amount": 500000,
                     *       "frequency": "monthly",
                     *       "start_at": 1796593224,
                     *       "expire_at": 2112212424,
                     *       "status": "created",
                     *       "authorization_url": "https://api.paygate.example/mandates/mdt_01M96MT2Z6AM0Z1SESVPZ9FYN5/authorize",
                     *       "authorization_expires_at": 1797198024,
                     *       "provider_reference": null,
                     *       "description": "Gold plan, monthly",
                     *       "metadata": {
                     *         "plan": "gold"
                     *       },
                     *       "idempotency_key": "6894f9d9-ee4a-4323-9aae-6993ca2b4228",
                     *       "created_at": 1796593224,
                     *       "activated_at": null,
                     *       "paused_at": null,
                     *       "resumed_at": null,
                     *       "revoked_at": null,
                     *       "rejected_at": null,
                     *       "expired_at": null
                     *     }
                     */
                    "application/json": components["schemas"]["Mandate"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A call the API key's role does not allow, such as an `approver` key's write (`permission_denied`); nothing was done and the Idempotency-Key stays free; or a live key over plain HTTP (`https_required`); or a live write that moves money on an account with no active provider connection (`connection_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unknown id, or an id of another account or mode (`not_found`). */
            404: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The same idempotency key is still being executed (`idempotency_key_in_use`). */
            409: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body over 2 MiB, 20 MiB for payout batches (`payload_too_large`). */
            413: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body that is neither form-encoded nor JSON (`unsupported_media_type`). */
            415: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The idempotency key was used with a different method, path or parameters (`idempotency_key_reused`). */
            422: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMandate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Sandbox keys only: on a read, `rate_limited` answers 429 at once; the other values are accepted and change nothing. An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path: {
                /** @description A mandate id (`mdt_...`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The mandate. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "mdt_01M96MT2Z6AM0Z1SESVPZ9FYN5",
                     *       "object": "mandate",
                     *       "mode": "sandbox",
                     *       "livemode": false,
                     *       "customer_id": "cust_01M96MSX0P8CR5EMG77FHBE0SW",
                     *       "vpa": "success@upi",
                     *       "max_amount": 500000,
                     *       "frequency": "monthly",
                     *       "start_at": 1796593224,
                     *       "expire_at": 2112212424,
                     *       "status": "active",
                     *       "authorization_url": "https://api.paygate.example/mandates/mdt_01M96MT2Z6AM0Z1SESVPZ9FYN5/authorize",
                     *       "authorization_expires_at": 1797198024,
                     *       "provider_reference": null,
                     *       "description": "Gold plan, monthly",
                     *       "metadata": {
                     *         "plan": "gold"
                     *       },
                     *       "idempotency_key": "6894f9d9-ee4a-4323-9aae-6993ca2b4228",
                     *       "created_at": 1796593224,
                     *       "activated_at": 1796593224,
                     *       "paused_at": 1796593224,
                     *       "resumed_at": 1796593224,
                     *       "revoked_at": null,
                     *       "rejected_at": null,
                     *       "expired_at": null
                     *     }
                     */
                    "application/json": components["schemas"]["Mandate"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A live key over plain HTTP (`https_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unknown id, or an id of another account or mode (`not_found`). */
            404: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revokeMandate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: 1..255 printable ASCII characters, scoped to account + mode. */
                "Idempotency-Key"?: string;
                /** @description Sandbox keys only: simulate a failure mode (comma-separated for several). An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path: {
                /** @description A mandate id (`mdt_...`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The mandate, `revoked`. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "mdt_01M96MT2Z6AM0Z1SESVPZ9FYN5",
                     *       "object": "mandate",
                     *       "mode": "sandbox",
                     *       "livemode": false,
                     *       "customer_id": "cust_01M96MSX0P8CR5EMG77FHBE0SW",
                     *       "vpa": "success@upi",
                     *       "max_amount": 500000,
                     *       "frequency": "monthly",
                     *       "start_at": 1796593224,
                     *       "expire_at": 2112212424,
                     *       "status": "revoked",
                     *       "authorization_url": "https://api.paygate.example/mandates/mdt_01M96MT2Z6AM0Z1SESVPZ9FYN5/authorize",
                     *       "authorization_expires_at": 1797198024,
                     *       "provider_reference": null,
                     *       "description": "Gold plan, monthly",
                     *       "metadata": {
                     *         "plan": "gold"
                     *       },
                     *       "idempotency_key": "6894f9d9-ee4a-4323-9aae-6993ca2b4228",
                     *       "created_at": 1796593224,
                     *       "activated_at": 1796593224,
                     *       "paused_at": 1796593224,
                     *       "resumed_at": 1796593224,
                     *       "revoked_at": 1796593224,
                     *       "rejected_at": null,
                     *       "expired_at": null
                     *     }
                     */
                    "application/json": components["schemas"]["Mandate"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A call the API key's role does not allow, such as an `approver` key's write (`permission_denied`); nothing was done and the Idempotency-Key stays free; or a live key over plain HTTP (`https_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unknown id, or an id of another account or mode (`not_found`). */
            404: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The same idempotency key is still being executed (`idempotency_key_in_use`); or the action does not fit the object's status (`invalid_state`). */
            409: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The idempotency key was used with a different method, path or parameters (`idempotency_key_reused`). */
            422: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    testPauseMandate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: 1..255 printable ASCII characters, scoped to account + mode. */
                "Idempotency-Key"?: string;
                /** @description Sandbox keys only: simulate a failure mode (comma-separated for several). An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path: {
                /** @description A mandate id (`mdt_...`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The mandate, `paused`. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "mdt_01M96MT2Z6AM0Z1SESVPZ9FYN5",
                     *       "object": "mandate",
                     *       "mode": "sandbox",
                     *       "livemode": false,
                     *       "customer_id": "cust_01M96MSX0P8CR5EMG77FHBE0SW",
                     *       "vpa": "success@upi",
                     *       "max_amount": 500000,
                     *       "frequency": "monthly",
                     *       "start_at": 1796593224,
                     *       "expire_at": 2112212424,
                     *       "status": "paused",
                     *       "authorization_url": "https://api.paygate.example/mandates/mdt_01M96MT2Z6AM0Z1SESVPZ9FYN5/authorize",
                     *       "authorization_expires_at": 1797198024,
                     *       "provider_reference": null,
                     *       "description": "Gold plan, monthly",
                     *       "metadata": {
                     *         "plan": "gold"
                     *       },
                     *       "idempotency_key": "6894f9d9-ee4a-4323-9aae-6993ca2b4228",
                     *       "created_at": 1796593224,
                     *       "activated_at": 1796593224,
                     *       "paused_at": 1796593224,
                     *       "resumed_at": null,
                     *       "revoked_at": null,
                     *       "rejected_at": null,
                     *       "expired_at": null
                     *     }
                     */
                    "application/json": components["schemas"]["Mandate"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A call the API key's role does not allow, such as an `approver` key's write (`permission_denied`); nothing was done and the Idempotency-Key stays free; or a live key over plain HTTP (`https_required`); or a test helper called with a live key (`sandbox_only`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unknown id, or an id of another account or mode (`not_found`). */
            404: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The same idempotency key is still being executed (`idempotency_key_in_use`); or the action does not fit the object's status (`invalid_state`). */
            409: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The idempotency key was used with a different method, path or parameters (`idempotency_key_reused`). */
            422: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    testResumeMandate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: 1..255 printable ASCII characters, scoped to account + mode. */
                "Idempotency-Key"?: string;
                /** @description Sandbox keys only: simulate a failure mode (comma-separated for several). An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path: {
                /** @description A mandate id (`mdt_...`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The mandate, `active`. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "mdt_01M96MT2Z6AM0Z1SESVPZ9FYN5",
                     *       "object": "mandate",
                     *       "mode": "sandbox",
                     *       "livemode": false,
                     *       "customer_id": "cust_01M96MSX0P8CR5EMG77FHBE0SW",
                     *       "vpa": "success@upi",
                     *       "max_amount": 500000,
                     *       "frequency": "monthly",
                     *       "start_at": 1796593224,
                     *       "expire_at": 2112212424,
                     *       "status": "active",
                     *       "authorization_url": "https://api.paygate.example/mandates/mdt_01M96MT2Z6AM0Z1SESVPZ9FYN5/authorize",
                     *       "authorization_expires_at": 1797198024,
                     *       "provider_reference": null,
                     *       "description": "Gold plan, monthly",
                     *       "metadata": {
                     *         "plan": "gold"
                     *       },
                     *       "idempotency_key": "6894f9d9-ee4a-4323-9aae-6993ca2b4228",
                     *       "created_at": 1796593224,
                     *       "activated_at": 1796593224,
                     *       "paused_at": 1796593224,
                     *       "resumed_at": 1796593224,
                     *       "revoked_at": null,
                     *       "rejected_at": null,
                     *       "expired_at": null
                     *     }
                     */
                    "application/json": components["schemas"]["Mandate"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A call the API key's role does not allow, such as an `approver` key's write (`permission_denied`); nothing was done and the Idempotency-Key stays free; or a live key over plain HTTP (`https_required`); or a test helper called with a live key (`sandbox_only`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unknown id, or an id of another account or mode (`not_found`). */
            404: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The same idempotency key is still being executed (`idempotency_key_in_use`); or the action does not fit the object's status (`invalid_state`). */
            409: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The idempotency key was used with a different method, path or parameters (`idempotency_key_reused`). */
            422: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    testRevokeMandate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: 1..255 printable ASCII characters, scoped to account + mode. */
                "Idempotency-Key"?: string;
                /** @description Sandbox keys only: simulate a failure mode (comma-separated for several). An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path: {
                /** @description A mandate id (`mdt_...`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The mandate, `revoked`. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "mdt_01M96MT360WH6RDQ23H14AMENH",
                     *       "object": "mandate",
                     *       "mode": "sandbox",
                     *       "livemode": false,
                     *       "customer_id": "cust_01M96MSX0P8CR5EMG77FHBE0SW",
                     *       "vpa": "success@upi",
                     *       "max_amount": 100000,
                     *       "frequency": "as_presented",
                     *       "start_at": 1796593224,
                     *       "expire_at": 2112212424,
                     *       "status": "revoked",
                     *       "authorization_url": "https://api.paygate.example/mandates/mdt_01M96MT360WH6RDQ23H14AMENH/authorize",
                     *       "authorization_expires_at": 1797198024,
                     *       "provider_reference": null,
                     *       "description": null,
                     *       "metadata": {},
                     *       "idempotency_key": "auto_01M96MT35YHZV4HAB8MJECAFP4",
                     *       "created_at": 1796593224,
                     *       "activated_at": 1796593224,
                     *       "paused_at": null,
                     *       "resumed_at": null,
                     *       "revoked_at": 1796593224,
                     *       "rejected_at": null,
                     *       "expired_at": null
                     *     }
                     */
                    "application/json": components["schemas"]["Mandate"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A call the API key's role does not allow, such as an `approver` key's write (`permission_denied`); nothing was done and the Idempotency-Key stays free; or a live key over plain HTTP (`https_required`); or a test helper called with a live key (`sandbox_only`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unknown id, or an id of another account or mode (`not_found`). */
            404: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The same idempotency key is still being executed (`idempotency_key_in_use`); or the action does not fit the object's status (`invalid_state`). */
            409: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The idempotency key was used with a different method, path or parameters (`idempotency_key_reused`). */
            422: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCollections: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Cursor: the id of an object of this list; returns the objects created before it. Not together with `ending_before`, and an id that names no such object, are 400. */
                starting_after?: string;
                /** @description Cursor: the id of an object of this list; returns the objects created after it. Not together with `starting_after`, and an id that names no such object, are 400. */
                ending_before?: string;
                /** @description Only objects whose `created_at` (unix seconds) is within these bounds: `created[gte]`, `created[gt]`, `created[lte]`, `created[lt]`. */
                created?: {
                    /** @description Only objects created after this time (unix seconds). */
                    gt?: number;
                    /** @description Only objects created at or after this time (unix seconds). */
                    gte?: number;
                    /** @description Only objects created before this time (unix seconds). */
                    lt?: number;
                    /** @description Only objects created at or before this time (unix seconds). */
                    lte?: number;
                };
                status?: "created" | "active" | "paused" | "halted" | "cancelled" | "completed";
                customer_id?: string;
                mandate_id?: string;
            };
            header?: {
                /** @description Sandbox keys only: on a read, `rate_limited` answers 429 at once; the other values are accepted and change nothing. An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of collections. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "coll_01M96MT2NM3R63EA5C3AYSAK76",
                     *           "object": "collection",
                     *           "mode": "sandbox",
                     *           "customer_id": "cust_01M96MSX0P8CR5EMG77FHBE0SW",
                     *           "mandate_id": "mdt_01M96MT2JJK8JQA9ZDTP3TNY0Z",
                     *           "authorization_url": null,
                     *           "amount": 99900,
                     *           "currency": "INR",
                     *           "schedule": "monthly",
                     *           "day_of_month": null,
                     *           "start_at": 1796593224,
                     *           "total_count": null,
                     *           "remaining_count": null,
                     *           "status": "paused",
                     *           "paid_count": 1,
                     *           "failed_count": 0,
                     *           "current_cycle": 2,
                     *           "next_charge_at": null,
                     *           "latest_payment_id": "pay_01M96MT2QRAQ4SVT23X9FHYM5V",
                     *           "description": "Gym membership",
                     *           "metadata": {
                     *             "plan": "gold"
                     *           },
                     *           "idempotency_key": "5f206760-eb69-4958-9254-053a1a4d3420",
                     *           "created_at": 1796593224,
                     *           "paused_at": 1796593224,
                     *           "halted_at": null,
                     *           "cancelled_at": null,
                     *           "completed_at": null,
                     *           "pause_reason": null,
                     *           "cancel_reason": null
                     *         }
                     *       ],
                     *       "has_more": false,
                     *       "url": "/v1/collections"
                     *     }
                     */
                    "application/json": components["schemas"]["CollectionList"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A live key over plain HTTP (`https_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createCollection: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: 1..255 printable ASCII characters, scoped to account + mode. */
                "Idempotency-Key"?: string;
                /** @description Sandbox keys only: simulate a failure mode (comma-separated for several). An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description The `active` mandate to charge through (`mdt_...`): `amount` at most its `max_amount` and at most 1500000 (₹15,000), `schedule` fitting its `frequency`; it names the customer. Leave it out (give `customer_id`) to have the service make the customer's mandate for this collection: the collection is then `created` until the customer approves at `authorization_url`. */
                    mandate_id?: string;
                    /** @description The customer to charge (`cust_...`). Without `mandate_id`, required: a mandate of `amount` and `schedule` is made for the collection (the customer's `vpa` if it has one, 10 years' validity). With `mandate_id`, may be left out; another customer than the mandate's is refused. */
                    customer_id?: string;
                    /** @description The customer's IP address, passed to the mandate made for the collection (live; ignored in the sandbox). */
                    customer_ip?: string;
                    /** @description The customer's browser user agent, passed to the mandate made for the collection (live; ignored in the sandbox). */
                    user_agent?: string;
                    /** @description Paise to collect at each cycle: at most 1500000 (₹15,000), above which UPI AutoPay needs the customer's fresh authentication for every debit. */
                    amount: number;
                    /**
                     * @description Currency code. Only `INR` is supported; defaults to `INR`.
                     * @default INR
                     * @enum {string}
                     */
                    currency?: "INR";
                    /**
                     * @description How often to charge: `monthly`, `weekly` or `yearly`.
                     * @enum {string}
                     */
                    schedule: "monthly" | "weekly" | "yearly";
                    /** @description Unix seconds of the first charge, at most 5 years from now; later cycles keep its time of day. Default: now (the first charge happens at once). */
                    start_at?: number;
                    /** @description Monthly only: the day (1 to 28) of each later month to charge on, in Asia/Kolkata. */
                    day_of_month?: number;
                    /** @description How many successful charges to collect before the collection is `completed`. Default: until cancelled. */
                    total_count?: number;
                    /** @description Free text, at most 500 characters. */
                    description?: string;
                    /** @description Up to 20 keys (<= 40 characters) with string values (<= 500 characters). Form: `metadata[key]=value`. */
                    metadata?: {
                        [key: string]: string;
                    };
                };
                /**
                 * @example {
                 *       "mandate_id": "mdt_01M96MT2JJK8JQA9ZDTP3TNY0Z",
                 *       "amount": 99900,
                 *       "schedule": "monthly",
                 *       "description": "Gym membership",
                 *       "metadata": {
                 *         "plan": "gold"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description The `active` mandate to charge through (`mdt_...`): `amount` at most its `max_amount` and at most 1500000 (₹15,000), `schedule` fitting its `frequency`; it names the customer. Leave it out (give `customer_id`) to have the service make the customer's mandate for this collection: the collection is then `created` until the customer approves at `authorization_url`. */
                    mandate_id?: string;
                    /** @description The customer to charge (`cust_...`). Without `mandate_id`, required: a mandate of `amount` and `schedule` is made for the collection (the customer's `vpa` if it has one, 10 years' validity). With `mandate_id`, may be left out; another customer than the mandate's is refused. */
                    customer_id?: string;
                    /** @description The customer's IP address, passed to the mandate made for the collection (live; ignored in the sandbox). */
                    customer_ip?: string;
                    /** @description The customer's browser user agent, passed to the mandate made for the collection (live; ignored in the sandbox). */
                    user_agent?: string;
                    /** @description Paise to collect at each cycle: at most 1500000 (₹15,000), above which UPI AutoPay needs the customer's fresh authentication for every debit. */
                    amount: number;
                    /**
                     * @description Currency code. Only `INR` is supported; defaults to `INR`.
                     * @default INR
                     * @enum {string}
                     */
                    currency?: "INR";
                    /**
                     * @description How often to charge: `monthly`, `weekly` or `yearly`.
                     * @enum {string}
                     */
                    schedule: "monthly" | "weekly" | "yearly";
                    /** @description Unix seconds of the first charge, at most 5 years from now; later cycles keep its time of day. Default: now (the first charge happens at once). */
                    start_at?: number;
                    /** @description Monthly only: the day (1 to 28) of each later month to charge on, in Asia/Kolkata. */
                    day_of_month?: number;
                    /** @description How many successful charges to collect before the collection is `completed`. Default: until cancelled. */
                    total_count?: number;
                    /** @description Free text, at most 500 characters. */
                    description?: string;
                    /** @description Up to 20 keys (<= 40 characters) with string values (<= 500 characters). Form: `metadata[key]=value`. */
                    metadata?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description The collection: `created` (made with its mandate, waiting for the customer) or `active` (on a mandate_id). */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "coll_01M96MT2NM3R63EA5C3AYSAK76",
                     *       "object": "collection",
                     *       "mode": "sandbox",
                     *       "customer_id": "cust_01M96MSX0P8CR5EMG77FHBE0SW",
                     *       "mandate_id": "mdt_01M96MT2JJK8JQA9ZDTP3TNY0Z",
                     *       "authorization_url": null,
                     *       "amount": 99900,
                     *       "currency": "INR",
                     *       "schedule": "monthly",
                     *       "day_of_month": null,
                     *       "start_at": 1796593224,
                     *       "total_count": null,
                     *       "remaining_count": null,
                     *       "status": "active",
                     *       "paid_count": 0,
                     *       "failed_count": 0,
                     *       "current_cycle": 1,
                     *       "next_charge_at": 1796593224,
                     *       "latest_payment_id": null,
                     *       "description": "Gym membership",
                     *       "metadata": {
                     *         "plan": "gold"
                     *       },
                     *       "idempotency_key": "5f206760-eb69-4958-9254-053a1a4d3420",
                     *       "created_at": 1796593224,
                     *       "paused_at": null,
                     *       "halted_at": null,
                     *       "cancelled_at": null,
                     *       "completed_at": null,
                     *       "pause_reason": null,
                     *       "cancel_reason": null
                     *     }
                     */
                    "application/json": components["schemas"]["Collection"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A call the API key's role does not allow, such as an `approver` key's write (`permission_denied`); nothing was done and the Idempotency-Key stays free; or a live key over plain HTTP (`https_required`); or a live write that moves money on an account with no active provider connection (`connection_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unknown id, or an id of another account or mode (`not_found`). */
            404: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The same idempotency key is still being executed (`idempotency_key_in_use`); or the action does not fit the object's status (`invalid_state`). */
            409: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body over 2 MiB, 20 MiB for payout batches (`payload_too_large`). */
            413: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body that is neither form-encoded nor JSON (`unsupported_media_type`). */
            415: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The idempotency key was used with a different method, path or parameters (`idempotency_key_reused`). */
            422: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCollection: {
        parameters: {
            query?: never;
            header?: {
                /** @description Sandbox keys only: on a read, `rate_limited` answers 429 at once; the other values are accepted and change nothing. An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path: {
                /** @description A collection id (`coll_...`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The collection. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "coll_01M96MT2NM3R63EA5C3AYSAK76",
                     *       "object": "collection",
                     *       "mode": "sandbox",
                     *       "customer_id": "cust_01M96MSX0P8CR5EMG77FHBE0SW",
                     *       "mandate_id": "mdt_01M96MT2JJK8JQA9ZDTP3TNY0Z",
                     *       "authorization_url": null,
                     *       "amount": 99900,
                     *       "currency": "INR",
                     *       "schedule": "monthly",
                     *       "day_of_month": null,
                     *       "start_at": 1796593224,
                     *       "total_count": null,
                     *       "remaining_count": null,
                     *       "status": "paused",
                     *       "paid_count": 1,
                     *       "failed_count": 0,
                     *       "current_cycle": 2,
                     *       "next_charge_at": null,
                     *       "latest_payment_id": "pay_01M96MT2QRAQ4SVT23X9FHYM5V",
                     *       "description": "Gym membership",
                     *       "metadata": {
                     *         "plan": "gold"
                     *       },
                     *       "idempotency_key": "5f206760-eb69-4958-9254-053a1a4d3420",
                     *       "created_at": 1796593224,
                     *       "paused_at": 1796593224,
                     *       "halted_at": null,
                     *       "cancelled_at": null,
                     *       "completed_at": null,
                     *       "pause_reason": null,
                     *       "cancel_reason": null
                     *     }
                     */
                    "application/json": components["schemas"]["Collection"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A live key over plain HTTP (`https_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unknown id, or an id of another account or mode (`not_found`). */
            404: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    collectionAction: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: 1..255 printable ASCII characters, scoped to account + mode. */
                "Idempotency-Key"?: string;
                /** @description Sandbox keys only: simulate a failure mode (comma-separated for several). An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path: {
                id: string;
                action: "pause" | "resume" | "cancel";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The collection after the action. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "coll_01M96MT2NM3R63EA5C3AYSAK76",
                     *       "object": "collection",
                     *       "mode": "sandbox",
                     *       "customer_id": "cust_01M96MSX0P8CR5EMG77FHBE0SW",
                     *       "mandate_id": "mdt_01M96MT2JJK8JQA9ZDTP3TNY0Z",
                     *       "authorization_url": null,
                     *       "amount": 99900,
                     *       "currency": "INR",
                     *       "schedule": "monthly",
                     *       "day_of_month": null,
                     *       "start_at": 1796593224,
                     *       "total_count": null,
                     *       "remaining_count": null,
                     *       "status": "paused",
                     *       "paid_count": 1,
                     *       "failed_count": 0,
                     *       "current_cycle": 2,
                     *       "next_charge_at": null,
                     *       "latest_payment_id": "pay_01M96MT2QRAQ4SVT23X9FHYM5V",
                     *       "description": "Gym membership",
                     *       "metadata": {
                     *         "plan": "gold"
                     *       },
                     *       "idempotency_key": "5f206760-eb69-4958-9254-053a1a4d3420",
                     *       "created_at": 1796593224,
                     *       "paused_at": 1796593224,
                     *       "halted_at": null,
                     *       "cancelled_at": null,
                     *       "completed_at": null,
                     *       "pause_reason": null,
                     *       "cancel_reason": null
                     *     }
                     */
                    "application/json": components["schemas"]["Collection"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A call the API key's role does not allow, such as an `approver` key's write (`permission_denied`); nothing was done and the Idempotency-Key stays free; or a live key over plain HTTP (`https_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unknown id, or an id of another account or mode (`not_found`). */
            404: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The same idempotency key is still being executed (`idempotency_key_in_use`); or the action does not fit the object's status (`invalid_state`). */
            409: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The idempotency key was used with a different method, path or parameters (`idempotency_key_reused`). */
            422: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    advanceCollection: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: 1..255 printable ASCII characters, scoped to account + mode. */
                "Idempotency-Key"?: string;
                /** @description Sandbox keys only: simulate a failure mode (comma-separated for several). An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path: {
                /** @description A collection id (`coll_...`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The collection after the charge attempt. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "coll_01M96MT2NM3R63EA5C3AYSAK76",
                     *       "object": "collection",
                     *       "mode": "sandbox",
                     *       "customer_id": "cust_01M96MSX0P8CR5EMG77FHBE0SW",
                     *       "mandate_id": "mdt_01M96MT2JJK8JQA9ZDTP3TNY0Z",
                     *       "authorization_url": null,
                     *       "amount": 99900,
                     *       "currency": "INR",
                     *       "schedule": "monthly",
                     *       "day_of_month": null,
                     *       "start_at": 1796593224,
                     *       "total_count": null,
                     *       "remaining_count": null,
                     *       "status": "active",
                     *       "paid_count": 1,
                     *       "failed_count": 0,
                     *       "current_cycle": 2,
                     *       "next_charge_at": 1799271624,
                     *       "latest_payment_id": "pay_01M96MT2QRAQ4SVT23X9FHYM5V",
                     *       "description": "Gym membership",
                     *       "metadata": {
                     *         "plan": "gold"
                     *       },
                     *       "idempotency_key": "5f206760-eb69-4958-9254-053a1a4d3420",
                     *       "created_at": 1796593224,
                     *       "paused_at": null,
                     *       "halted_at": null,
                     *       "cancelled_at": null,
                     *       "completed_at": null,
                     *       "pause_reason": null,
                     *       "cancel_reason": null
                     *     }
                     */
                    "application/json": components["schemas"]["Collection"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A call the API key's role does not allow, such as an `approver` key's write (`permission_denied`); nothing was done and the Idempotency-Key stays free; or a live key over plain HTTP (`https_required`); or a test helper called with a live key (`sandbox_only`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unknown id, or an id of another account or mode (`not_found`). */
            404: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The same idempotency key is still being executed (`idempotency_key_in_use`); or the action does not fit the object's status (`invalid_state`). */
            409: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The idempotency key was used with a different method, path or parameters (`idempotency_key_reused`). */
            422: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPaymentLinks: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Cursor: the id of an object of this list; returns the objects created before it. Not together with `ending_before`, and an id that names no such object, are 400. */
                starting_after?: string;
                /** @description Cursor: the id of an object of this list; returns the objects created after it. Not together with `starting_after`, and an id that names no such object, are 400. */
                ending_before?: string;
                /** @description Only objects whose `created_at` (unix seconds) is within these bounds: `created[gte]`, `created[gt]`, `created[lte]`, `created[lt]`. */
                created?: {
                    /** @description Only objects created after this time (unix seconds). */
                    gt?: number;
                    /** @description Only objects created at or after this time (unix seconds). */
                    gte?: number;
                    /** @description Only objects created before this time (unix seconds). */
                    lt?: number;
                    /** @description Only objects created at or before this time (unix seconds). */
                    lte?: number;
                };
                status?: "created" | "partially_paid" | "paid" | "expired" | "cancelled";
                reference_id?: string;
            };
            header?: {
                /** @description Sandbox keys only: on a read, `rate_limited` answers 429 at once; the other values are accepted and change nothing. An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of payment links. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "plink_01M96MT2WKMK94AV40Y18802BC",
                     *           "object": "payment_link",
                     *           "mode": "sandbox",
                     *           "amount": 1250000,
                     *           "amount_paid": 0,
                     *           "currency": "INR",
                     *           "description": "Invoice 2026-118: annual maintenance",
                     *           "customer": {
                     *             "name": "Anil Mehta",
                     *             "email": "anil@example.com",
                     *             "phone": null
                     *           },
                     *           "reference_id": "INV-2026-118",
                     *           "accept_partial": true,
                     *           "first_min_partial_amount": 500000,
                     *           "status": "created",
                     *           "short_url": "https://api.paygate.example/pay/plink_01M96MT2WKMK94AV40Y18802BC",
                     *           "expire_by": 1797198024,
                     *           "callback_url": null,
                     *           "payments": [],
                     *           "idempotency_key": "ab7f048d-5270-46fa-9365-f981965649a9",
                     *           "created_at": 1796593224,
                     *           "paid_at": null,
                     *           "expired_at": null,
                     *           "cancelled_at": null,
                     *           "metadata": {
                     *             "invoice": "2026-118"
                     *           }
                     *         }
                     *       ],
                     *       "has_more": false,
                     *       "url": "/v1/payment_links"
                     *     }
                     */
                    "application/json": components["schemas"]["PaymentLinkList"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A live key over plain HTTP (`https_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createPaymentLink: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: 1..255 printable ASCII characters, scoped to account + mode. */
                "Idempotency-Key"?: string;
                /** @description Sandbox keys only: simulate a failure mode (comma-separated for several). An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description Paise the link collects in all. */
                    amount: number;
                    /**
                     * @description Currency code. Only `INR` is supported; defaults to `INR`.
                     * @default INR
                     * @enum {string}
                     */
                    currency?: "INR";
                    /** @description What is being paid for, shown on the page; at most 2048 characters. */
                    description?: string;
                    /** @description Who is asked to pay (shown to the business only). Form: `customer[name]=...`. */
                    customer?: {
                        /** @description The customer's name, 1 to 100 characters. */
                        name?: string;
                        /**
                         * Format: email
                         * @description Where to reach the customer.
                         */
                        email?: string;
                        /** @description 10 to 15 digits, optionally after `+`. */
                        phone?: string;
                    };
                    /** @description Your own reference (an invoice number), at most 40 characters; unique among your links of this mode. */
                    reference_id?: string;
                    /** @description Unix seconds when the link stops taking payments: at least 15 minutes and at most 180 days ahead. Default: 7 days after creation. */
                    expire_by?: number;
                    /** @description Whether the customer may pay in parts. Default false. */
                    accept_partial?: boolean | ("true" | "false");
                    /** @description With `accept_partial` only: the least the first payment may be (paise), not more than `amount`. Later payments may be any amount of at least ₹1 up to what is due. */
                    first_min_partial_amount?: number;
                    /**
                     * Format: uri
                     * @description Where the customer is sent after a successful payment (https; http in sandbox), with `payment_link_id`, `payment_id` and `status` added to its query string. Confirm with GET /v1/payment_links/{id}; never trust the redirect alone.
                     */
                    callback_url?: string;
                    /** @description Up to 20 keys (<= 40 characters) with string values (<= 500 characters). Form: `metadata[key]=value`. */
                    metadata?: {
                        [key: string]: string;
                    };
                };
                /**
                 * @example {
                 *       "amount": 1250000,
                 *       "description": "Invoice 2026-118: annual maintenance",
                 *       "customer": {
                 *         "name": "Anil Mehta",
                 *         "email": "anil@example.com"
                 *       },
                 *       "reference_id": "INV-2026-118",
                 *       "accept_partial": true,
                 *       "first_min_partial_amount": 500000,
                 *       "metadata": {
                 *         "invoice": "2026-118"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description Paise the link collects in all. */
                    amount: number;
                    /**
                     * @description Currency code. Only `INR` is supported; defaults to `INR`.
                     * @default INR
                     * @enum {string}
                     */
                    currency?: "INR";
                    /** @description What is being paid for, shown on the page; at most 2048 characters. */
                    description?: string;
                    /** @description Who is asked to pay (shown to the business only). Form: `customer[name]=...`. */
                    customer?: {
                        /** @description The customer's name, 1 to 100 characters. */
                        name?: string;
                        /**
                         * Format: email
                         * @description Where to reach the customer.
                         */
                        email?: string;
                        /** @description 10 to 15 digits, optionally after `+`. */
                        phone?: string;
                    };
                    /** @description Your own reference (an invoice number), at most 40 characters; unique among your links of this mode. */
                    reference_id?: string;
                    /** @description Unix seconds when the link stops taking payments: at least 15 minutes and at most 180 days ahead. Default: 7 days after creation. */
                    expire_by?: number;
                    /** @description Whether the customer may pay in parts. Default false. */
                    accept_partial?: boolean | ("true" | "false");
                    /** @description With `accept_partial` only: the least the first payment may be (paise), not more than `amount`. Later payments may be any amount of at least ₹1 up to what is due. */
                    first_min_partial_amount?: number;
                    /**
                     * Format: uri
                     * @description Where the customer is sent after a successful payment (https; http in sandbox), with `payment_link_id`, `payment_id` and `status` added to its query string. Confirm with GET /v1/payment_links/{id}; never trust the redirect alone.
                     */
                    callback_url?: string;
                    /** @description Up to 20 keys (<= 40 characters) with string values (<= 500 characters). Form: `metadata[key]=value`. */
                    metadata?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description The payment link, `created`. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "plink_01M96MT2WKMK94AV40Y18802BC",
                     *       "object": "payment_link",
                     *       "mode": "sandbox",
                     *       "amount": 1250000,
                     *       "amount_paid": 0,
                     *       "currency": "INR",
                     *       "description": "Invoice 2026-118: annual maintenance",
                     *       "customer": {
                     *         "name": "Anil Mehta",
                     *         "email": "anil@example.com",
                     *         "phone": null
                     *       },
                     *       "reference_id": "INV-2026-118",
                     *       "accept_partial": true,
                     *       "first_min_partial_amount": 500000,
                     *       "status": "created",
                     *       "short_url": "https://api.paygate.example/pay/plink_01M96MT2WKMK94AV40Y18802BC",
                     *       "expire_by": 1797198024,
                     *       "callback_url": null,
                     *       "payments": [],
                     *       "idempotency_key": "ab7f048d-5270-46fa-9365-f981965649a9",
                     *       "created_at": 1796593224,
                     *       "paid_at": null,
                     *       "expired_at": null,
                     *       "cancelled_at": null,
                     *       "metadata": {
                     *         "invoice": "2026-118"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["PaymentLink"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A call the API key's role does not allow, such as an `approver` key's write (`permission_denied`); nothing was done and the Idempotency-Key stays free; or a live key over plain HTTP (`https_required`); or a live write that moves money on an account with no active provider connection (`connection_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The same idempotency key is still being executed (`idempotency_key_in_use`). */
            409: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body over 2 MiB, 20 MiB for payout batches (`payload_too_large`). */
            413: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body that is neither form-encoded nor JSON (`unsupported_media_type`). */
            415: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The idempotency key was used with a different method, path or parameters (`idempotency_key_reused`). */
            422: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPaymentLink: {
        parameters: {
            query?: never;
            header?: {
                /** @description Sandbox keys only: on a read, `rate_limited` answers 429 at once; the other values are accepted and change nothing. An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path: {
                /** @description A payment link id (`plink_...`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payment link. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "plink_01M96MT2WKMK94AV40Y18802BC",
                     *       "object": "payment_link",
                     *       "mode": "sandbox",
                     *       "amount": 1250000,
                     *       "amount_paid": 0,
                     *       "currency": "INR",
                     *       "description": "Invoice 2026-118: annual maintenance",
                     *       "customer": {
                     *         "name": "Anil Mehta",
                     *         "email": "anil@example.com",
                     *         "phone": null
                     *       },
                     *       "reference_id": "INV-2026-118",
                     *       "accept_partial": true,
                     *       "first_min_partial_amount": 500000,
                     *       "status": "created",
                     *       "short_url": "https://api.paygate.example/pay/plink_01M96MT2WKMK94AV40Y18802BC",
                     *       "expire_by": 1797198024,
                     *       "callback_url": null,
                     *       "payments": [],
                     *       "idempotency_key": "ab7f048d-5270-46fa-9365-f981965649a9",
                     *       "created_at": 1796593224,
                     *       "paid_at": null,
                     *       "expired_at": null,
                     *       "cancelled_at": null,
                     *       "metadata": {
                     *         "invoice": "2026-118"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["PaymentLink"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A live key over plain HTTP (`https_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unknown id, or an id of another account or mode (`not_found`). */
            404: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    cancelPaymentLink: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: 1..255 printable ASCII characters, scoped to account + mode. */
                "Idempotency-Key"?: string;
                /** @description Sandbox keys only: simulate a failure mode (comma-separated for several). An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path: {
                /** @description A payment link id (`plink_...`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payment link, `cancelled`. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "plink_01M96MT2WKMK94AV40Y18802BC",
                     *       "object": "payment_link",
                     *       "mode": "sandbox",
                     *       "amount": 1250000,
                     *       "amount_paid": 0,
                     *       "currency": "INR",
                     *       "description": "Invoice 2026-118: annual maintenance",
                     *       "customer": {
                     *         "name": "Anil Mehta",
                     *         "email": "anil@example.com",
                     *         "phone": null
                     *       },
                     *       "reference_id": "INV-2026-118",
                     *       "accept_partial": true,
                     *       "first_min_partial_amount": 500000,
                     *       "status": "cancelled",
                     *       "short_url": "https://api.paygate.example/pay/plink_01M96MT2WKMK94AV40Y18802BC",
                     *       "expire_by": 1797198024,
                     *       "callback_url": null,
                     *       "payments": [],
                     *       "idempotency_key": "ab7f048d-5270-46fa-9365-f981965649a9",
                     *       "created_at": 1796593224,
                     *       "paid_at": null,
                     *       "expired_at": null,
                     *       "cancelled_at": 1796593224,
                     *       "metadata": {
                     *         "invoice": "2026-118"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["PaymentLink"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A call the API key's role does not allow, such as an `approver` key's write (`permission_denied`); nothing was done and the Idempotency-Key stays free; or a live key over plain HTTP (`https_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unknown id, or an id of another account or mode (`not_found`). */
            404: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The same idempotency key is still being executed (`idempotency_key_in_use`); or the action does not fit the object's status (`invalid_state`). */
            409: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The idempotency key was used with a different method, path or parameters (`idempotency_key_reused`). */
            422: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createReport: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: 1..255 printable ASCII characters, scoped to account + mode. */
                "Idempotency-Key"?: string;
                /** @description Sandbox keys only: simulate a failure mode (comma-separated for several). An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "from": "2026-12-07",
                 *       "to": "2026-12-07",
                 *       "format": "csv"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /**
                     * Format: date
                     * @description First day of the range (`YYYY-MM-DD`, Asia/Kolkata calendar), inclusive.
                     * @example 2026-11-01
                     */
                    from: string;
                    /**
                     * Format: date
                     * @description Last day of the range, inclusive: not before `from`, at most 366 days in all, not after today.
                     * @example 2026-11-01
                     */
                    to: string;
                    /**
                     * @description `csv` (default; RFC 4180, UTF-8, a header row) or `jsonl` (one JSON object per line, the same fields).
                     * @enum {string}
                     */
                    format?: "csv" | "jsonl";
                };
                /**
                 * @example {
                 *       "from": "2026-12-07",
                 *       "to": "2026-12-07",
                 *       "format": "csv"
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: date
                     * @description First day of the range (`YYYY-MM-DD`, Asia/Kolkata calendar), inclusive.
                     * @example 2026-11-01
                     */
                    from: string;
                    /**
                     * Format: date
                     * @description Last day of the range, inclusive: not before `from`, at most 366 days in all, not after today.
                     * @example 2026-11-01
                     */
                    to: string;
                    /**
                     * @description `csv` (default; RFC 4180, UTF-8, a header row) or `jsonl` (one JSON object per line, the same fields).
                     * @enum {string}
                     */
                    format?: "csv" | "jsonl";
                };
            };
        };
        responses: {
            /** @description The report. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "rpt_01M96MT3B3CPZFD45Q2Y1MGRYT",
                     *       "object": "report",
                     *       "mode": "sandbox",
                     *       "from": "2026-12-07",
                     *       "to": "2026-12-07",
                     *       "format": "csv",
                     *       "status": "ready",
                     *       "row_count": 23,
                     *       "size": 3371,
                     *       "sha256": "d123d37f03b8cd90c7f10e53fb749583ecd54007297dad197308816a34c6f7b9",
                     *       "download_url": "https://api.paygate.example/reports/rpt_01M96MT3B3CPZFD45Q2Y1MGRYT/file?expires=1796679625&signature=99ee8c54eeb59a117b8cffad8256a8a45aa40f0f2528344e687e556597fe2d77",
                     *       "expires_at": 1796679625,
                     *       "created_at": 1796593225,
                     *       "ready_at": 1796593225,
                     *       "idempotency_key": "80a75ed9-1d8a-465c-aa7c-1a70410d16be"
                     *     }
                     */
                    "application/json": components["schemas"]["Report"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A call the API key's role does not allow, such as an `approver` key's write (`permission_denied`); nothing was done and the Idempotency-Key stays free; or a live key over plain HTTP (`https_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The same idempotency key is still being executed (`idempotency_key_in_use`). */
            409: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body over 2 MiB, 20 MiB for payout batches (`payload_too_large`). */
            413: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body that is neither form-encoded nor JSON (`unsupported_media_type`). */
            415: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The idempotency key was used with a different method, path or parameters (`idempotency_key_reused`). */
            422: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listReports: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Cursor: the id of an object of this list; returns the objects created before it. Not together with `ending_before`, and an id that names no such object, are 400. */
                starting_after?: string;
                /** @description Cursor: the id of an object of this list; returns the objects created after it. Not together with `starting_after`, and an id that names no such object, are 400. */
                ending_before?: string;
                /** @description Only objects whose `created_at` (unix seconds) is within these bounds: `created[gte]`, `created[gt]`, `created[lte]`, `created[lt]`. */
                created?: {
                    /** @description Only objects created after this time (unix seconds). */
                    gt?: number;
                    /** @description Only objects created at or after this time (unix seconds). */
                    gte?: number;
                    /** @description Only objects created before this time (unix seconds). */
                    lt?: number;
                    /** @description Only objects created at or before this time (unix seconds). */
                    lte?: number;
                };
            };
            header?: {
                /** @description Sandbox keys only: on a read, `rate_limited` answers 429 at once; the other values are accepted and change nothing. An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of reports. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "rpt_01M96MT3B3CPZFD45Q2Y1MGRYT",
                     *           "object": "report",
                     *           "mode": "sandbox",
                     *           "from": "2026-12-07",
                     *           "to": "2026-12-07",
                     *           "format": "csv",
                     *           "status": "ready",
                     *           "row_count": 23,
                     *           "size": 3371,
                     *           "sha256": "d123d37f03b8cd90c7f10e53fb749583ecd54007297dad197308816a34c6f7b9",
                     *           "download_url": "https://api.paygate.example/reports/rpt_01M96MT3B3CPZFD45Q2Y1MGRYT/file?expires=1796679625&signature=99ee8c54eeb59a117b8cffad8256a8a45aa40f0f2528344e687e556597fe2d77",
                     *           "expires_at": 1796679625,
                     *           "created_at": 1796593225,
                     *           "ready_at": 1796593225,
                     *           "idempotency_key": "80a75ed9-1d8a-465c-aa7c-1a70410d16be"
                     *         }
                     *       ],
                     *       "has_more": false,
                     *       "url": "/v1/reports"
                     *     }
                     */
                    "application/json": components["schemas"]["ReportList"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A live key over plain HTTP (`https_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getReport: {
        parameters: {
            query?: never;
            header?: {
                /** @description Sandbox keys only: on a read, `rate_limited` answers 429 at once; the other values are accepted and change nothing. An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path: {
                /** @description A report id (`rpt_...`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The report. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "rpt_01M96MT3B3CPZFD45Q2Y1MGRYT",
                     *       "object": "report",
                     *       "mode": "sandbox",
                     *       "from": "2026-12-07",
                     *       "to": "2026-12-07",
                     *       "format": "csv",
                     *       "status": "ready",
                     *       "row_count": 23,
                     *       "size": 3371,
                     *       "sha256": "d123d37f03b8cd90c7f10e53fb749583ecd54007297dad197308816a34c6f7b9",
                     *       "download_url": "https://api.paygate.example/reports/rpt_01M96MT3B3CPZFD45Q2Y1MGRYT/file?expires=1796679625&signature=99ee8c54eeb59a117b8cffad8256a8a45aa40f0f2528344e687e556597fe2d77",
                     *       "expires_at": 1796679625,
                     *       "created_at": 1796593225,
                     *       "ready_at": 1796593225,
                     *       "idempotency_key": "80a75ed9-1d8a-465c-aa7c-1a70410d16be"
                     *     }
                     */
                    "application/json": components["schemas"]["Report"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A live key over plain HTTP (`https_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unknown id, or an id of another account or mode (`not_found`). */
            404: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    downloadReport: {
        parameters: {
            query: {
                /** @description Unix seconds, as signed. */
                expires: string;
                /** @description Hex HMAC-SHA256 of the report id and expires. */
                signature: string;
            };
            header?: never;
            path: {
                /** @description A report id (`rpt_...`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file, byte for byte as it was made: CSV or JSON Lines, as the report's `format` says. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description The file name to save as: `attachment; filename="transactions_2026-11-01_2026-11-30_rpt_....csv"`. */
                    "Content-Disposition": string;
                    /** @description The file's SHA-256, quoted. */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                    "application/x-ndjson": string;
                };
            };
            /** @description The signature does not match the report id and `expires`, or either is missing (`invalid_signature`): GET /v1/reports/{id} signs a fresh link. */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A validly signed link to a report that does not exist (`not_found`). */
            404: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The report is still `pending`, or `failed` with no file (`invalid_state`). */
            409: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The link is past `expires`, or the file is no longer kept (30 days after it was made) (`expired`). */
            410: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listEvents: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Cursor: the id of an object of this list; returns the objects created before it. Not together with `ending_before`, and an id that names no such object, are 400. */
                starting_after?: string;
                /** @description Cursor: the id of an object of this list; returns the objects created after it. Not together with `starting_after`, and an id that names no such object, are 400. */
                ending_before?: string;
                /** @description Only objects whose `created_at` (unix seconds) is within these bounds: `created[gte]`, `created[gt]`, `created[lte]`, `created[lt]`. */
                created?: {
                    /** @description Only objects created after this time (unix seconds). */
                    gt?: number;
                    /** @description Only objects created at or after this time (unix seconds). */
                    gte?: number;
                    /** @description Only objects created before this time (unix seconds). */
                    lt?: number;
                    /** @description Only objects created at or before this time (unix seconds). */
                    lte?: number;
                };
                /** @description Only events of this type, e.g. `payout.failed`. */
                type?: string;
            };
            header?: {
                /** @description Sandbox keys only: on a read, `rate_limited` answers 429 at once; the other values are accepted and change nothing. An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "evt_01M96MT29KPTAK28WTEP0CQ4DC",
                     *           "object": "event",
                     *           "type": "payout.completed",
                     *           "mode": "sandbox",
                     *           "created_at": 1796593223,
                     *           "data": {
                     *             "object": {
                     *               "id": "pout_01M96MT1517HYDB2W2JTN870YF",
                     *               "utr": "SBX3FE66D1D18BF4",
                     *               "fees": 0,
                     *               "mode": "upi",
                     *               "amount": 5000,
                     *               "object": "payout",
                     *               "status": "completed",
                     *               "approval": null,
                     *               "batch_id": "pbat_01M96MT14WEE5N5VFQAK0R8HZP",
                     *               "currency": "INR",
                     *               "livemode": false,
                     *               "metadata": {},
                     *               "failed_at": null,
                     *               "narration": null,
                     *               "queued_at": null,
                     *               "reference": null,
                     *               "created_at": 1796593222,
                     *               "rejected_at": null,
                     *               "reversed_at": null,
                     *               "cancelled_at": null,
                     *               "completed_at": 1796593223,
                     *               "scheduled_at": null,
                     *               "beneficiary_id": "bene_01M96MSX1WQX7N0W9J4WKP4ZD7",
                     *               "failure_reason": null,
                     *               "idempotency_key": "stipend-2027-01/emp-001",
                     *               "queue_expires_at": null,
                     *               "provider_reference": null,
                     *               "queue_if_low_balance": false
                     *             }
                     *           }
                     *         }
                     *       ],
                     *       "has_more": true,
                     *       "url": "/v1/events"
                     *     }
                     */
                    "application/json": components["schemas"]["EventList"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A live key over plain HTTP (`https_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getEvent: {
        parameters: {
            query?: never;
            header?: {
                /** @description Sandbox keys only: on a read, `rate_limited` answers 429 at once; the other values are accepted and change nothing. An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path: {
                /** @description A event id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "evt_01M96MT29KPTAK28WTEP0CQ4DC",
                     *       "object": "event",
                     *       "type": "payout.completed",
                     *       "mode": "sandbox",
                     *       "created_at": 1796593223,
                     *       "data": {
                     *         "object": {
                     *           "id": "pout_01M96MT1517HYDB2W2JTN870YF",
                     *           "utr": "SBX3FE66D1D18BF4",
                     *           "fees": 0,
                     *           "mode": "upi",
                     *           "amount": 5000,
                     *           "object": "payout",
                     *           "status": "completed",
                     *           "approval": null,
                     *           "batch_id": "pbat_01M96MT14WEE5N5VFQAK0R8HZP",
                     *           "currency": "INR",
                     *           "livemode": false,
                     *           "metadata": {},
                     *           "failed_at": null,
                     *           "narration": null,
                     *           "queued_at": null,
                     *           "reference": null,
                     *           "created_at": 1796593222,
                     *           "rejected_at": null,
                     *           "reversed_at": null,
                     *           "cancelled_at": null,
                     *           "completed_at": 1796593223,
                     *           "scheduled_at": null,
                     *           "beneficiary_id": "bene_01M96MSX1WQX7N0W9J4WKP4ZD7",
                     *           "failure_reason": null,
                     *           "idempotency_key": "stipend-2027-01/emp-001",
                     *           "queue_expires_at": null,
                     *           "provider_reference": null,
                     *           "queue_if_low_balance": false
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Event"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A live key over plain HTTP (`https_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unknown id, or an id of another account or mode (`not_found`). */
            404: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    redeliverEvent: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: 1..255 printable ASCII characters, scoped to account + mode. */
                "Idempotency-Key"?: string;
                /** @description Sandbox keys only: simulate a failure mode (comma-separated for several). An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path: {
                /** @description A event id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "endpoint_id": "we_01M96MSX4D7EBBHX2MC53A4ERW"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /** @description Send to this endpoint only (whatever its enabled events). Default: every endpoint enabled for the event type. */
                    endpoint_id?: string;
                };
                /**
                 * @example {
                 *       "endpoint_id": "we_01M96MSX4D7EBBHX2MC53A4ERW"
                 *     }
                 */
                "application/json": {
                    /** @description Send to this endpoint only (whatever its enabled events). Default: every endpoint enabled for the event type. */
                    endpoint_id?: string;
                };
            };
        };
        responses: {
            /** @description The endpoints a new delivery was started for. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "event_redelivery",
                     *       "event_id": "evt_01M96MT29KPTAK28WTEP0CQ4DC",
                     *       "endpoint_ids": [
                     *         "we_01M96MSX4D7EBBHX2MC53A4ERW"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["EventRedelivery"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A call the API key's role does not allow, such as an `approver` key's write (`permission_denied`); nothing was done and the Idempotency-Key stays free; or a live key over plain HTTP (`https_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unknown id, or an id of another account or mode (`not_found`). */
            404: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The same idempotency key is still being executed (`idempotency_key_in_use`). */
            409: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body over 2 MiB, 20 MiB for payout batches (`payload_too_large`). */
            413: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body that is neither form-encoded nor JSON (`unsupported_media_type`). */
            415: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The idempotency key was used with a different method, path or parameters (`idempotency_key_reused`). */
            422: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Cursor: the id of an object of this list; returns the objects created before it. Not together with `ending_before`, and an id that names no such object, are 400. */
                starting_after?: string;
                /** @description Cursor: the id of an object of this list; returns the objects created after it. Not together with `starting_after`, and an id that names no such object, are 400. */
                ending_before?: string;
                /** @description Only objects whose `created_at` (unix seconds) is within these bounds: `created[gte]`, `created[gt]`, `created[lte]`, `created[lt]`. */
                created?: {
                    /** @description Only objects created after this time (unix seconds). */
                    gt?: number;
                    /** @description Only objects created at or after this time (unix seconds). */
                    gte?: number;
                    /** @description Only objects created before this time (unix seconds). */
                    lt?: number;
                    /** @description Only objects created at or before this time (unix seconds). */
                    lte?: number;
                };
            };
            header?: {
                /** @description Sandbox keys only: on a read, `rate_limited` answers 429 at once; the other values are accepted and change nothing. An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of endpoints (without secrets). */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "we_01M96MSX4D7EBBHX2MC53A4ERW",
                     *           "object": "webhook_endpoint",
                     *           "mode": "sandbox",
                     *           "url": "https://example.com/webhooks/paygate",
                     *           "description": "Order system",
                     *           "enabled_events": [
                     *             "payout.*",
                     *             "payment.captured"
                     *           ],
                     *           "status": "enabled",
                     *           "created_at": 1796593218
                     *         }
                     *       ],
                     *       "has_more": false,
                     *       "url": "/v1/webhook_endpoints"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookEndpointList"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A live key over plain HTTP (`https_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: 1..255 printable ASCII characters, scoped to account + mode. */
                "Idempotency-Key"?: string;
                /** @description Sandbox keys only: simulate a failure mode (comma-separated for several). An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /**
                     * Format: uri
                     * @description Where deliveries are POSTed. Live endpoints must be `https` and must not resolve to a loopback, link-local or private address (checked now and again at every delivery). Sandbox endpoints may be `http` and local. The host must resolve when the endpoint is created, and an account has at most 16 endpoints in each mode: otherwise 400 naming `url`.
                     * @example https://example.com/webhooks/paygate
                     */
                    url: string;
                    /**
                     * @description Event types to receive (up to 50): exact types, `<resource>.*` wildcards such as `payout.*`, or `*` for all. Form: `enabled_events[]=payout.*`.
                     * @example [
                     *       "payout.*",
                     *       "payment.captured"
                     *     ]
                     */
                    enabled_events: ("*" | "payment.*" | "refund.*" | "payout.*" | "payout_batch.*" | "api_key.*" | "approval_policy.*" | "payment_link.*" | "collection.*" | "mandate.*" | "settlement.*" | "report.*" | "beneficiary.*" | "payment.captured" | "payment.failed" | "refund.processed" | "refund.failed" | "payout.initiated" | "payout.completed" | "payout.failed" | "payout.reversed" | "payout.pending_approval" | "payout.approved" | "payout.rejected" | "payout.scheduled" | "payout.queued" | "payout.cancelled" | "payout_batch.completed" | "payout_batch.pending_approval" | "payout_batch.approved" | "payout_batch.rejected" | "payout_batch.cancelled" | "api_key.created" | "api_key.revoked" | "approval_policy.updated" | "payment_link.partially_paid" | "payment_link.paid" | "payment_link.expired" | "payment_link.cancelled" | "collection.charged" | "collection.failed" | "collection.halted" | "collection.completed" | "mandate.active" | "mandate.rejected" | "mandate.paused" | "mandate.resumed" | "mandate.revoked" | "mandate.expired" | "settlement.processed" | "report.ready" | "report.failed" | "beneficiary.verified" | "beneficiary.verification_failed")[];
                    /** @description Free text, at most 500 characters. */
                    description?: string;
                };
                /**
                 * @example {
                 *       "url": "https://example.com/webhooks/paygate",
                 *       "enabled_events": [
                 *         "payout.*",
                 *         "payment.captured"
                 *       ],
                 *       "description": "Order system"
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: uri
                     * @description Where deliveries are POSTed. Live endpoints must be `https` and must not resolve to a loopback, link-local or private address (checked now and again at every delivery). Sandbox endpoints may be `http` and local. The host must resolve when the endpoint is created, and an account has at most 16 endpoints in each mode: otherwise 400 naming `url`.
                     * @example https://example.com/webhooks/paygate
                     */
                    url: string;
                    /**
                     * @description Event types to receive (up to 50): exact types, `<resource>.*` wildcards such as `payout.*`, or `*` for all. Form: `enabled_events[]=payout.*`.
                     * @example [
                     *       "payout.*",
                     *       "payment.captured"
                     *     ]
                     */
                    enabled_events: ("*" | "payment.*" | "refund.*" | "payout.*" | "payout_batch.*" | "api_key.*" | "approval_policy.*" | "payment_link.*" | "collection.*" | "mandate.*" | "settlement.*" | "report.*" | "beneficiary.*" | "payment.captured" | "payment.failed" | "refund.processed" | "refund.failed" | "payout.initiated" | "payout.completed" | "payout.failed" | "payout.reversed" | "payout.pending_approval" | "payout.approved" | "payout.rejected" | "payout.scheduled" | "payout.queued" | "payout.cancelled" | "payout_batch.completed" | "payout_batch.pending_approval" | "payout_batch.approved" | "payout_batch.rejected" | "payout_batch.cancelled" | "api_key.created" | "api_key.revoked" | "approval_policy.updated" | "payment_link.partially_paid" | "payment_link.paid" | "payment_link.expired" | "payment_link.cancelled" | "collection.charged" | "collection.failed" | "collection.halted" | "collection.completed" | "mandate.active" | "mandate.rejected" | "mandate.paused" | "mandate.resumed" | "mandate.revoked" | "mandate.expired" | "settlement.processed" | "report.ready" | "report.failed" | "beneficiary.verified" | "beneficiary.verification_failed")[];
                    /** @description Free text, at most 500 characters. */
                    description?: string;
                };
            };
        };
        responses: {
            /** @description The endpoint, with `secret`. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "we_01M96MSX4D7EBBHX2MC53A4ERW",
                     *       "object": "webhook_endpoint",
                     *       "mode": "sandbox",
                     *       "url": "https://example.com/webhooks/paygate",
                     *       "description": "Order system",
                     *       "enabled_events": [
                     *         "payout.*",
                     *         "payment.captured"
                     *       ],
                     *       "status": "enabled",
                     *       "created_at": 1796593218,
                     *       "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A call the API key's role does not allow, such as an `approver` key's write (`permission_denied`); nothing was done and the Idempotency-Key stays free; or a live key over plain HTTP (`https_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The same idempotency key is still being executed (`idempotency_key_in_use`). */
            409: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body over 2 MiB, 20 MiB for payout batches (`payload_too_large`). */
            413: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body that is neither form-encoded nor JSON (`unsupported_media_type`). */
            415: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The idempotency key was used with a different method, path or parameters (`idempotency_key_reused`). */
            422: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description Sandbox keys only: on a read, `rate_limited` answers 429 at once; the other values are accepted and change nothing. An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path: {
                /** @description A webhook endpoint id (`we_...`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "we_01M96MSX4D7EBBHX2MC53A4ERW",
                     *       "object": "webhook_endpoint",
                     *       "mode": "sandbox",
                     *       "url": "https://example.com/webhooks/paygate",
                     *       "description": "Order system",
                     *       "enabled_events": [
                     *         "payout.*",
                     *         "payment.captured"
                     *       ],
                     *       "status": "enabled",
                     *       "created_at": 1796593218
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A live key over plain HTTP (`https_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unknown id, or an id of another account or mode (`not_found`). */
            404: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description Sandbox keys only: on a read, `rate_limited` answers 429 at once; the other values are accepted and change nothing. An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path: {
                /** @description A webhook endpoint id (`we_...`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deleted endpoint. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "we_01M96MSX4D7EBBHX2MC53A4ERW",
                     *       "object": "webhook_endpoint",
                     *       "mode": "sandbox",
                     *       "deleted": true
                     *     }
                     */
                    "application/json": components["schemas"]["DeletedWebhookEndpoint"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A live key over plain HTTP (`https_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unknown id, or an id of another account or mode (`not_found`). */
            404: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Cursor: the id of an object of this list; returns the objects created before it. Not together with `ending_before`, and an id that names no such object, are 400. */
                starting_after?: string;
                /** @description Cursor: the id of an object of this list; returns the objects created after it. Not together with `starting_after`, and an id that names no such object, are 400. */
                ending_before?: string;
                /** @description Only objects whose `created_at` (unix seconds) is within these bounds: `created[gte]`, `created[gt]`, `created[lte]`, `created[lt]`. */
                created?: {
                    /** @description Only objects created after this time (unix seconds). */
                    gt?: number;
                    /** @description Only objects created at or after this time (unix seconds). */
                    gte?: number;
                    /** @description Only objects created before this time (unix seconds). */
                    lt?: number;
                    /** @description Only objects created at or before this time (unix seconds). */
                    lte?: number;
                };
                /** @description Only attempts of this event. */
                event_id?: string;
            };
            header?: {
                /** @description Sandbox keys only: on a read, `rate_limited` answers 429 at once; the other values are accepted and change nothing. An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path: {
                /** @description A webhook endpoint id (`we_...`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of attempts. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "id": "dlv_01M96MT30BTPDB2S6SARYKFVWK",
                     *           "object": "webhook_delivery",
                     *           "mode": "sandbox",
                     *           "event_id": "evt_01M96MT29KPTAK28WTEP0CQ4DC",
                     *           "endpoint_id": "we_01M96MSX4D7EBBHX2MC53A4ERW",
                     *           "attempt": 1,
                     *           "succeeded": true,
                     *           "status_code": 200,
                     *           "error": null,
                     *           "duration_ms": 1,
                     *           "delivery": "event",
                     *           "created_at": 1796593224
                     *         }
                     *       ],
                     *       "has_more": false,
                     *       "url": "/v1/webhook_endpoints/we_01M96MSX4D7EBBHX2MC53A4ERW/deliveries"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookDeliveryList"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A live key over plain HTTP (`https_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unknown id, or an id of another account or mode (`not_found`). */
            404: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOpenApi: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OpenAPI 3.1 document. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Up. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok"
                     *     }
                     */
                    "application/json": components["schemas"]["Health"];
                };
            };
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok",
                     *       "database": "ok",
                     *       "temporal": "ok"
                     *     }
                     */
                    "application/json": components["schemas"]["Readiness"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Prometheus text exposition format. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
        };
    };
    getCurrentApiKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description Sandbox keys only: on a read, `rate_limited` answers 429 at once; the other values are accepted and change nothing. An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The calling key (never its secret). */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "key_01M96MSWT86DDQD2G67D6X54VE",
                     *       "object": "api_key",
                     *       "name": null,
                     *       "holder": "key_01M96MSWT86DDQD2G67D6X54VE",
                     *       "role": "full",
                     *       "mode": "sandbox",
                     *       "limits": {
                     *         "max_amount": null,
                     *         "daily_amount": null,
                     *         "approval": null,
                     *         "refunds": null
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ApiKey"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A live key over plain HTTP (`https_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApprovalPolicy: {
        parameters: {
            query?: never;
            header?: {
                /** @description Sandbox keys only: on a read, `rate_limited` answers 429 at once; the other values are accepted and change nothing. An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The approval policy. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "approval_policy",
                     *       "mode": "sandbox",
                     *       "rules": [
                     *         {
                     *           "min_amount": 100000,
                     *           "approvals": 1
                     *         }
                     *       ],
                     *       "expires_after": 86400,
                     *       "beneficiaries": {
                     *         "new": "allow",
                     *         "unverified": "allow",
                     *         "mismatch": "allow"
                     *       },
                     *       "updated_at": 1796593222
                     *     }
                     */
                    "application/json": components["schemas"]["ApprovalPolicy"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A live key over plain HTTP (`https_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateApprovalPolicy: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: 1..255 printable ASCII characters, scoped to account + mode. */
                "Idempotency-Key"?: string;
                /** @description Sandbox keys only: simulate a failure mode (comma-separated for several). An empty or unknown value is a 400. */
                "Sandbox-Simulate"?: "rate_limited" | "timeout" | "duplicate_webhooks" | "out_of_order_webhooks";
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description Replaces the whole list (at most 10, each `min_amount` once): a payout of at least a rule's `min_amount` needs that rule's approvals, the largest matching rule counting. Form: `rules[0][min_amount]=500000&rules[0][approvals]=1`; `rules=` (empty) clears the list, as `"rules": []` does in JSON. */
                    rules?: {
                        /** @description Paise: a payout (or batch, by its total) of at least this needs `approvals`. */
                        min_amount: number;
                        /**
                         * @description Approvals a payout of at least `min_amount` needs, each from another holder: 1 or 2.
                         * @enum {integer}
                         */
                        approvals: 1 | 2;
                    }[];
                    /** @description Seconds a payout waits for its approvals before it ends `rejected` (`approval_expired`): 3600 (an hour) to 7776000 (90 days); default 604800 (7 days). */
                    expires_after?: number;
                    /** @description Each key given replaces that setting; the others stay. Form: `beneficiaries[new]=approve`. */
                    beneficiaries?: {
                        /**
                         * @description The first payout to a beneficiary a `maker` key created: `allow`, `approve` (it waits, reason `new_beneficiary`) or `refuse`.
                         * @enum {string}
                         */
                        new?: "allow" | "approve" | "refuse";
                        /**
                         * @description A payout to a beneficiary not verified, or whose verification is pending: `allow`, `approve` (reason `beneficiary_unverified`) or `refuse` (400 `beneficiary_not_verified`).
                         * @enum {string}
                         */
                        unverified?: "allow" | "approve" | "refuse";
                        /**
                         * @description A payout to a beneficiary whose verification ended `mismatch`: `allow`, `approve` (reason `name_mismatch`) or `refuse`; never stricter than `unverified` (400 naming `beneficiaries[unverified]`).
                         * @enum {string}
                         */
                        mismatch?: "allow" | "approve" | "refuse";
                    };
                };
                /**
                 * @example {
                 *       "rules": [
                 *         {
                 *           "min_amount": 100000,
                 *           "approvals": 1
                 *         }
                 *       ],
                 *       "expires_after": 86400
                 *     }
                 */
                "application/json": {
                    /** @description Replaces the whole list (at most 10, each `min_amount` once): a payout of at least a rule's `min_amount` needs that rule's approvals, the largest matching rule counting. Form: `rules[0][min_amount]=500000&rules[0][approvals]=1`; `rules=` (empty) clears the list, as `"rules": []` does in JSON. */
                    rules?: {
                        /** @description Paise: a payout (or batch, by its total) of at least this needs `approvals`. */
                        min_amount: number;
                        /**
                         * @description Approvals a payout of at least `min_amount` needs, each from another holder: 1 or 2.
                         * @enum {integer}
                         */
                        approvals: 1 | 2;
                    }[];
                    /** @description Seconds a payout waits for its approvals before it ends `rejected` (`approval_expired`): 3600 (an hour) to 7776000 (90 days); default 604800 (7 days). */
                    expires_after?: number;
                    /** @description Each key given replaces that setting; the others stay. Form: `beneficiaries[new]=approve`. */
                    beneficiaries?: {
                        /**
                         * @description The first payout to a beneficiary a `maker` key created: `allow`, `approve` (it waits, reason `new_beneficiary`) or `refuse`.
                         * @enum {string}
                         */
                        new?: "allow" | "approve" | "refuse";
                        /**
                         * @description A payout to a beneficiary not verified, or whose verification is pending: `allow`, `approve` (reason `beneficiary_unverified`) or `refuse` (400 `beneficiary_not_verified`).
                         * @enum {string}
                         */
                        unverified?: "allow" | "approve" | "refuse";
                        /**
                         * @description A payout to a beneficiary whose verification ended `mismatch`: `allow`, `approve` (reason `name_mismatch`) or `refuse`; never stricter than `unverified` (400 naming `beneficiaries[unverified]`).
                         * @enum {string}
                         */
                        mismatch?: "allow" | "approve" | "refuse";
                    };
                };
            };
        };
        responses: {
            /** @description The approval policy after the change. */
            200: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "approval_policy",
                     *       "mode": "sandbox",
                     *       "rules": [
                     *         {
                     *           "min_amount": 100000,
                     *           "approvals": 1
                     *         }
                     *       ],
                     *       "expires_after": 86400,
                     *       "beneficiaries": {
                     *         "new": "allow",
                     *         "unverified": "allow",
                     *         "mismatch": "allow"
                     *       },
                     *       "updated_at": 1796593222
                     *     }
                     */
                    "application/json": components["schemas"]["ApprovalPolicy"];
                };
            };
            /** @description A missing, malformed or unknown parameter or header (`invalid_request`). */
            400: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`). */
            401: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A call the API key's role does not allow, such as an `approver` key's write (`permission_denied`); nothing was done and the Idempotency-Key stays free; or a live key over plain HTTP (`https_required`). */
            403: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The same idempotency key is still being executed (`idempotency_key_in_use`). */
            409: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description `true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body over 2 MiB, 20 MiB for payout batches (`payload_too_large`). */
            413: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body that is neither form-encoded nor JSON (`unsupported_media_type`). */
            415: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The idempotency key was used with a different method, path or parameters (`idempotency_key_reused`). */
            422: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (`rate_limited`); `Retry-After` says when to retry. */
            429: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    /** @description Requests allowed per second for this API key. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix seconds when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait (>= 1). */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A bug (`internal_error`); nothing half-done is left behind. */
            500: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal is unreachable (`service_unavailable`); retry later with the same key. */
            503: {
                headers: {
                    /** @description Identifies this request (`req_...`); also inside error bodies. */
                    "Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
