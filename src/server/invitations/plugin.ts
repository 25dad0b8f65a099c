/** Invitations: the resource and the accept routes, sharing how mails go out. */
import { domainModule } from '../platform';
import { registerRestResource } from '../http/rest-resource';
import { invitationsResource } from './resource';
import { registerInvitationRoutes } from './routes';

export const invitations = domainModule('invitations', (app) => {
  const delivery = { mailer: app.kontor.mailer, publicUrl: app.kontor.config.publicUrl };
  registerRestResource(app, app.kontor.db, invitationsResource(delivery));
  registerInvitationRoutes(app, app.kontor.db, delivery);
});
