// The caller-facing library. For now: verifying webhook deliveries (see README, Receiving webhooks).
export { verifyWebhook, WebhookVerificationError, type WebhookHeaders } from './webhooks.ts';
