import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef } from 'pdf-lib';

/** Each page's content streams, decoded (pdf-lib writes them as Flate streams), one string per page. */
export async function pdfPageContents(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray() : [contents];
    let decoded = '';
    for (const item of streams) {
      const stream = item instanceof PDFRef ? doc.context.lookup(item) : item;
      if (!(stream instanceof PDFRawStream)) continue;
      const raw = Buffer.from(stream.contents);
      decoded += stream.dict.toString().includes('FlateDecode')
        ? inflateSync(raw).toString('latin1')
        : raw.toString('latin1');
    }
    return decoded;
  });
}

function streamText(doc: PDFDocument, item: unknown): string {
  const stream = item instanceof PDFRef ? doc.context.lookup(item) : item;
  if (!(stream instanceof PDFRawStream)) return '';
  const raw = Buffer.from(stream.contents);
  return stream.dict.toString().includes('FlateDecode') ? inflateSync(raw).toString('latin1') : raw.toString('latin1');
}

/** Each font resource's glyph id → text map, from its ToUnicode CMap (the documents embed Type0 fonts). */
function fontMaps(doc: PDFDocument): Map<string, Map<string, string>> {
  const maps = new Map<string, Map<string, string>>();
  const page = doc.getPages()[0];
  const fonts = page?.node.Resources()?.lookup(PDFName.of('Font'), PDFDict);
  for (const [key, ref] of fonts?.entries() ?? []) {
    const font = doc.context.lookup(ref, PDFDict);
    const cmap = streamText(doc, font.get(PDFName.of('ToUnicode')));
    const map = new Map<string, string>();
    for (const [, gid, utf16] of cmap.matchAll(/<([0-9A-F]{4})> <([0-9A-F]+)>/g))
      map.set(gid!, Buffer.from(utf16!, 'hex').swap16().toString('utf16le'));
    maps.set(key.asString().slice(1), map);
  }
  return maps;
}

/** The text a PDF's pages draw, one line per text operator (glyph ids read back through each font's ToUnicode map). */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  const maps = fontMaps(doc);
  let text = '';
  for (const decoded of await pdfPageContents(bytes)) {
    let map: Map<string, string> | undefined;
    for (const match of decoded.matchAll(/\/(\w+) [\d.]+ Tf|<([0-9A-Fa-f]+)>\s*Tj/g)) {
      if (match[1]) {
        map = maps.get(match[1]);
        continue;
      }
      const hex = match[2]!.toUpperCase();
      let line = '';
      for (let i = 0; i < hex.length; i += 4) line += map?.get(hex.slice(i, i + 4)) ?? '\uFFFD';
      text += `${line}\n`;
    }
  }
  return text;
}

/** One text operator of a page: what it draws, where (its baseline's start), at which size and in which font. */
export interface PdfTextRun {
  text: string;
  x: number;
  y: number;
  size: number;
  /** The font's resource name (F1 regular, F2 bold in Kontor's documents). */
  font: string;
}

/** Each page's text runs, in drawing order (the documents write one `Tf`, one `Tm` and one `Tj` per run). */
export async function pdfTextRuns(bytes: Uint8Array): Promise<PdfTextRun[][]> {
  const doc = await PDFDocument.load(bytes);
  const maps = fontMaps(doc);
  return (await pdfPageContents(bytes)).map((decoded) => {
    const runs: PdfTextRun[] = [];
    for (const block of decoded.matchAll(
      /\/(\w+) ([\d.]+) Tf[\s\S]*?1 0 0 1 ([-\d.]+) ([-\d.]+) Tm\s*<([0-9A-Fa-f]+)>\s*Tj/g,
    )) {
      const [, font, size, x, y, hex] = block;
      const map = maps.get(font!);
      let text = '';
      for (let i = 0; i < hex!.length; i += 4) text += map?.get(hex!.slice(i, i + 4).toUpperCase()) ?? '\uFFFD';
      runs.push({ text, x: Number(x), y: Number(y), size: Number(size), font: font! });
    }
    return runs;
  });
}
