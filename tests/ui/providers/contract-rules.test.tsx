import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  CollectionWrite,
  CompleteOrderRequest,
  CreateInvitationRequest,
  CreateStorefrontSecretKeyRequest,
  CreateMandantRequest,
  CreateStorefrontRequest,
  CreateUnitRequest,
  MandantSettings,
  UpdateUserRequest,
} from '../../../src/core/api';
import { contractMaxLength, contractRules } from '../../../src/client/providers/contractRules';
import { API, mandantAdmin, server, userRecords } from '../mockServer';
import { renderApp } from '../renderApp';

/** Runs every validator of a field the way react-admin does and returns the first error, or undefined. */
function firstError(rules: ReturnType<typeof contractRules>, value: unknown): unknown {
  for (const rule of rules) {
    const error = rule(value, {}, {});
    if (error) return error;
  }
  return undefined;
}

describe('form limits read from the API contract', () => {
  it('allows exactly what the contract allows, for users, invitations and mandants', () => {
    for (const [schema, path] of [
      [UpdateUserRequest, 'name'],
      [CreateInvitationRequest, 'name'],
      [CreateMandantRequest, 'name'],
      [MandantSettings, 'provider_name'],
    ] as const) {
      const rules = contractRules(schema, path);
      expect(firstError(rules, 'x'.repeat(200)), `${path} at the contract's 200`).toBeUndefined();
      expect(firstError(rules, 'x'.repeat(201)), `${path} beyond it`).toBeDefined();
    }
    const email = contractRules(UpdateUserRequest, 'email', { required: true });
    expect(firstError(email, `${'a'.repeat(300)}@example.org`)).toBeUndefined();
    expect(firstError(email, `${'a'.repeat(320)}@example.org`)).toBeDefined();
    expect(firstError(email, '')).toBeDefined();
    expect(firstError(email, 'not an address')).toBeDefined();
  });

  it('reads the limits of a unit label in each language and of a storefront name', () => {
    const label = contractRules(CreateUnitRequest, 'label.fr');
    expect(firstError(label, 'x'.repeat(40))).toBeUndefined();
    expect(firstError(label, 'x'.repeat(41))).toBeDefined();
    expect(firstError(label, '')).toBeDefined();
    expect(firstError(contractRules(CreateUnitRequest, 'label.fr', { required: false }), '')).toBeUndefined();
    const name = contractRules(CreateStorefrontRequest, 'name', { required: true });
    expect(firstError(name, 'x'.repeat(200))).toBeUndefined();
    expect(firstError(name, 'x'.repeat(201))).toBeDefined();
  });

  it('checks a pattern only with a message to say, and a bound the contract excludes', () => {
    expect(firstError(contractRules(CreateMandantRequest, 'slug'), 'Not A Slug')).toBeUndefined();
    const slug = contractRules(CreateMandantRequest, 'slug', { patternMessage: 'app.mandants.slug_invalid' });
    expect(firstError(slug, 'Not A Slug')).toMatchObject({ message: 'app.mandants.slug_invalid' });
    expect(firstError(slug, 'print-shop')).toBeUndefined();
    const rounding = contractRules(MandantSettings, 'offset_rounding_t');
    expect(firstError(rounding, 0)).toMatchObject({ message: 'app.validation.greater_than', args: { min: 0 } });
    expect(firstError(rounding, 0.1)).toBeUndefined();
  });

  it('gives plain inputs the contract’s own maxLength: a new collection’s name, a secret key’s name, serial numbers', () => {
    expect(contractMaxLength(CollectionWrite, 'name')).toBe(200);
    expect(contractMaxLength(CreateStorefrontSecretKeyRequest, 'name')).toBe(200);
    expect(contractMaxLength(CompleteOrderRequest, 'registry_serials')).toBe(2000);
    expect(() => contractMaxLength(CollectionWrite, 'title')).toThrow(/no property "title"/);
  });

  it('names a property the contract lacks instead of checking nothing', () => {
    expect(() => contractRules(UpdateUserRequest, 'nickname')).toThrow(/nickname/);
  });

  it('saves a user whose 150-character name came through an invitation', async () => {
    const longName = 'Eddi '.repeat(30).trim();
    let sent: Record<string, unknown> | null = null;
    const record = { ...userRecords.find((u) => u.id === 3)!, name: longName };
    server.use(
      http.get(`${API}/users/3`, () => HttpResponse.json(record)),
      http.put(`${API}/users/3`, async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ...record, version: record.version + 1 });
      }),
    );
    const { user } = renderApp('/users/3', { signedInAs: mandantAdmin });
    await user.type(await screen.findByDisplayValue(longName), '!');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(sent).toMatchObject({ name: `${longName}!` }));
  });
});
