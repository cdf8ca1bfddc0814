import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadToolConfig } from '../config';
import { BackupError, backup, defaultBackupFile, restore } from './backup';

/**
 * `pnpm backup [--out FILE]`   a backup of the server's database (SQLite online, or pg_dump);
 *                              default DATA_DIR/backups/portal-<UTC time>.<sqlite|pgdump>
 * `pnpm restore FILE --yes`    replaces the database's content with FILE's (stop the server first)
 * The database is the server's: DATABASE_URL (PostgreSQL) when set, else DATA_DIR/portal.db.
 */
async function main(command: string | undefined, argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      out: { type: 'string' },
      yes: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    allowPositionals: true,
  });
  const config = loadToolConfig();
  // A relative path means the directory the command was typed in (INIT_CWD, set by pnpm).
  const resolve = (p: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), p);
  if (command === 'backup' && !values.help && positionals.length === 0) {
    const file = values.out ? resolve(values.out) : defaultBackupFile(config);
    const began = Date.now();
    const kind = await backup(config, file);
    console.log(`backup: ${kind} → ${file} (${((Date.now() - began) / 1000).toFixed(1)} s)`);
    return 0;
  }
  if (command === 'restore' && !values.help && positionals.length === 1) {
    const file = resolve(positionals[0]!);
    if (!values.yes) {
      console.error(
        `restore: replaces everything in ${config.databaseUrl ? 'the PostgreSQL database (DATABASE_URL)' : path.join(config.dataDir, 'portal.db')} with ${file}.\n` +
          'Stop the server first, then run again with --yes.',
      );
      return 2;
    }
    const began = Date.now();
    const kind = await restore(config, file);
    console.log(`restore: ${kind} ← ${file} (${((Date.now() - began) / 1000).toFixed(1)} s)`);
    return 0;
  }
  console.error('usage: pnpm backup [--out FILE]\n       pnpm restore FILE --yes');
  return 2;
}

try {
  process.exitCode = await main(process.argv[2], process.argv.slice(3));
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  console.error(`${process.argv[2]}: ${err.message}`);
  process.exitCode = 1;
}
