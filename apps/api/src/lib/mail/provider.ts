import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';

/**
 * Mail delivery boundary (DESIGN.md section 10), like SMS: the API only ever calls `send`; which
 * provider answers is configuration. The default outbox writes each message, as RFC 5322 text, to
 * DATA_DIR/mail-outbox/<id>.eml (fixed); SMTP_URL sends through an SMTP server (Aliyun DirectMail,
 * Tencent SES, Tencent Exmail, a local relay) with the sender MAIL_FROM.
 */
export interface MailMessage {
  /** Names the outbox file and the Message-ID: the same message always gets the same id. */
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

export interface MailProvider {
  readonly name: string;
  /** Delivers one message; rejects with PermanentMailError when the address can never be delivered to. */
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** The server refused the address for good (SMTP 5xx): mark it, never retry it. */
export class PermanentMailError extends Error {}

/** A message id becomes a file name: only these characters. */
const SAFE_ID = /^[\w.-]{1,100}$/;

const messageIdOf = (id: string, from: string) =>
  `<${id}@${from.split('@').pop()?.replace(/[>\s]/g, '') || 'localhost'}>`;

const optionsOf = (message: MailMessage, from: string) => ({
  from,
  to: message.to,
  subject: message.subject,
  text: message.text,
  html: message.html,
  headers: message.headers,
  messageId: messageIdOf(message.id, from),
});

export class OutboxMailProvider implements MailProvider {
  readonly name = 'outbox';
  private made = false;
  private readonly composer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'windows',
  });
  constructor(
    private readonly dataDir: string,
    private readonly from: string,
  ) {}

  get dir(): string {
    return path.join(this.dataDir, 'mail-outbox');
  }

  async send(message: MailMessage): Promise<void> {
    if (!SAFE_ID.test(message.id)) throw new Error(`bad message id ${message.id}`);
    const info = await this.composer.sendMail(optionsOf(message, this.from));
    if (!this.made) {
      await fs.mkdir(this.dir, { recursive: true, mode: 0o700 });
      this.made = true;
    }
    // Written aside and renamed: a reader never sees half a message, and a second send of the same id replaces it.
    const file = path.join(this.dir, `${message.id}.eml`);
    const tmp = `${file}.${process.pid}.tmp`;
    await fs.writeFile(tmp, info.message as Buffer, { mode: 0o600 });
    await fs.rename(tmp, file);
  }

  async close(): Promise<void> {
    this.composer.close();
  }
}

export class SmtpMailProvider implements MailProvider {
  readonly name = 'smtp';
  private readonly transport: Transporter<SMTPTransport.SentMessageInfo>;
  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url);
  }

  async send(message: MailMessage): Promise<void> {
    try {
      await this.transport.sendMail(optionsOf(message, this.from));
    } catch (error) {
      const code = (error as { responseCode?: number }).responseCode;
      if (typeof code === 'number' && code >= 500 && code < 600) {
        throw new PermanentMailError(String((error as Error).message));
      }
      throw error;
    }
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}

export interface MailEnv {
  SMTP_URL?: string;
  MAIL_FROM?: string;
}

/** The sender when MAIL_FROM is unset (development and the outbox only: production SMTP requires it). */
export const DEFAULT_MAIL_FROM = 'newsletter@localhost';

/** SMTP when SMTP_URL is set, else the outbox under DATA_DIR. */
export function createMailProvider(dataDir: string, env: MailEnv): MailProvider {
  const from = env.MAIL_FROM || DEFAULT_MAIL_FROM;
  return env.SMTP_URL ? new SmtpMailProvider(env.SMTP_URL, from) : new OutboxMailProvider(dataDir, from);
}
