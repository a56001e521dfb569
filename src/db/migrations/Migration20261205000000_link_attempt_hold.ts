import { Migration } from '@mikro-orm/migrations';

// A pending pay attempt holds its payment link for at most PAYMENT_LINK_ATTEMPT_HOLD_SECONDS (API.md, Live payment
// links): after that another attempt may start while the first payment is still pending, so a link can have two
// pending payments at once. One attempt at a time within the hold is the link workflow's rule (it takes attempts one
// by one); a capture the link can no longer take is refunded in full as `duplicate`. The index that allowed one
// pending payment per link goes.
export class Migration20261205000000_link_attempt_hold extends Migration {
  override up(): void {
    this.addSql(`drop index if exists payments_payment_link_pending_idx;`);
  }
}
