/** No link's secret in a log line (issue #32, finding 11): request URLs are redacted, mails are logged without text. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { redactUrl } from '../../../src/server/http/log-redaction';
import { createMailer } from '../../../src/server/mail/mailer';

describe('log redaction', () => {
  it('redacts link tokens in URLs and keeps the rest readable', () => {
    expect(redactUrl('/login/reset?token=abc123')).toBe('/login/reset?token=[redacted]');
    expect(redactUrl('/login/invitation?lang=de&token=abc&x=1')).toBe('/login/invitation?lang=de&token=[redacted]&x=1');
    expect(redactUrl('/verify/AbC-123_x')).toBe('/verify/[redacted]');
    expect(redactUrl('/verify/AbC?x=1')).toBe('/verify/[redacted]?x=1');
    expect(redactUrl('/api/calculations?filter=%7B%7D&range=[0,9]')).toBe(
      '/api/calculations?filter=%7B%7D&range=[0,9]',
    );
  });

  it('logs an outbox mail by recipient and subject, never its link, and writes the outbox 0600', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kontor-outbox-'));
    const lines: unknown[] = [];
    const log = { info: (...args: unknown[]) => lines.push(args) } as unknown as FastifyBaseLogger;
    try {
      const mailer = createMailer({ smtpUrl: null, mailFrom: 'Kontor <k@kontor.example>', dataDir }, log);
      const link = 'http://kontor.test/login/reset?token=secret-token-123';
      await mailer.send({ to: 'a@b.example', subject: 'Reset', text: `Follow ${link}` });
      expect(lines).toHaveLength(1);
      expect(JSON.stringify(lines)).not.toContain('secret-token-123');
      expect(JSON.stringify(lines)).toContain('a@b.example');
      const file = path.join(dataDir, 'outbox.log');
      expect(fs.readFileSync(file, 'utf8')).toContain('secret-token-123');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
