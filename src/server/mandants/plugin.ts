/** The mandants resource. */
import { domainModule } from '../platform';
import { registerRestResource } from '../http/rest-resource';
import { mandantsResource } from './resource';

export const mandants = domainModule('mandants', (app) => registerRestResource(app, app.kontor.db, mandantsResource));
