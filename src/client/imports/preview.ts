/**
 * The browser's look at a dropped CSV before uploading it: only the first 64 KB are read, with the
 * same sniffing the server uses (encoding, delimiter), papaparse for the first rows, and the
 * decimal format the number-like cells show.
 */
import Papa from 'papaparse';
import {
  detectDecimalSeparator,
  detectDelimiter,
  detectEncoding,
  looksBinary,
  type CsvDelimiter,
  type CsvEncoding,
  type DecimalSeparator,
} from '../../core/csv';

const PREVIEW_BYTES = 64 * 1024;
export const PREVIEW_ROWS = 5;

export interface CsvPreview {
  headers: string[];
  rows: string[][];
  encoding: CsvEncoding;
  delimiter: CsvDelimiter;
  decimal: DecimalSeparator;
  /** Rough number of data rows, from the file size and the sample's bytes per row. */
  estimatedRows: number;
}

export type PreviewProblem = 'empty' | 'notCsv' | 'headerOnly';

async function readBytes(blob: Blob): Promise<Uint8Array> {
  // jsdom's Blob has no arrayBuffer() in every version; FileReader works everywhere.
  if (typeof blob.arrayBuffer === 'function') return new Uint8Array(await blob.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

export async function previewCsv(file: Blob): Promise<CsvPreview | PreviewProblem> {
  const bytes = await readBytes(file.slice(0, PREVIEW_BYTES));
  if (bytes.length === 0) return 'empty';
  if (looksBinary(bytes)) return 'notCsv';
  const encoding = detectEncoding(bytes);
  const text = new TextDecoder(encoding).decode(bytes);
  if (text.trim() === '') return 'empty';
  const delimiter = detectDelimiter(text);
  // The last line of the sample may be cut: drop it unless the whole file was read.
  const complete = file.size <= PREVIEW_BYTES;
  const parsed = Papa.parse<string[]>(complete ? text : text.slice(0, text.lastIndexOf('\n') + 1), {
    delimiter,
    skipEmptyLines: 'greedy',
  });
  const [header, ...rows] = parsed.data;
  if (!header) return 'empty';
  if (rows.length === 0) return 'headerOnly';
  const sampleCells = rows.flatMap((row) => row);
  const decimal = detectDecimalSeparator(sampleCells, delimiter === ';' ? ',' : '.');
  const sampleBytes = complete ? bytes.length : text.lastIndexOf('\n') + 1;
  const estimatedRows = complete
    ? rows.length
    : Math.max(rows.length, Math.round((rows.length * file.size) / Math.max(1, sampleBytes)));
  return {
    headers: header.map((h) => h.trim()),
    rows: rows.slice(0, PREVIEW_ROWS),
    encoding,
    delimiter,
    decimal,
    estimatedRows,
  };
}
