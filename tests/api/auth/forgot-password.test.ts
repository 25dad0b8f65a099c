/**
 * Forgot-password (issue #17, finding 11): the answer must not take longer for a known address than
 * for an unknown one, so the account-dependent work (reset token, protocol entry, mail) runs after
 * the response. These tests hold the mail up and make it fail: the answer comes all the same, and
 * the mail still goes out once the mailer works.
 */
import { expect, it } from 'vitest';
import type { Mail } from '../../../src/server/mail/mailer';
import { describeEachDatabase } from '../harness';

describeEachDatabase('forgot-password after the response', (ctx) => {
  const forgot = (email: string) => ctx.request('POST', '/api/auth/forgot-password', { body: { email } });

  it('answers 204 for a known address while the mail is still being sent, and the mail arrives', async () => {
    const mailer = ctx.app.kontor.mailer;
    const realSend = mailer.send.bind(mailer);
    let release: () => void = () => undefined;
    const held: Mail[] = [];
    mailer.send = (mail) => {
      held.push(mail);
      return new Promise<void>((resolve) => {
        release = () => void realSend(mail).then(resolve);
      });
    };
    try {
      const started = Date.now();
      const res = await forgot('viewer@printco.example');
      expect(res.status).toBe(204);
      expect(Date.now() - started).toBeLessThan(2000);
      // The mail was handed over after the answer and is still on its way.
      await expect.poll(() => held.length).toBe(1);
      expect(ctx.outbox().some((m) => m.to === 'viewer@printco.example')).toBe(false);
    } finally {
      mailer.send = realSend;
    }
    release();
    await ctx.settle();
    expect(ctx.outbox().filter((m) => m.to === 'viewer@printco.example')).toHaveLength(1);
  });

  it('answers 204 while the mailer does not answer, and later requests still get their mails', async () => {
    const mailer = ctx.app.kontor.mailer;
    const realSend = mailer.send.bind(mailer);
    let calls = 0;
    let answer: () => void = () => undefined;
    mailer.send = () => {
      calls++;
      return new Promise<void>((resolve) => {
        answer = resolve;
      });
    };
    try {
      expect((await forgot('editor@muster.example')).status).toBe(204);
      await expect.poll(() => calls).toBe(1);
    } finally {
      mailer.send = realSend;
    }
    // The stuck mail holds up nobody else's reset link.
    expect((await forgot('admin@muster.example')).status).toBe(204);
    await expect.poll(() => ctx.outbox().filter((m) => m.to === 'admin@muster.example').length).toBe(1);
    answer();
  });

  it('answers 204 when sending fails, logs it, and the server keeps working', async () => {
    const mailer = ctx.app.kontor.mailer;
    const realSend = mailer.send.bind(mailer);
    mailer.send = () => Promise.reject(new Error('SMTP is down'));
    try {
      expect((await forgot('viewer@muster.example')).status).toBe(204);
      await ctx.settle();
    } finally {
      mailer.send = realSend;
    }
    // The reset token was issued and protocolled all the same; the user can simply ask again.
    expect((await forgot('viewer@muster.example')).status).toBe(204);
    await ctx.settle();
    expect(ctx.outbox().filter((m) => m.to === 'viewer@muster.example')).toHaveLength(1);
    expect((await ctx.request('GET', '/api/health')).status).toBe(200);
  });
});
