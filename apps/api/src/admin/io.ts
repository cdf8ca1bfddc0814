/** What a `pnpm admin` command reads and writes (cli.ts gives the process's; tests give their own). */
export interface AdminIo {
  out: (line: string) => void;
  err: (line: string) => void;
  now?: () => number;
  /** One line of standard input (editor passwords not given on the command line). */
  readLine?: () => Promise<string>;
}

/** The problem printed, above the usage, when a command group is called without its command. */
export const MISSING_COMMAND = '缺少命令';
