// For callers' receivers: `import { verifyWebhook } from 'paygate/webhooks'`. Verifies a delivery's
// Standard Webhooks signature with the endpoint's secret (see README, Receiving webhooks).
export { verifyWebhook, WebhookVerificationError, type WebhookHeaders } from '../webhooks/signing.ts';
