/** Splits JSON text into tokens for the editor's highlighting; anything unrecognised stays plain text. */

export type JsonTokenKind = 'key' | 'string' | 'number' | 'literal' | 'punctuation' | 'plain';

export interface JsonToken {
  kind: JsonTokenKind;
  text: string;
}

const TOKEN = /("(?:[^"\\\n]|\\.)*"?)(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|\b(true|false|null)\b|([{}[\],:])/g;

export function tokenizeJson(text: string): JsonToken[] {
  const tokens: JsonToken[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const start = match.index;
    if (start > last) tokens.push({ kind: 'plain', text: text.slice(last, start) });
    if (match[1] !== undefined) {
      tokens.push({ kind: match[2] ? 'key' : 'string', text: match[1] });
      if (match[2]) tokens.push({ kind: 'punctuation', text: match[2] });
    } else if (match[3] !== undefined) tokens.push({ kind: 'number', text: match[3] });
    else if (match[4] !== undefined) tokens.push({ kind: 'literal', text: match[4] });
    else tokens.push({ kind: 'punctuation', text: match[0] });
    last = start + match[0].length;
  }
  if (last < text.length) tokens.push({ kind: 'plain', text: text.slice(last) });
  return tokens;
}
