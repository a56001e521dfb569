import { Migration } from '@mikro-orm/migrations';

// A live payment and a live mandate keep the paying customer's IP address and browser user agent as the caller gave
// them (`customer_ip`, `user_agent`), so that the hand-over to the provider, whenever it runs, sends those and never
// a made-up value. Null in the sandbox (ignored there) and wherever none was given.
export class Migration20261207050000_customer_client_details extends Migration {
  override up(): void {
    this.addSql(`alter table payments add column customer_ip text null, add column user_agent text null;`);
    this.addSql(`alter table mandates add column customer_ip text null, add column user_agent text null;`);
  }
}
