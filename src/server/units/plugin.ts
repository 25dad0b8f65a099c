/** The unit catalogue (checked against the templates that use a unit). */
import { domainModule, PLUGIN } from '../platform';
import { registerRestResource } from '../http/rest-resource';
import { unitsResource } from './resource';

export const units = domainModule(
  'units',
  (app) => registerRestResource(app, app.kontor.db, unitsResource(app.templates)),
  [PLUGIN.templateRegistry],
);
