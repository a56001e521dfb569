import { Migration } from '@mikro-orm/migrations';

// Payouts that wait (docs/api.md, "Payouts that wait"): a maker key's spending limits, the approval policy of an
// account and mode, the approvals given (one per holder: the primary key), and what a payout or batch waits with
// (its approval, its scheduled time, its low-balance flag) and the new statuses it may be in. A payout records the
// key that created it (the day's amount of a key, a maker cancelling only its own, a revoked key's waiting payouts)
// and a beneficiary the key that created it (the policy's `beneficiaries[new]`). A batch records what of it counts
// toward its creating key's day (`key_amount`: its items less those that joined by reference).
export class Migration20261211000000_payout_waits extends Migration {
  override up(): void {
    this.addSql(`alter table api_keys
      add column max_amount bigint null check (max_amount > 0),
      add column daily_amount bigint null check (daily_amount > 0),
      add column approval text null check (approval = 'always'),
      add column refunds text null check (refunds = 'allow'),
      add check (role = 'maker' or (max_amount is null and daily_amount is null and approval is null and refunds is null));`);

    this.addSql(`create table approval_policies (
      account_id text not null references accounts(id),
      mode text not null check (mode in ('sandbox', 'live')),
      rules jsonb not null default '[]',
      expires_after integer not null default 604800 check (expires_after > 0),
      beneficiaries jsonb not null default '{}',
      updated_at timestamptz not null default now(),
      primary key (account_id, mode));`);

    this.addSql(`create table object_approvals (
      object_id text not null,
      key_id text not null,
      name text null,
      holder text not null,
      approved_at timestamptz not null default now(),
      primary key (object_id, holder));`);

    // The column checks of payouts.status and of a failure's code name themselves by PostgreSQL's defaults; found by
    // what they check rather than by name.
    this.addSql(`do $$ declare c record; begin
      for c in select conname from pg_constraint where conrelid = 'payouts'::regclass and contype = 'c'
               and (pg_get_constraintdef(oid) like '%status%') loop
        execute format('alter table payouts drop constraint %I', c.conname);
      end loop;
      for c in select conname from pg_constraint where conrelid = 'payout_batches'::regclass and contype = 'c'
               and (pg_get_constraintdef(oid) like '%status%') loop
        execute format('alter table payout_batches drop constraint %I', c.conname);
      end loop;
    end $$;`);
    this.addSql(`alter table payouts
      add constraint payouts_status_check check (status in ('pending_approval', 'scheduled', 'queued', 'initiated', 'completed', 'failed', 'rejected', 'cancelled', 'reversed')),
      add constraint payouts_failure_check check ((status in ('failed', 'rejected')) = (failure_code is not null)),
      add column approval jsonb null,
      add column created_by_key_id text null,
      add column scheduled_at timestamptz null,
      add column queue_if_low_balance boolean not null default false,
      add column queued_at timestamptz null,
      add column queue_expires_at timestamptz null,
      add column rejected_at timestamptz null,
      add column cancelled_at timestamptz null;`);
    this.addSql(`create index payouts_key_day_idx on payouts (created_by_key_id, created_at) where created_by_key_id is not null;`);
    this.addSql(`create index payouts_queue_idx on payouts (account_id, mode, queued_at, id) where status = 'queued';`);
    this.addSql(`create index payouts_rejections_idx on payouts (created_by_key_id, beneficiary_id, rejected_at) where status = 'rejected';`);
    this.addSql(`alter table payout_batches
      add constraint payout_batches_status_check check (status in ('pending_approval', 'scheduled', 'processing', 'completed', 'rejected', 'cancelled')),
      add column approval jsonb null,
      add column created_by_key_id text null,
      add column scheduled_at timestamptz null,
      add column queue_if_low_balance boolean not null default false,
      add column key_amount bigint null,
      add column approved_at timestamptz null,
      add column rejected_at timestamptz null,
      add column cancelled_at timestamptz null;`);
    this.addSql(`create index payout_batches_key_day_idx on payout_batches (created_by_key_id, created_at) where created_by_key_id is not null;`);
    this.addSql(`alter table beneficiaries add column created_by_key_id text null;`);
  }
}
