import { Migration } from '@mikro-orm/migrations';

// Every start seals the stored replays of the POSTs whose answer holds a secret (an endpoint's creation, a
// report's) written in clear text (src/db/sealed.ts, sealClearTextValues). The router takes a path without
// case and with trailing slashes alike (`/v1/webhook_endpoints/` creates an endpoint too), so those replays
// are found by the path as routed, lower(rtrim(path, '/')): one partial index of such rows on that
// expression replaces the endpoints' one on the exact path, so the start-up check reads an empty index instead of
// scanning every idempotency record.
export class Migration20261130100100_unsealed_secret_replays_index extends Migration {
  override up(): void {
    this.addSql(`
create index idempotency_records_unsealed_secret_replays_idx on idempotency_records (account_id)
  where method = 'POST' and lower(rtrim(path, '/')) in ('/v1/webhook_endpoints', '/v1/reports/transactions')
    and state = 'done' and response_body not like 'sealed:v1:%';
drop index if exists idempotency_records_unsealed_endpoint_replays_idx;
`);
  }
}
