/** Registers the `calculations` resource (see resource.ts) on the simple-rest plumbing. */
import type { FastifyInstance } from 'fastify';
import { registerRestResource } from '../http/rest-resource';
import type { AppServices } from '../services';
import type { TemplateRegistry } from '../templates/registry';
import { calculationsResource } from './resource';

export function registerCalculationRoutes(
  app: FastifyInstance,
  services: AppServices,
  templates: TemplateRegistry,
): void {
  registerRestResource(app, services.db, calculationsResource(templates, services.dialect));
}
