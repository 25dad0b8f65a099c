/**
 * A list filter added as a user adds it: "Filter hinzufügen", the filter by its label, then the option. The lists'
 * tests share these steps (react-admin's FilterButton menu, then the filter's select).
 */
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** Opens the filter named `label` from the list's filter menu and its select, and returns once the options show. */
export async function openListFilter(user: UserEvent, label: string): Promise<void> {
  await user.click(screen.getByRole('button', { name: 'Filter hinzufügen' }));
  await user.click(await screen.findByRole('menuitemcheckbox', { name: label }));
  await user.click(await screen.findByRole('combobox', { name: label }));
}

/** Adds the filter named `label` and chooses `option` in it. */
export async function chooseListFilter(user: UserEvent, label: string, option: string | RegExp): Promise<void> {
  await openListFilter(user, label);
  await user.click(await screen.findByRole('option', { name: option }));
}
