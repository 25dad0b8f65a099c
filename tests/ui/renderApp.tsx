import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SessionUser } from '../../src/core/api';
import { App } from '../../src/client/App';
import { writeSession } from '../../src/client/providers/session';
import { mandantAdmin, state } from './mockServer';

// The app layout and the resources' screens are lazy chunks (issue #22). Loaded once here, so that a test's first screen
// does not spend findBy's timeout on transforming their modules on demand.
await Promise.all([
  import('../../src/client/layout/AppLayout'),
  import('../../src/client/users/UserList'),
  import('../../src/client/users/UserEdit'),
  import('../../src/client/invitations/InvitationList'),
  import('../../src/client/invitations/InvitationCreate'),
  import('../../src/client/mandants/MandantList'),
  import('../../src/client/mandants/MandantCreate'),
  import('../../src/client/mandants/MandantEdit'),
  import('../../src/client/factors/DatabaseList'),
  import('../../src/client/factors/DatabaseCreate'),
  import('../../src/client/factors/DatabaseEdit'),
]);

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
