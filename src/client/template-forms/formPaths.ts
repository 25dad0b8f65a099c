/**
 * Where a template's inputs live in the calculation form: under `inputs`, exactly as the API record and its field
 * errors name them (`inputs.quantity`, `inputs.transport.0.distance_km`), so server errors land on the inputs as is.
 */
export const INPUTS_SOURCE = 'inputs';

export function topLevelSource(fieldName: string): string {
  return `${INPUTS_SOURCE}.${fieldName}`;
}

export function groupSource(groupId: string): string {
  return `${INPUTS_SOURCE}.${groupId}`;
}

/** `inputs.transport.0.mode` → `inputs.transport.0`: the level a field's visibleIf and rules are judged on. */
export function parentPath(source: string): string {
  const cut = source.lastIndexOf('.');
  return cut < 0 ? '' : source.slice(0, cut);
}

export function isRecordObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads `a.b.0.c` from nested form values; undefined when any step is missing. */
export function readPath(values: unknown, path: string): unknown {
  if (path === '') return values;
  let current: unknown = values;
  for (const step of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = Object.prototype.hasOwnProperty.call(current, step)
      ? (current as Record<string, unknown>)[step]
      : undefined;
  }
  return current;
}
