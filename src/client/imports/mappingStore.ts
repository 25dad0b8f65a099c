/** The column mapping a user chose, remembered per template in localStorage and reused for files with the same columns. */
import { suggestMapping, type ColumnMapping } from '../../core/csv';
import type { Template } from '../../core/template';

const key = (templateId: string) => `kontor.importer.mapping.${templateId}`;

export function loadMapping(template: Template, headers: readonly string[]): ColumnMapping {
  const suggested = suggestMapping(template, headers);
  let stored: ColumnMapping = {};
  try {
    stored = JSON.parse(window.localStorage.getItem(key(template.id)) ?? '{}') as ColumnMapping;
  } catch {
    stored = {};
  }
  const mapping: ColumnMapping = {};
  for (const header of headers)
    mapping[header] = Object.prototype.hasOwnProperty.call(stored, header)
      ? (stored[header] ?? null)
      : (suggested[header] ?? null);
  // A remembered choice must not map a field twice: the later column loses.
  const used = new Set<string>();
  for (const header of headers) {
    const target = mapping[header];
    if (target && used.has(target)) mapping[header] = null;
    else if (target) used.add(target);
  }
  return mapping;
}

export function saveMapping(templateId: string, mapping: ColumnMapping): void {
  try {
    const previous = JSON.parse(window.localStorage.getItem(key(templateId)) ?? '{}') as ColumnMapping;
    window.localStorage.setItem(key(templateId), JSON.stringify({ ...previous, ...mapping }));
  } catch {
    // storage full or disabled: the mapping is simply not remembered
  }
}
