import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * SMS delivery boundary (DESIGN.md section 3). The API only ever calls `send`; which provider
 * answers is configuration (`SMS_PROVIDER`, see `smsConfigFromEnv`). The default is the outbox:
 * no message leaves the machine, each one is appended to DATA_DIR/sms-outbox.log.
 */
export interface SmsProvider {
  readonly name: string;
  /** Deliver a verification code; rejects when the provider refuses. */
  send(mobile: string, code: string): Promise<void>;
}

/**
 * `mobile<TAB>code<TAB>ISO time` per line in DATA_DIR/sms-outbox.log (fixed format, mode 600).
 * `revealCodes`: also log the code (development, where the log is how a developer reads it). In
 * production (a staging host with SMS_OUTBOX_IN_PRODUCTION=1) the code is in the file only: a log
 * line travels to log collectors, and anyone who can read a code can reset that member's password.
 */
export class OutboxProvider implements SmsProvider {
  readonly name = 'outbox';
  constructor(
    private readonly dataDir: string,
    private readonly log: (msg: string) => void = () => {},
    private readonly now: () => number = Date.now,
    private readonly revealCodes = true,
  ) {}

  get file(): string {
    return path.join(this.dataDir, 'sms-outbox.log');
  }

  async send(mobile: string, code: string): Promise<void> {
    await fs.mkdir(this.dataDir, { recursive: true });
    const line = `${mobile}\t${code}\t${new Date(this.now()).toISOString()}\n`;
    await fs.appendFile(this.file, line, { encoding: 'utf8', mode: 0o600 });
    this.log(
      this.revealCodes
        ? `sms outbox: ${mobile} code ${code} (appended to ${this.file})`
        : `sms outbox: a code for ${maskMobile(mobile)} appended to ${this.file}`,
    );
  }
}

/** The last four digits only, enough to tell which test number a staging line is about. */
const maskMobile = (mobile: string) => `${'*'.repeat(Math.max(0, mobile.length - 4))}${mobile.slice(-4)}`;
