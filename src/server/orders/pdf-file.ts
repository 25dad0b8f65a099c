/**
 * A PDF file written front to back, one page at a time (issue 32): each finished page leaves as bytes and is
 * forgotten, so a report of thousands of pages never sits in memory as a document, as it did with pdf-lib's
 * `PDFDocument`. What a page draws is pdf-lib's own operators (`drawLinesOfText`, `drawLine`, `drawRectangle`) with
 * its standard-font metrics and WinAnsi encoding, so the pages read exactly as before; only the file around them is
 * written here. Objects may be referenced before they are written: the page tree, whose kids are known only at the
 * end, is written last, and the cross-reference table keeps one offset per object (a number, not the object).
 */
import { deflateSync } from 'node:zlib';
import {
  PDFHexString,
  StandardFontEmbedder,
  StandardFonts,
  degrees,
  drawLine,
  drawLinesOfText,
  drawRectangle,
  type RGB,
} from 'pdf-lib';

export const PAGE_WIDTH = 595.28;
export const PAGE_HEIGHT = 841.89;

/** The two fonts the documents use, as metrics (widths, WinAnsi encoding); embedded by name, never as files. */
export type FontName = 'regular' | 'bold';
// pdf-lib's StandardFonts and the embedder's FontNames are the same names in two enums.
type EmbedderFont = Parameters<typeof StandardFontEmbedder.for>[0];
export const FONTS: Record<FontName, StandardFontEmbedder> = {
  regular: StandardFontEmbedder.for(StandardFonts.Helvetica as unknown as EmbedderFont),
  bold: StandardFontEmbedder.for(StandardFonts.HelveticaBold as unknown as EmbedderFont),
};
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
  text(line: string, x: number, y: number, size: number, font: FontName, color: RGB) {
    if (!this.recording) return;
    const ops = drawLinesOfText([FONTS[font].encodeText(line)], {
      color,
      font: FONT_KEYS[font],
      size,
      rotate: degrees(0),
      xSkew: degrees(0),
      ySkew: degrees(0),
      x,
      y,
      lineHeight: size * 1.2,
    });
    this.operators.push(ops.join('\n'));
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
