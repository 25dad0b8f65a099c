/**
 * Users come into being through invitations: an admin invites, the invitee follows the mailed link
 * and sets a password. Suites that need a fresh user go through this flow.
 */
import { expect } from 'vitest';
import type { InvitationRecord, UserRecord } from '../../src/core/api';
import type { TestContext } from './harness';

export interface InviteBody {
  email: string;
  name: string;
  role: string;
  language?: string;
  mandant_id?: number | null;
}

/** The token of the newest invitation link mailed to `email` (undefined if the newest mail has none). */
export function invitationToken(ctx: TestContext, email: string): string | undefined {
  const mail = ctx
    .outbox()
    .filter((m) => m.to === email.toLowerCase())
    .at(-1);
  const match = mail && /\/login\/invitation\?token=([^\s&]+)/.exec(mail.text);
  return match ? decodeURIComponent(match[1]!) : undefined;
}

export async function invite(ctx: TestContext, token: string, body: InviteBody): Promise<InvitationRecord> {
  const res = await ctx.request<InvitationRecord>('POST', '/api/invitations', { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** Invites `body.email`, accepts with `password`, and answers the new user as the inviting admin reads it. */
export async function inviteUser(
  ctx: TestContext,
  token: string,
  body: InviteBody,
  password: string,
): Promise<UserRecord> {
  await invite(ctx, token, body);
  const link = invitationToken(ctx, body.email);
  expect(link, `no invitation link mailed to ${body.email}`).toBeTruthy();
  const accepted = await ctx.request('POST', '/api/auth/accept-invitation', { body: { token: link, password } });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  const id = await ctx.userId(body.email.toLowerCase());
  const user = await ctx.request<UserRecord>('GET', `/api/users/${id}`, { token });
  expect(user.status).toBe(200);
  return user.body;
}
