/** Comparing what people type in spreadsheet headers and cells: case, accents, units and punctuation do not matter. */
export function normalizeLabel(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The label without a trailing unit in brackets: `Grammatur (g/m²)` → `Grammatur`. */
export function withoutUnit(text: string): string {
  return text.replace(/\s*[([][^)\]]*[)\]]\s*$/, '').trim();
}
