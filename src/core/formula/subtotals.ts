import type { ResultBreakdown } from './compute';

/**
 * Which kg CO2e lines sum up others (a stage's subtotal such as "Druck" = ink + energy + consumables) and which are
 * their parts: shown alike, the column seemed to add up to more than the total (issue #35). A subtotal is a line
 * whose formula names other lines of the same unit; the total itself is not one of them.
 */
export function subtotalRoles(breakdown: readonly ResultBreakdown[]): Map<string, 'subtotal' | 'part'> {
  const roles = new Map<string, 'subtotal' | 'part'>();
  // Only lines in the total's unit (kg CO2e) add up to it; counts and masses are read on their own.
  const unit = breakdown.find((entry) => entry.primary)?.unit;
  const lines = breakdown.filter((entry) => !entry.primary && entry.unit === unit);
  for (const entry of lines) {
    const parts = lines.filter(
      (other) => other.name !== entry.name && new RegExp(`(^|[^\\w])${other.name}([^\\w]|$)`).test(entry.formula),
    );
    if (parts.length === 0) continue;
    roles.set(entry.name, 'subtotal');
    for (const part of parts) if (!roles.has(part.name)) roles.set(part.name, 'part');
  }
  return roles;
}
