import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SessionUser } from '../../src/core/api';
import { App } from '../../src/client/App';
import { writeSession } from '../../src/client/providers/session';
import { mandantAdmin, state } from './mockServer';

/** Render the whole app at `path`, optionally with a stored session (as after an earlier sign-in). */
export function renderApp(path = '/', options: { signedInAs?: SessionUser } = {}) {
  state.me = options.signedInAs ?? mandantAdmin;
  if (options.signedInAs) {
    writeSession({ token: `token-${options.signedInAs.id}`, user: options.signedInAs });
  }
  window.history.pushState({}, '', path);
  const user = userEvent.setup();
  return { user, ...render(<App />) };
}
