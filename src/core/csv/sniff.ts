/**
 * What a CSV file looks like before it is parsed: its encoding (UTF-8 with or without BOM, else
 * Windows-1252 as Excel writes it in Western Europe), its delimiter and whether it is text at all.
 * Works on the first chunk of the file, so the rest can be streamed.
 */
export type CsvEncoding = 'utf-8' | 'windows-1252';
export type CsvDelimiter = ',' | ';' | '\t';

export function hasUtf8Bom(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
}

/**
 * UTF-8 when the sample decodes as UTF-8. A chunk may end inside a multi-byte character:
 * streaming mode accepts an incomplete last sequence but still rejects invalid bytes.
 */
export function detectEncoding(sample: Uint8Array): CsvEncoding {
  if (hasUtf8Bom(sample)) return 'utf-8';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true });
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/** Binary files (images, zip archives such as .xlsx, PDFs) carry NUL or other control bytes that text never has. */
export function looksBinary(sample: Uint8Array): boolean {
  const length = Math.min(sample.length, 8192);
  let control = 0;
  for (let i = 0; i < length; i++) {
    const byte = sample[i]!;
    if (byte === 0) return true;
    if (byte < 0x09 || (byte > 0x0d && byte < 0x20 && byte !== 0x1b)) control++;
  }
  return length > 0 && control / length > 0.01;
}

/** The delimiter that splits the header line into the most columns (quotes respected). */
export function detectDelimiter(text: string): CsvDelimiter {
  const counts: Record<CsvDelimiter, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const ch of text.replace(/^\uFEFF/, '')) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) {
      if (counts[','] + counts[';'] + counts['\t'] > 0) break;
    } else if (!quoted && (ch === ',' || ch === ';' || ch === '\t')) counts[ch]++;
  }
  if (counts['\t'] >= counts[';'] && counts['\t'] >= counts[','] && counts['\t'] > 0) return '\t';
  return counts[';'] > counts[','] ? ';' : ',';
}
