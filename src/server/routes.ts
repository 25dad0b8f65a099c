/**
 * The domain modules, one Fastify plugin each (`<module>/plugin.ts`), in the order their routes appear in the API
 * (and the OpenAPI document). A new module adds its plugin here; a plugin names the plugins it needs, so Fastify
 * refuses to start when one is missing or registered after it.
 */
import type { FastifyInstance } from 'fastify';
import { users } from './users/plugin';
import { mandants } from './mandants/plugin';
import { invitations } from './invitations/plugin';
import { protocol } from './protocol/plugin';
import { apiTokens } from './api-tokens/plugin';
import { templateRegistry, templates } from './templates/plugin';
import { units } from './units/plugin';
import { factors } from './factors/plugin';
import { machines } from './machines/plugin';
import { migrations } from './migrations/plugin';
import { calculations } from './calculations/plugin';
import { imports } from './imports/plugin';
import { offsets } from './offsets/plugin';
import { orders } from './orders/plugin';
import { collections } from './collections/plugin';
import { statistics } from './statistics/plugin';
import { reports } from './reports/plugin';
import { storefronts } from './storefronts/plugin';
import { calculationUsage } from './calculations/usage';
import { enqueueCertificateIssued } from './storefronts/webhooks';

const DOMAIN_MODULES = [
  users,
  mandants,
  invitations,
  protocol,
  apiTokens,
  // Modules below calculations read it through what they declare (templates/calculation-usage.ts), and orders tells
  // the storefronts of a completed order through its events: the domain modules' arrows all point down.
  templates(calculationUsage),
  units,
  factors(calculationUsage),
  machines,
  migrations,
  calculations,
  imports,
  orders({ completed: enqueueCertificateIssued }),
  offsets,
  collections,
  statistics,
  reports,
  storefronts,
];

export async function registerDomainModules(app: FastifyInstance): Promise<void> {
  // Before every module: the registry's freshness hook then runs for each of their routes.
  await app.register(templateRegistry);
  for (const plugin of DOMAIN_MODULES) await app.register(plugin);
}
