/**
 * The client shows and hides by the same access table the server enforces (`core/access/policy.ts`, asked through
 * react-admin's `authProvider.canAccess`): the role-limited menu entries, the gated users screen and the databases'
 * create button, for every role.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FactorDatabaseRecord, SessionUser } from '../../../src/core/api';
import { can, ROLES, type Role } from '../../../src/core/access/policy';
import { MENU_ENTRIES } from '../../../src/client/layout/Menu';
import type { Row } from '../../../src/mocks/store';
import { editor, mandantAdmin, store } from '../mockServer';
import { renderApp } from '../renderApp';

const SIGNED_IN: Record<Role, SessionUser> = {
  provider_admin: {
    ...mandantAdmin,
    id: 1,
    email: 'admin@kontor.example',
    role: 'provider_admin',
    mandant_id: null,
    mandant_name: null,
  },
  mandant_admin: mandantAdmin,
  editor,
  viewer: { ...editor, id: 4, email: 'viewer@muster.example', role: 'viewer' },
};

const database: FactorDatabaseRecord = {
  id: 1,
  mandant_id: null,
  name: 'Demo-Faktoren',
  version_label: '2025',
  status: 'published',
  valid_from: '2025-01-01',
  source: 'demo',
  based_on_id: null,
  demo: true,
  gwp_set: 'IPCC AR6 GWP100',
  rolled_out_at: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  version: 1,
};

const menuTargets = () => screen.queryAllByRole('menuitem').map((item) => item.getAttribute('href'));

describe('the client follows the access policy', () => {
  for (const role of ROLES) {
    it(`shows a ${role} the menu entries and the users screen the policy allows`, async () => {
      renderApp('/users', { signedInAs: SIGNED_IN[role] });
      if (can(role, 'list', 'users')) expect(await screen.findByText('editor@muster.example')).toBeInTheDocument();
      else expect(await screen.findByTestId('not-allowed')).toBeInTheDocument();
      await waitFor(() => expect(menuTargets()).toContain('/profile'));
      const gated = MENU_ENTRIES.filter((entry) => entry.access);
      expect(gated.length).toBeGreaterThan(0);
      await waitFor(() => {
        const targets = menuTargets();
        for (const entry of gated) {
          expect({ entry: entry.to, shown: targets.includes(entry.to) }).toEqual({
            entry: entry.to,
            shown: can(role, entry.access!.action, entry.access!.resource),
          });
        }
      });
    });

    it(`offers a ${role} to create a factor database only if the policy allows it`, async () => {
      store.table('databases').set(String(database.id), database as unknown as Row);
      renderApp('/databases', { signedInAs: SIGNED_IN[role] });
      expect(await screen.findByText('Demo-Faktoren')).toBeInTheDocument();
      const createLink = () =>
        screen.queryAllByRole('link').find((link) => link.getAttribute('href') === '/databases/create');
      if (can(role, 'create', 'databases')) await waitFor(() => expect(createLink()).toBeDefined());
      else {
        // Give react-admin's access answer time to arrive before concluding the button stays away.
        await waitFor(() => expect(menuTargets()).toContain('/profile'));
        expect(createLink()).toBeUndefined();
      }
    });
  }
});
