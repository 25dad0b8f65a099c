/** The `ids` of a shareable compare URL (`/compare?ids=1,2,3`): two to four distinct calculation ids. */
import { COMPARE_MAX, COMPARE_MIN } from '../../core/api';

export type CompareIds = { ok: true; ids: number[] } | { ok: false; reason: 'too_few' | 'too_many' | 'invalid' };

export function parseCompareIds(raw: string | null): CompareIds {
  const parts = (raw ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.some((part) => !/^\d{1,10}$/.test(part) || Number(part) < 1)) return { ok: false, reason: 'invalid' };
  const ids = [...new Set(parts.map(Number))];
  if (ids.length < COMPARE_MIN) return { ok: false, reason: 'too_few' };
  if (ids.length > COMPARE_MAX) return { ok: false, reason: 'too_many' };
  return { ok: true, ids };
}

export function comparePath(ids: readonly (number | string)[]): string {
  return `/compare?ids=${ids.join(',')}`;
}
