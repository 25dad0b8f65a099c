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
