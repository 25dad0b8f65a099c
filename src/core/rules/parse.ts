/** `"between:1,5"` → `{ name: 'between', args: ['1', '5'] }`; a pattern keeps its commas and colons. */
export interface ParsedRule {
  name: string;
  /** The text after the first colon, untouched (undefined when there is none). */
  raw?: string;
  args: string[];
}

export function parseRule(text: string): ParsedRule {
  const colon = text.indexOf(':');
  if (colon < 0) return { name: text.trim(), args: [] };
  const name = text.slice(0, colon).trim();
  const raw = text.slice(colon + 1);
  // Only the regular expression of `pattern:` may contain commas of its own.
  const args = name === 'pattern' ? [raw] : raw.split(',').map((arg) => arg.trim());
  return { name, raw, args };
}
