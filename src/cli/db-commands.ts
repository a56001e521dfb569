// payctl db migrate: applies pending migrations and exits (the compose stack runs it once before api and worker).
import type { Command } from 'commander';
import type { CliContext } from './context.ts';

/** Adds `payctl db ...` (subcommands made with .command() inherit the program's output and exit settings). */
export function registerDbCommands(program: Command, ctx: CliContext): void {
  const db = program.command('db').description('database maintenance');

  db.command('migrate')
    .description('create the database if needed and apply pending migrations')
    .option('--json', 'print {"applied": [...]} as JSON')
    .action(async (options: { json?: boolean }) => {
      // Opening the database applies the migrations; nothing else to do.
      const result = await ctx.withDatabase(async (opened) => ({ applied: opened.migrated, location: opened.location }));
      ctx.print(options.json, { applied: result.applied }, [
        result.applied.length === 0
          ? `Database ${result.location} is up to date.`
          : `Applied to ${result.location}: ${result.applied.join(', ')}.`,
      ]);
    });

}
