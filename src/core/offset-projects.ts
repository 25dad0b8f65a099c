/**
 * An offset project's facts as people read them, alike on the offset screens and in the order
 * documents: the country by its name in the reader's language, and whether a registry id is only
 * an example (the demo projects' ids), which each place then says in its own texts.
 */
import type { Language } from './languages';
import { INTL_LOCALES } from './number-format';

/** `PE` → "Peru" / "Pérou"; a code Intl does not know stays the code. */
export function countryName(code: string, lang: Language): string {
  try {
    return new Intl.DisplayNames([INTL_LOCALES[lang]], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The demo projects' registry ids carry an English note in the data ("EXAMPLE-0001 (not a real
 * registry id)"), written when they were seeded: the id without the note, or null for a real id.
 */
export function exampleRegistryId(registryId: string): string | null {
  const match = /^(.*\S)\s*\(not a real registry id\)$/.exec(registryId);
  return match ? match[1]! : null;
}
