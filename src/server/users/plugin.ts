/** The users resource. */
import { domainModule } from '../platform';
import { registerRestResource } from '../http/rest-resource';
import { usersResource } from './resource';

export const users = domainModule('users', (app) => registerRestResource(app, app.kontor.db, usersResource));
