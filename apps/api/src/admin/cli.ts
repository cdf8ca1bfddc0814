import { createInterface } from 'node:readline';
import { loadToolConfig } from '../config';
import { migrate, openDb } from '../db';
import { EXIT, runAdmin, USAGE } from './commands';
import { runStorageCommand } from './storage-commands';

/**
 * `pnpm admin …`: editor review from the command line, against the same DATA_DIR / DATABASE_URL
 * as the server. Exit 0 on success, 1 when the current state refuses the action, 2 on bad input.
 */
/** The first line of standard input (a password piped in rather than typed on the command line). */
async function readLine(): Promise<string> {
  const rl = createInterface({ input: process.stdin, terminal: false });
  for await (const line of rl) {
    rl.close();
    return line;
  }
  return '';
}

async function main(argv: string[]): Promise<number> {
  if (argv.length === 0) {
    console.error(USAGE);
    return EXIT.usage;
  }
  // A relative DATA_DIR means the directory the command was typed in (see loadToolConfig).
  const config = loadToolConfig();
  const io = { out: (l: string) => console.log(l), err: (l: string) => console.error(l) };
  // Files only: no database needed.
  if (argv[0] === 'storage') return runStorageCommand(argv.slice(1), config, io);
  const database = openDb(config);
  try {
    await migrate(database);
    return await runAdmin(argv, database, { ...io, readLine });
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(`admin failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = EXIT.failed;
  },
);
