import { Migration } from '@mikro-orm/migrations';

// top_ups.status was the one resource status without a CHECK; it gets the list every other status
// column has (src/domain/top-ups.ts, held to this by test/integration/status-checks.test.ts).
export class Migration20261125000000_top_up_status_check extends Migration {
  override up(): void {
    this.addSql(`alter table top_ups add constraint top_ups_status_check check (status in ('succeeded'));`);
  }
}
