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

/** `mobile<TAB>code<TAB>ISO time` per line in DATA_DIR/sms-outbox.log (fixed format). */
export class OutboxProvider implements SmsProvider {
  readonly name = 'outbox';
  constructor(
    private readonly dataDir: string,
    private readonly log: (msg: string) => void = () => {},
    private readonly now: () => number = Date.now,
  ) {}

  get file(): string {
    return path.join(this.dataDir, 'sms-outbox.log');
  }

  async send(mobile: string, code: string): Promise<void> {
    await fs.mkdir(this.dataDir, { recursive: true });
    const line = `${mobile}\t${code}\t${new Date(this.now()).toISOString()}\n`;
    await fs.appendFile(this.file, line, { encoding: 'utf8', mode: 0o600 });
    // The outbox is the development channel: the log line is how a developer reads the code.
    this.log(`sms outbox: ${mobile} code ${code} (appended to ${this.file})`);
  }
}
