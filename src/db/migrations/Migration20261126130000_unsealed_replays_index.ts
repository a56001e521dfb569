import { Migration } from '@mikro-orm/migrations';

// Every start seals webhook secrets and endpoint-creation replays stored in clear text before encryption
// (src/db/webhooks.ts, sealClearTextWebhookSecrets). These partial indexes hold only such rows, so that
// check reads an empty index instead of scanning every idempotency record and endpoint on each start.
export class Migration20261126130000_unsealed_replays_index extends Migration {
  override up(): void {
    this.addSql(`create index idempotency_records_unsealed_endpoint_replays_idx on idempotency_records (account_id)
  where method = 'POST' and path = '/v1/webhook_endpoints' and state = 'done' and response_body not like 'sealed:v1:%';`);
    this.addSql(`create index webhook_endpoints_unsealed_secret_idx on webhook_endpoints (id) where secret not like 'sealed:v1:%';`);
  }
}
