/**
 * What a storefront may offer: published templates, and of each the top-level fields a customer can set in a small
 * form (numbers, choices, yes/no, factor picks). Everything else of the template is the printer's: fixed values or the
 * template's defaults.
 */
import type { StorefrontOffer } from '../../core/api';
import { msg } from '../../core/i18n/error-keys';
import { fieldTypeOf } from '../../core/field-types';
import { getCompiledTemplate, type Field, type Template } from '../../core/template';
import { badRequest } from '../refusals';
import type { TemplateRegistry } from '../templates/registry';

/** The template's top-level fields by name (fields of repeatable groups are the printer's). */
export function topLevelFields(template: Template): Map<string, Field> {
  return new Map(getCompiledTemplate(template).fields.map(({ field }) => [field.name, field]));
}

/** The current published version of an offered template, or undefined. */
export function offeredTemplate(templates: TemplateRegistry, id: string): Template | undefined {
  const template = templates.current(id);
  return template && template.type === 'product' ? template : undefined;
}

/** Checks a storefront's offers against the templates; throws 400 naming the offer at fault. */
export function checkOffers(templates: TemplateRegistry, offers: readonly StorefrontOffer[]): void {
  const seen = new Set<string>();
  offers.forEach((offer, index) => {
    const at = `offers.${index}`;
    const template = offeredTemplate(templates, offer.template_id);
    if (!template) {
      const message = msg('errors.storefronts.unknownTemplate', { template: offer.template_id });
      throw badRequest(message, { [`${at}.template_id`]: message });
    }
    if (seen.has(offer.template_id)) {
      const message = msg('errors.storefronts.templateTwice', { template: offer.template_id });
      throw badRequest(message, { [`${at}.template_id`]: message });
    }
    seen.add(offer.template_id);
    const fields = topLevelFields(template);
    const groups = new Set(template.groups.filter((group) => group.repeatable).map((group) => group.id));
    for (const name of offer.customer_fields) {
      const field = fields.get(name);
      if (!field || !fieldTypeOf(field.type).customer) {
        const message = msg('errors.storefronts.notACustomerField', { field: name });
        throw badRequest(message, { [`${at}.customer_fields`]: message });
      }
    }
    for (const name of Object.keys(offer.fixed)) {
      if (!fields.has(name) && !groups.has(name)) {
        const message = msg('errors.storefronts.unknownField', { field: name });
        throw badRequest(message, { [`${at}.fixed`]: message });
      }
      if (offer.customer_fields.includes(name)) {
        const message = msg('errors.storefronts.fixedAndCustomer', { field: name });
        throw badRequest(message, { [`${at}.fixed`]: message });
      }
    }
  });
}
