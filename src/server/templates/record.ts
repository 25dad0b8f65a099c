/** A loaded template as the API presents it: labels in the user's language plus the full definition. */
import type { TemplateRecord } from '../../core/api';
import type { Language } from '../../core/languages';
import { localize } from '../../core/rules';
import type { Template } from '../../core/template';

export function toTemplateRecord(template: Template, lang: Language): TemplateRecord {
  return {
    id: template.id,
    version: template.version,
    type: template.type,
    label: localize(template.label, lang, template.id),
    labels: template.label,
    description: template.description ? localize(template.description, lang) : null,
    icon: template.icon,
    definition: template,
  };
}

export const templateRecordSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    version: { type: 'integer' },
    type: { type: 'string' },
    label: { type: 'string' },
    labels: { type: 'object', additionalProperties: { type: 'string' } },
    description: { type: ['string', 'null'] },
    icon: { type: 'string' },
    definition: { type: 'object', additionalProperties: true },
  },
  required: ['id', 'version', 'type', 'label', 'labels', 'description', 'icon', 'definition'],
} as const;

/** A listed template with what the template editor shows (source, status, versions, usage). */
export const listedTemplateSchema = {
  ...templateRecordSchema,
  properties: {
    ...templateRecordSchema.properties,
    source: { type: 'string' },
    status: { type: 'string' },
    version_count: { type: 'integer' },
    usage: { type: 'integer' },
  },
} as const;
