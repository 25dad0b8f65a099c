/**
 * A PDF file written front to back, one page at a time (issue 32): each finished page leaves as bytes and is
 * forgotten, so a report of thousands of pages never sits in memory as a document, as it did with pdf-lib's
 * `PDFDocument`. What a page draws is pdf-lib's own operators (`drawLinesOfText`, `drawLine`, `drawRectangle`) with
 * its standard-font metrics and WinAnsi encoding, so the pages read exactly as before; only the file around them is
 * written here. Objects may be referenced before they are written: the page tree, whose kids are known only at the
 * end, is written last, and the cross-reference table keeps one offset per object (a number, not the object).
 */
import { deflateSync } from 'node:zlib';
import { PDFHexString, StandardFontEmbedder, StandardFonts, degrees, drawLine, drawRectangle, type RGB } from 'pdf-lib';

export const PAGE_WIDTH = 595.28;
export const PAGE_HEIGHT = 841.89;

interface Glyph {
  name: string;
  /** WinAnsi code (0–255). */
  code: number;
  hex: string;
  /** In font units (1/1000 of the size). */
  width: number;
}

// pdf-lib's StandardFonts and the embedder's FontNames are the same names in two enums.
type EmbedderFont = Parameters<typeof StandardFontEmbedder.for>[0];

/**
 * A standard font's metrics as pdf-lib's StandardFontEmbedder computes them (glyph widths, kerning, WinAnsi codes),
 * remembered per character and pair: the embedder looks each up anew, which made a report of a thousand
 * calculations spend most of its time there.
 */
export class FontMetrics {
  /** By code point; null: WinAnsi cannot encode it. */
  private readonly glyphs = new Map<number, Glyph | null>();
  /** By the pair's WinAnsi codes (left × 256 + right); NaN: not looked up yet. */
  private readonly kerning = new Float64Array(256 * 256).fill(Number.NaN);
  private readonly embedder: StandardFontEmbedder;

  constructor(font: StandardFonts) {
    this.embedder = StandardFontEmbedder.for(font as unknown as EmbedderFont);
  }

  /** The character's glyph, or null when WinAnsi cannot encode it. */
  private glyph(char: string): Glyph | null {
    const point = char.codePointAt(0)!;
    let glyph = this.glyphs.get(point);
    if (glyph === undefined) {
      try {
        const { name, code } = this.embedder.encoding.encodeUnicodeCodePoint(point);
        // Like the embedder: 250 when the font states no width.
        const width = this.embedder.font.getWidthOfGlyph(name) || 250;
        glyph = { name, code, hex: code.toString(16).padStart(2, '0').toUpperCase(), width };
      } catch {
        glyph = null;
      }
      this.glyphs.set(point, glyph);
    }
    return glyph;
  }

  private kernGlyphs(left: Glyph, right: Glyph): number {
    const key = left.code * 256 + right.code;
    let amount = this.kerning[key]!;
    if (Number.isNaN(amount)) {
      amount = this.embedder.font.getXAxisKerningForPair(left.name, right.name) || 0;
      this.kerning[key] = amount;
    }
    return amount;
  }

  canEncode(char: string): boolean {
    return this.glyph(char) !== null;
  }

  /** The text's codes in hex, as a PDF string: `<…>` (every character encodable). */
  hex(text: string): string {
    let out = '<';
    for (const char of text) out += this.glyph(char)!.hex;
    return `${out}>`;
  }

  /**
   * `text` cut to `width` at `size` with `tail` (an ellipsis) — the longest start of it that fits with the tail, in
   * one pass over prefix widths (equal to measuring `start + tail` for ever shorter starts); `text` whole if it fits.
   */
  fit(text: string, size: number, width: number, tail: string): string {
    if (this.widthOfTextAtSize(text, size) <= width) return text;
    const chars = Array.from(text);
    const tailGlyph = this.glyph(tail)!;
    // widths[i]: the first i characters, kerned among themselves (in font units).
    const widths = [0];
    chars.forEach((char, index) => {
      const glyph = this.glyph(char)!;
      const kern = index > 0 ? this.kernGlyphs(this.glyph(chars[index - 1]!)!, glyph) : 0;
      widths.push(widths[index]! + kern + glyph.width);
    });
    let length = chars.length;
    const withTail = (n: number) =>
      ((widths[n]! + (n > 0 ? this.kernGlyphs(this.glyph(chars[n - 1]!)!, tailGlyph) : 0) + tailGlyph.width) * size) /
      1000;
    while (length > 0 && withTail(length) > width) length -= 1;
    return `${chars.slice(0, length).join('').trimEnd()}${tail}`;
  }

  widthOfTextAtSize(text: string, size: number): number {
    let total = 0;
    let previous: Glyph | null = null;
    for (const char of text) {
      const glyph = this.glyph(char)!;
      if (previous) total += this.kernGlyphs(previous, glyph);
      total += glyph.width;
      previous = glyph;
    }
    return (total * size) / 1000;
  }
}

/** The two fonts the documents use, as metrics (widths, WinAnsi encoding); embedded by name, never as files. */
export type FontName = 'regular' | 'bold';
export const FONTS: Record<FontName, FontMetrics> = {
  regular: new FontMetrics(StandardFonts.Helvetica),
  bold: new FontMetrics(StandardFonts.HelveticaBold),
};

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
      this.object(3, `<<\n/Type /Font\n/Subtype /Type1\n/BaseFont /Helvetica\n/Encoding /WinAnsiEncoding\n>>`),
      this.object(4, `<<\n/Type /Font\n/Subtype /Type1\n/BaseFont /Helvetica-Bold\n/Encoding /WinAnsiEncoding\n>>`),
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

  end(): Buffer {
    const tree = this.object(
      2,
      `<<\n/Type /Pages\n/Kids [ ${this.kids.map((id) => `${id} 0 R`).join(' ')} ]\n/Count ${this.kids.length}\n>>`,
    );
    const xref = this.offset;
    const size = this.offsets.length;
    const rows = ['xref', `0 ${size}`, '0000000000 65535 f '];
    for (let id = 1; id < size; id++) rows.push(`${String(this.offsets[id] ?? 0).padStart(10, '0')} 00000 n `);
    const tail = `${rows.join('\n')}\ntrailer\n<<\n/Size ${size}\n/Root 1 0 R\n/Info 5 0 R\n>>\nstartxref\n${xref}\n%%EOF`;
    return Buffer.concat([tree, this.chunk(tail)]);
  }
}

/** `D:YYYYMMDDHHmmSSZ`, the PDF date format. */
function pdfDate(date: Date): string {
  return `D:${date
    .toISOString()
    .replace(/[-:T]/g, '')
    .replace(/\.\d+Z$/, '')}Z`;
}
