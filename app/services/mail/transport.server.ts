import { randomBytes } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";

export type MailMessage = {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
};

export type MailSettings = {
  /** smtp:// or smtps:// with credentials; without it messages go to the outbox directory. */
  smtpUrl?: string;
  from: string;
  /** DATA_DIR/mail: where .eml files are written when there is no SMTP server. */
  outboxDir: string;
};

export type SentMail = { via: "smtp"; messageId: string } | { via: "outbox"; messageId: string; file: string };

export type Mailer = { send(message: MailMessage): Promise<SentMail>; close(): void };

// A stuck server must fail the attempt well before the job's expiry, so pg-boss retries it.
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

/** SMTP when configured, otherwise .eml files under the outbox directory. */
export function createMailer(settings: MailSettings): Mailer {
  return settings.smtpUrl ? smtpMailer(settings.smtpUrl, settings.from) : outboxMailer(settings.outboxDir, settings.from);
}

function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS }, { from });
  return {
    async send(message) {
      const info = await transport.sendMail(message);
      return { via: "smtp", messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}

function outboxMailer(dir: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" }, { from });
  return {
    async send(message) {
      const info = await transport.sendMail(message);
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(dir, `${stamp}-${randomBytes(4).toString("hex")}.eml`);
      // Written under a temporary name first, so a reader never sees half a message.
      await writeFile(`${file}.tmp`, info.message as Buffer);
      await rename(`${file}.tmp`, file);
      return { via: "outbox", messageId: info.messageId, file };
    },
    close: () => transport.close(),
  };
}

/** One message, sent right away (the job worker calls this; requests enqueue instead). */
export async function sendMail(settings: MailSettings, message: MailMessage): Promise<SentMail> {
  const mailer = createMailer(settings);
  try {
    return await mailer.send(message);
  } finally {
    mailer.close();
  }
}
