import { Migration } from '@mikro-orm/migrations';

// Report chunks are stored out of line but not compressed: compressing 1 MiB of CSV with pglz on every insert
// cost more time than the whole COPY, and an uncompressed value is read back without decompressing it. Only
// chunks written from now on are affected.
export class Migration20261127090000_report_chunks_uncompressed extends Migration {
  override up(): void {
    this.addSql(`alter table report_chunks alter column data set storage external;`);
  }
}
