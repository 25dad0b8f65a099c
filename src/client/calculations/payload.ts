/**
 * From the form's values to the body of POST/PUT /api/calculations. Only what the template allows is sent
 * (pruneInputs drops hidden fields, unknown keys and emptied inputs); the results are never sent — the server
 * computes them itself.
 */
import type { CalculationInputs, Template } from '../../core/template';
import { pruneInputs } from '../../core/template';
import type { CalculationStatus, CalculationWrite } from './types';

export interface CalculationFormValues {
  inputs?: CalculationInputs;
  customer?: string | null;
  status?: CalculationStatus;
  database_id?: number | null;
  /** The optimistic-locking counter of the record being edited. */
  version?: number;
}

export function toCalculationWrite(
  template: Template,
  values: CalculationFormValues,
  options: { duplicatedFrom?: number } = {},
): CalculationWrite {
  const inputs = pruneInputs(template, values.inputs ?? {});
  const customer = typeof values.customer === 'string' ? values.customer.trim() : '';
  const body: CalculationWrite = {
    template_id: template.id,
    template_version: template.version,
    customer: customer === '' ? null : customer,
    status: values.status ?? 'draft',
    inputs,
  };
  if (typeof inputs.title === 'string') body.title = inputs.title;
  if (Array.isArray(inputs.tags)) body.tags = inputs.tags.filter((tag): tag is string => typeof tag === 'string');
  if (typeof values.database_id === 'number') body.database_id = values.database_id;
  if (typeof values.version === 'number') body.version = values.version;
  if (options.duplicatedFrom !== undefined) body.duplicated_from = options.duplicatedFrom;
  return body;
}

/** The form values a record starts from (edit) or a copy starts from (duplicate). */
export function formValuesOf(record: {
  inputs?: CalculationInputs;
  customer?: string | null;
  status?: CalculationStatus;
  database_id?: number;
  version?: number;
}): CalculationFormValues {
  return {
    inputs: record.inputs ?? {},
    customer: record.customer ?? '',
    status: record.status ?? 'draft',
    database_id: record.database_id ?? null,
    version: record.version,
  };
}

/** The longest title the shipped templates allow; a copy's title must still pass the template's rules. */
const TITLE_LIMIT = 120;

/** Marks a duplicate's title ("Kopie von …" in German) without breaking a max length rule. */
export function copyTitle(title: unknown, mark: (title: string) => string): string {
  const original = typeof title === 'string' ? title : '';
  const marked = mark(original);
  if (marked.length <= TITLE_LIMIT) return marked;
  const overflow = marked.length - TITLE_LIMIT + 1;
  return mark(`${original.slice(0, Math.max(0, original.length - overflow))}…`);
}
