/**
 * A PDF file written front to back, one page at a time (issue 32): each finished page leaves as bytes and is
 * forgotten, so a report of thousands of pages never sits in memory as a document, as it did with pdf-lib's
 * `PDFDocument`. What a page draws is pdf-lib's own operators (`drawLine`, `drawRectangle`) and text in an embedded
 * TrueType font (DejaVu Sans, `fonts/`, licence beside it): the standard fonts encode WinAnsi only, which has no
 * "CO₂", no "≤" and no "−" (issue #35 item 2). Text is written as glyph ids (Identity-H), and each font carries a
 * ToUnicode map, so the text can be searched, copied and read out. Objects may be referenced before they are
 * written: the page tree and the fonts, whose glyphs are known only at the end, are written last, and the
 * cross-reference table keeps one offset per object (a number, not the object).
 */
import fs from 'node:fs';
import { deflateSync } from 'node:zlib';
import fontkit from '@pdf-lib/fontkit';
import { PDFHexString, degrees, drawLine, drawRectangle, type RGB } from 'pdf-lib';

export const PAGE_WIDTH = 595.28;
export const PAGE_HEIGHT = 841.89;

interface Glyph {
  id: number;
  /** The glyph id as four hex digits (Identity-H). */
  hex: string;
  /** In 1/1000 of the size. */
  width: number;
}

/** A font file under `fonts/`: beside this module in the sources, copied beside the bundle by build-server.mjs. */
const fontFile = (name: string) => fs.readFileSync(new URL(`./fonts/${name}`, import.meta.url));

/** The characters the documents can print: Latin with its accents, punctuation, sub- and superscripts, currency,
 * letterlike signs, arrows and mathematical operators (≈ ≤ − ×). A sign outside is printed in a plain spelling or as
 * "?" (documents.ts). A fixed repertoire lets the font program be subset once, before any page is written. */
const REPERTOIRE: readonly (readonly [number, number])[] = [
  [0x20, 0x7e],
  [0xa0, 0x17f],
  [0x2000, 0x206f],
  [0x2070, 0x209f],
  [0x20a0, 0x20cf],
  [0x2100, 0x214f],
  [0x2190, 0x21ff],
  [0x2200, 0x22ff],
];

/** The font subset to the repertoire: each character's glyph in it, and the subset's program, deflated. */
interface Subset {
  glyphs: Map<number, Glyph>;
  program: Promise<{ length: number; deflated: Buffer }>;
}

/**
 * An embedded TrueType font, subset to the repertoire on first use (a whole DejaVu Sans made every PDF ~750 KB
 * larger): glyph widths by character, the glyphs drawn so far (for the file's widths and ToUnicode map).
 */
export class FontMetrics {
  /** Glyph id (in the subset) → the text it stands for and its width, of every glyph drawn (all documents). */
  readonly used = new Map<number, { text: string; width: number }>();
  readonly font: fontkit.Font;
  private subset: Subset | null = null;

  constructor(bytes: Buffer) {
    this.font = fontkit.create(bytes);
  }

  private get subsetted(): Subset {
    if (this.subset) return this.subset;
    const subset = this.font.createSubset();
    const glyphs = new Map<number, Glyph>();
    for (const [from, to] of REPERTOIRE)
      for (let point = from; point <= to; point++) {
        if (!this.font.hasGlyphForCodePoint(point)) continue;
        const glyph = this.font.glyphForCodePoint(point);
        const id = subset.includeGlyph(glyph);
        glyphs.set(point, {
          id,
          hex: id.toString(16).padStart(4, '0').toUpperCase(),
          width: (glyph.advanceWidth * 1000) / this.font.unitsPerEm,
        });
      }
    const program = new Promise<{ length: number; deflated: Buffer }>((resolve, reject) => {
      const parts: Uint8Array[] = [];
      (subset.encodeStream() as SubsetStream)
        .on('data', (part) => parts.push(part))
        .on('end', () => {
          const bytes = Buffer.concat(parts);
          resolve({ length: bytes.length, deflated: deflateSync(bytes) });
        })
        .on('error', reject);
    });
    return (this.subset = { glyphs, program });
  }

  private glyph(char: string): Glyph | null {
    return this.subsetted.glyphs.get(char.codePointAt(0)!) ?? null;
  }

  canEncode(char: string): boolean {
    return this.glyph(char) !== null;
  }

  /** The text's glyph ids in hex, as a PDF string: `<…>` (every character encodable). */
  hex(text: string): string {
    let out = '<';
    for (const char of text) {
      const glyph = this.glyph(char)!;
      if (!this.used.has(glyph.id)) this.used.set(glyph.id, { text: char, width: glyph.width });
      out += glyph.hex;
    }
    return `${out}>`;
  }

  widthOfTextAtSize(text: string, size: number): number {
    let total = 0;
    for (const char of text) total += this.glyph(char)!.width;
    return (total * size) / 1000;
  }

  /** The subset font program: its length and its bytes deflated (awaited before a file's fonts are written). */
  program(): Promise<{ length: number; deflated: Buffer }> {
    return this.subsetted.program;
  }
}

/** What fontkit's subset stream emits (its types leave out the error event). */
interface SubsetStream {
  on(event: 'data', listener: (part: Uint8Array) => void): SubsetStream;
  on(event: 'end', listener: () => void): SubsetStream;
  on(event: 'error', listener: (error: unknown) => void): SubsetStream;
}

/** The two fonts the documents use. */
export type FontName = 'regular' | 'bold';
export const FONTS: Record<FontName, FontMetrics> = {
  regular: new FontMetrics(fontFile('DejaVuSans.ttf')),
  bold: new FontMetrics(fontFile('DejaVuSans-Bold.ttf')),
};

/** A CMap mapping the used glyph ids back to their text (copy, search, screen readers, text extraction). */
function toUnicodeCMap(used: ReadonlyMap<number, { text: string }>): string {
  const hex4 = (n: number) => n.toString(16).padStart(4, '0').toUpperCase();
  const utf16 = (text: string) =>
    Array.from(Buffer.from(text, 'utf16le').swap16())
      .map((b) => b.toString(16).padStart(2, '0'))
      .join('')
      .toUpperCase();
  const entries = [...used.entries()].sort((a, b) => a[0] - b[0]);
  const blocks: string[] = [];
  for (let i = 0; i < entries.length; i += 100) {
    const chunk = entries.slice(i, i + 100);
    blocks.push(
      `${chunk.length} beginbfchar\n${chunk.map(([id, glyph]) => `<${hex4(id)}> <${utf16(glyph.text)}>`).join('\n')}\nendbfchar`,
    );
  }
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000> <FFFF>',
    'endcodespacerange',
    ...blocks,
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
}

/** A number in a content stream: no exponent (as pdf-lib's numberToString), rounding away float dust. */
const num = (value: number) => (Math.abs(value) < 1e-6 ? '0' : String(value));
const FONT_KEYS: Record<FontName, string> = { regular: 'F1', bold: 'F2' };

export interface PdfInfo {
  title: string;
  author: string;
  subject?: string;
  keywords?: string[];
  language: string;
}

/** The drawing operations of one page, as pdf-lib's content stream would hold them. */
export class PageContent {
  private readonly operators: string[] = [];
  /** `recording` false: a page only laid out (for the page count), whose drawing is dropped. */
  constructor(private readonly recording = true) {}
  /** One line of text, written as pdf-lib's drawLinesOfText writes it. */
  text(line: string, x: number, y: number, size: number, font: FontName, color: RGB) {
    if (!this.recording) return;
    this.operators.push(
      `q\nBT\n${num(color.red)} ${num(color.green)} ${num(color.blue)} rg\n/${FONT_KEYS[font]} ${num(size)} Tf\n` +
        `${num(size * 1.2)} TL\n1 0 0 1 ${num(x)} ${num(y)} Tm\n${FONTS[font].hex(line)} Tj\nT*\nET\nQ`,
    );
  }
  line(start: { x: number; y: number }, end: { x: number; y: number }, thickness: number, color: RGB) {
    if (!this.recording) return;
    this.operators.push(drawLine({ start, end, thickness, color }).join('\n'));
  }
  rectangle(x: number, y: number, width: number, height: number, color: RGB) {
    if (!this.recording) return;
    const ops = drawRectangle({
      x,
      y,
      width,
      height,
      rotate: degrees(0),
      xSkew: degrees(0),
      ySkew: degrees(0),
      borderWidth: 0,
      color,
      borderColor: undefined,
    });
    this.operators.push(ops.join('\n'));
  }
  toString() {
    return this.operators.join('\n');
  }
}

/** Text in a PDF string as pdf-lib writes document information: UTF-16BE with a byte-order mark, in hex. */
const textString = (text: string) => PDFHexString.fromText(text).toString();

/**
 * The file's bytes in order. `start()` gives the head, `page()` each finished page, `end()` the page tree, the
 * cross-reference table and the trailer. Objects 1–5 are fixed; pages take two numbers each (content, page).
 */
export class PdfFile {
  private offset = 0;
  /** Byte offset of object n at index n (index 0 is the free list head). */
  private readonly offsets: number[] = [0];
  private readonly kids: number[] = [];

  constructor(private readonly info: PdfInfo) {}

  private chunk(text: string | Buffer): Buffer {
    const bytes = typeof text === 'string' ? Buffer.from(text, 'latin1') : text;
    this.offset += bytes.length;
    return bytes;
  }

  private object(id: number, body: string | Buffer[]): Buffer {
    this.offsets[id] = this.offset;
    const parts = typeof body === 'string' ? [Buffer.from(`${id} 0 obj\n${body}\nendobj\n`, 'latin1')] : body;
    return this.chunk(Buffer.concat(parts));
  }

  start(): Buffer {
    const head = this.chunk(Buffer.from('%PDF-1.7\n%\x81\x81\x81\x81\n\n', 'latin1'));
    const { title, author, subject, keywords, language } = this.info;
    const info = [
      `/Title ${textString(title)}`,
      `/Author ${textString(author)}`,
      ...(subject === undefined ? [] : [`/Subject ${textString(subject)}`]),
      ...(keywords === undefined ? [] : [`/Keywords ${textString(keywords.join(' '))}`]),
      `/Creator ${textString('Kontor')}`,
      `/Producer ${textString('Kontor')}`,
      `/CreationDate ${PDFHexString.fromText(pdfDate(new Date())).toString()}`,
    ];
    return Buffer.concat([
      head,
      this.object(1, `<<\n/Type /Catalog\n/Pages 2 0 R\n/Lang ${textString(language)}\n>>`),
      this.object(5, `<<\n${info.join('\n')}\n>>`),
    ]);
  }

  /** One finished page: its content stream (Flate, as pdf-lib writes it) and its page object. */
  page(content: PageContent): Buffer {
    const contentId = Math.max(6, this.offsets.length);
    const pageId = contentId + 1;
    const data = deflateSync(Buffer.from(content.toString(), 'latin1'));
    const stream = this.object(contentId, [
      Buffer.from(`${contentId} 0 obj\n<<\n/Filter /FlateDecode\n/Length ${data.length}\n>>\nstream\n`, 'latin1'),
      data,
      Buffer.from('\nendstream\nendobj\n', 'latin1'),
    ]);
    const page = this.object(
      pageId,
      `<<\n/Type /Page\n/Parent 2 0 R\n/MediaBox [ 0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT} ]\n/Contents ${contentId} 0 R\n` +
        `/Resources <<\n/Font <<\n/F1 3 0 R\n/F2 4 0 R\n>>\n>>\n>>`,
    );
    this.kids.push(pageId);
    return Buffer.concat([stream, page]);
  }

  /** A stream object: `dict` entries besides Length and Filter, `data` deflated unless it is already. */
  private stream(id: number, dict: string, data: Buffer): Buffer {
    return this.object(id, [
      Buffer.from(`${id} 0 obj\n<<\n${dict}/Filter /FlateDecode\n/Length ${data.length}\n>>\nstream\n`, 'latin1'),
      data,
      Buffer.from('\nendstream\nendobj\n', 'latin1'),
    ]);
  }

  /** Font `id` (referenced by every page) as a Type0 font over `metrics`' TrueType program, with the glyphs used. */
  private embedFont(id: number, metrics: FontMetrics, program: { length: number; deflated: Buffer }): Buffer {
    const { font } = metrics;
    const scale = (n: number) => Math.round((n * 1000) / font.unitsPerEm);
    const name = `/${(font.postscriptName ?? 'Font').replace(/[^A-Za-z0-9-]/g, '')}`;
    const next = this.offsets.length;
    const [cidFont, descriptor, programId, toUnicode] = [next, next + 1, next + 2, next + 3];
    const widths = [...metrics.used.keys()]
      .sort((a, b) => a - b)
      .map((gid) => `${gid} [${Math.round(metrics.used.get(gid)!.width)}]`)
      .join(' ');
    const { minX, minY, maxX, maxY } = font.bbox;
    return Buffer.concat([
      this.object(
        id,
        `<<\n/Type /Font\n/Subtype /Type0\n/BaseFont ${name}\n/Encoding /Identity-H\n` +
          `/DescendantFonts [ ${cidFont} 0 R ]\n/ToUnicode ${toUnicode} 0 R\n>>`,
      ),
      this.object(
        cidFont,
        `<<\n/Type /Font\n/Subtype /CIDFontType2\n/BaseFont ${name}\n` +
          `/CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >>\n` +
          `/FontDescriptor ${descriptor} 0 R\n/CIDToGIDMap /Identity\n/W [ ${widths} ]\n>>`,
      ),
      this.object(
        descriptor,
        `<<\n/Type /FontDescriptor\n/FontName ${name}\n/Flags 32\n` +
          `/FontBBox [ ${scale(minX)} ${scale(minY)} ${scale(maxX)} ${scale(maxY)} ]\n/ItalicAngle ${font.italicAngle}\n` +
          `/Ascent ${scale(font.ascent)}\n/Descent ${scale(font.descent)}\n/CapHeight ${scale(font.capHeight)}\n` +
          `/StemV 80\n/FontFile2 ${programId} 0 R\n>>`,
      ),
      this.stream(programId, `/Length1 ${program.length}\n`, program.deflated),
      this.stream(toUnicode, '', deflateSync(Buffer.from(toUnicodeCMap(metrics.used), 'latin1'))),
    ]);
  }

  /** The end of the file; `programs`: the fonts' subset programs (FONTS.regular's, FONTS.bold's), awaited before. */
  end(programs: { regular: { length: number; deflated: Buffer }; bold: { length: number; deflated: Buffer } }): Buffer {
    const fonts = Buffer.concat([
      this.embedFont(3, FONTS.regular, programs.regular),
      this.embedFont(4, FONTS.bold, programs.bold),
    ]);
    const tree = this.object(
      2,
      `<<\n/Type /Pages\n/Kids [ ${this.kids.map((id) => `${id} 0 R`).join(' ')} ]\n/Count ${this.kids.length}\n>>`,
    );
    const xref = this.offset;
    const size = this.offsets.length;
    const rows = ['xref', `0 ${size}`, '0000000000 65535 f '];
    for (let id = 1; id < size; id++) rows.push(`${String(this.offsets[id] ?? 0).padStart(10, '0')} 00000 n `);
    const tail = `${rows.join('\n')}\ntrailer\n<<\n/Size ${size}\n/Root 1 0 R\n/Info 5 0 R\n>>\nstartxref\n${xref}\n%%EOF`;
    return Buffer.concat([fonts, tree, this.chunk(tail)]);
  }
}

/** `D:YYYYMMDDHHmmSSZ`, the PDF date format. */
function pdfDate(date: Date): string {
  return `D:${date
    .toISOString()
    .replace(/[-:T]/g, '')
    .replace(/\.\d+Z$/, '')}Z`;
}
