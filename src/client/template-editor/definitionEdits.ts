/**
 * The form editor's changes to a template definition, as pure functions on a deep copy: the form
 * editor writes the very JSON the JSON editor shows, so both stay one document.
 */
import { knownFieldType } from '../../core/field-types';
import { sameText } from '../../core/languages';
import type { Field, FieldOption, Group, Result, Template } from '../../core/template';

/** A definition being edited: any part may still be missing or wrong. */
export type EditableTemplate = Partial<Omit<Template, 'groups' | 'results' | 'list'>> & {
  groups?: Partial<Group>[];
  results?: Partial<Result>[];
  list?: { columns?: string[]; filters?: string[] };
  [key: string]: unknown;
};

export function move<T>(items: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/** A name not yet used among `taken`: `base`, `base_2`, `base_3` … */
export function freeName(base: string, taken: readonly string[]): string {
  if (!taken.includes(base)) return base;
  for (let n = 2; ; n++) if (!taken.includes(`${base}_${n}`)) return `${base}_${n}`;
}

export function allFieldNames(template: EditableTemplate): string[] {
  return (template.groups ?? []).flatMap((group) => (group.fields ?? []).map((field) => field.name ?? ''));
}

export function newField(template: EditableTemplate): Field {
  const name = freeName('field', allFieldNames(template));
  return { name, type: 'number', label: sameText(name), rules: ['required'] };
}

export function newGroup(template: EditableTemplate, repeatable: boolean): Group {
  const id = freeName(
    repeatable ? 'items' : 'group',
    (template.groups ?? []).map((g) => g.id ?? ''),
  );
  const fieldName = freeName(repeatable ? 'amount' : 'value', allFieldNames(template));
  return {
    id,
    label: sameText(id),
    ...(repeatable ? { repeatable: true } : {}),
    fields: [{ name: fieldName, type: 'number', label: sameText(fieldName), rules: ['required'] }],
  };
}

export function newResult(template: EditableTemplate): Result {
  const name = freeName(
    'result',
    (template.results ?? []).map((r) => r.name ?? ''),
  );
  return { name, label: sameText(name), unit: 'kg CO2e', formula: '0' };
}

export function newOption(field: Partial<Field>): FieldOption {
  const value = freeName(
    'option',
    (field.options ?? []).map((o) => o.value),
  );
  return { value, label: sameText(value) };
}

/** The skeleton of a template made from scratch: valid, so the preview shows something at once. */
export function emptyTemplate(): Template {
  return {
    id: 'new-template',
    version: 1,
    type: 'product',
    icon: 'Description',
    label: { de: 'Neue Vorlage', en: 'New template', fr: 'Nouveau modèle', it: 'Nuovo modello', es: 'Plantilla nueva' },
    groups: [
      {
        id: 'general',
        label: { de: 'Allgemein', en: 'General', fr: 'Général', it: 'Generale', es: 'General' },
        fields: [
          {
            name: 'title',
            type: 'text',
            label: { de: 'Titel', en: 'Title', fr: 'Titre', it: 'Titolo', es: 'Título' },
            rules: ['required', 'max:120'],
          },
          {
            name: 'quantity',
            type: 'integer',
            unit: 'pcs',
            default: 1000,
            label: { de: 'Auflage', en: 'Quantity', fr: 'Quantité', it: 'Quantità', es: 'Cantidad' },
            rules: ['required', 'min:1'],
          },
        ],
      },
    ],
    results: [
      {
        name: 'total_co2e',
        label: { de: 'Gesamt', en: 'Total', fr: 'Total', it: 'Totale', es: 'Total' },
        unit: 'kg CO2e',
        formula: 'quantity * 0.01',
        primary: true,
      },
    ],
    list: { columns: ['title', 'quantity', 'total_co2e'] },
  };
}

/** Text → the default value of a field of this type (empty text removes the default). */
export function parseDefault(type: string | undefined, text: string): Field['default'] | undefined {
  if (text.trim() === '') return undefined;
  const kind = knownFieldType(type)?.kind;
  if (kind === 'number') {
    const number = Number(text.replace(',', '.'));
    return Number.isFinite(number) ? number : text;
  }
  if (kind === 'boolean') return text === 'true';
  if (kind === 'array')
    return text
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
  return text;
}

export function formatDefault(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

export const toText = (template: object) => `${JSON.stringify(template, null, 2)}\n`;
