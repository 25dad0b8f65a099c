/**
 * Outgoing mail through nodemailer: SMTP when SMTP_URL is set; otherwise every mail is appended
 * to `${DATA_DIR}/outbox.log` as one JSON line, so a demo needs no mail server. Mails carry reset and invitation
 * links: the log names only recipient and subject, and the outbox is readable by its owner alone (0600).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Where mails go: 'smtp' or the outbox file path. */
  readonly target: string;
}

export function outboxPath(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'outbox.log');
}

export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>, log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      target: 'smtp',
      async send(mail) {
        await transport.sendMail({ from: config.mailFrom, ...mail });
        log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
    };
  }
  const file = outboxPath(config);
  // jsonTransport renders the message exactly as SMTP would receive it, without a server.
  const transport = nodemailer.createTransport({ jsonTransport: true });
  return {
    target: file,
    async send(mail) {
      await transport.sendMail({ from: config.mailFrom, ...mail });
      const line = JSON.stringify({ date: new Date().toISOString(), from: config.mailFrom, ...mail });
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.appendFile(file, line + '\n', { encoding: 'utf8', mode: 0o600 });
      // An outbox created before (or by another umask) is made private too.
      await fs.chmod(file, 0o600);
      log.info({ to: mail.to, subject: mail.subject, outbox: file }, 'mail written to outbox');
    },
  };
}
