/**
 * The PDF kit's page layout (Writer) and streaming (pdfStream), the platform every document is drawn with: the order
 * documents (orders/documents.ts) and the footprint reports (reports/report-pdf.ts). The file format is `file.ts`.
 */
import { Readable } from 'node:stream';
import { rgb } from 'pdf-lib';
import QRCode from 'qrcode';
import { withCo2Subscript } from '../../core/template/units';
import { FONTS, PAGE_HEIGHT, PAGE_WIDTH, PageContent, PdfFile, type FontMetrics, type PdfInfo } from './file';

const MARGIN = 56;
const INK = rgb(0.13, 0.16, 0.2);
export const MUTED = rgb(0.4, 0.44, 0.5);

/** Signs a font may lack, in the spelling a reader still understands (DejaVu Sans has them all; a fallback). */
const PLAIN_SPELLING: Record<string, string> = {
  '\u2082': '2',
  '\u2212': '-',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2260': '!=',
  '\u2227': 'and',
  '\u2228': 'or',
  '\u2248': '~',
  '\u00b3': '3',
  '\u202f': ' ',
  '\u2009': ' ',
};

/** `text` as the PDF prints it: CO₂ with its subscript two (texts and data may say "CO2"), every sign one the font has. */
function encodable(font: FontMetrics, text: string): string {
  let out = '';
  for (const ch of withCo2Subscript(text)) {
    if (font.canEncode(ch)) out += ch;
    else {
      const plain = PLAIN_SPELLING[ch];
      out += plain !== undefined && [...plain].every((c) => font.canEncode(c)) ? plain : '?';
    }
  }
  return out;
}

/** `word` in pieces no wider than `width` (a source's long address or code would run over its column otherwise). */
function breakWord(font: FontMetrics, word: string, size: number, width: number): string[] {
  if (font.widthOfTextAtSize(word, size) <= width) return [word];
  const pieces: string[] = [];
  let piece = '';
  for (const ch of word) {
    if (piece && font.widthOfTextAtSize(piece + ch, size) > width) {
      pieces.push(piece);
      piece = ch;
    } else piece += ch;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/** `text` in lines no wider than `width`: broken between words, and inside a word only when it alone is wider. */
function wrap(font: FontMetrics, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    for (const piece of breakWord(font, word, size, width)) {
      const candidate = line ? `${line} ${piece}` : piece;
      if (line && font.widthOfTextAtSize(candidate, size) > width) {
        lines.push(line);
        line = piece;
      } else line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** What a heading keeps below it on its page: the first lines of what it heads (a report result asks for 60). */
const KEEP_WITH_HEADING = 72;
/** The label column of `row`: a label wider than this wraps within it instead of running into the value. */
const LABEL_WIDTH = 160;
const VALUE_X = 170;

/** Room kept free at the foot of every page for its page line. */
const FOOTER = 28;

/**
 * The page layout the documents are drawn with. A finished page goes to `finished` at once (the PDF's next bytes);
 * without `finished` the writer only lays out, to count the pages the "page n of m" lines need before the first page
 * is written.
 */
export class Writer {
  y = 0;
  /** Pages begun so far. */
  pages = 0;
  private page!: PageContent;
  /** Drawn at the top of each further page (a table's header while the table runs). */
  pageHeader: (() => void) | null = null;
  private readonly regular = FONTS.regular;
  private readonly bold = FONTS.bold;
  constructor(
    private readonly finished: ((page: PageContent) => void) | null = null,
    private readonly footer: ((page: number) => string) | null = null,
  ) {
    this.newPage();
  }
  private newPage() {
    if (this.pages > 0) this.finishPage();
    this.page = new PageContent(this.finished !== null);
    this.pages += 1;
    this.y = PAGE_HEIGHT - MARGIN;
    this.pageHeader?.();
  }
  private finishPage() {
    if (!this.finished) return;
    if (this.footer) {
      const size = 8;
      this.page.text(encodable(this.regular, this.footer(this.pages)), MARGIN, MARGIN - size, size, 'regular', MUTED);
    }
    this.finished(this.page);
  }
  /** Finishes the last page; answers the number of pages. */
  end(): number {
    this.finishPage();
    return this.pages;
  }
  /** Starts a new page unless `height` still fits above the foot of this one (so a heading keeps its first lines). */
  room(height: number) {
    if (this.y - height < MARGIN + FOOTER) this.newPage();
  }
  private get width() {
    return PAGE_WIDTH - 2 * MARGIN;
  }
  heading(text: string, size = 20) {
    const lines = wrap(this.bold, encodable(this.bold, text), size, this.width);
    // A heading never stands alone at the foot of a page: it moves on with room for what follows it.
    this.room(size * 1.3 * lines.length + 12 + KEEP_WITH_HEADING);
    for (const line of lines) {
      this.room(size * 1.3);
      this.page.text(line, MARGIN, this.y - size, size, 'bold', INK);
      this.y -= size * 1.3;
    }
    this.y -= 12;
  }
  paragraph(text: string, size = 10, color = INK) {
    for (const line of wrap(this.regular, encodable(this.regular, text), size, this.width)) {
      this.room(size * 1.45);
      this.page.text(line, MARGIN, this.y - size, size, 'regular', color);
      this.y -= size * 1.45;
    }
    this.y -= 8;
  }
  row(label: string, value: string) {
    const size = 11;
    const step = size * 1.6;
    const labels = wrap(this.regular, encodable(this.regular, label), size, LABEL_WIDTH);
    const values = wrap(this.bold, encodable(this.bold, value), size, this.width - VALUE_X);
    const height = Math.max(labels.length, values.length, 1);
    // Short rows stay whole on a page; a long value (many calculation numbers) runs on over pages, its label first.
    this.room(step * Math.min(height, 4));
    for (let i = 0; i < height; i++) {
      if (i > 0) this.room(step);
      if (labels[i] !== undefined) this.page.text(labels[i]!, MARGIN, this.y - size, size, 'regular', MUTED);
      if (values[i] !== undefined) this.page.text(values[i]!, MARGIN + VALUE_X, this.y - size, size, 'bold', INK);
      this.y -= step;
    }
  }
  rule() {
    this.room(16);
    this.page.line({ x: MARGIN, y: this.y }, { x: PAGE_WIDTH - MARGIN, y: this.y }, 0.5, MUTED);
    this.y -= 16;
  }
  /**
   * One row of a table: `cells` at the column starts `columns` (x offsets from the margin); the last cell is
   * right-aligned to the margin; a cell wider than its column wraps onto further lines (a source is never cut).
   */
  tableRow(cells: string[], columns: number[], options: { bold?: boolean; color?: typeof INK } = {}) {
    const size = 8.5;
    const step = size * 1.3;
    const name = options.bold ? 'bold' : 'regular';
    const font = FONTS[name];
    const lines = cells.map((cell, index) => {
      const last = index === cells.length - 1;
      const start = columns[index] ?? 0;
      const end = last ? this.width : (columns[index + 1] ?? this.width) - 6;
      return { last, start, lines: wrap(font, encodable(font, cell), size, end - start) };
    });
    const height = Math.max(1, ...lines.map((cell) => cell.lines.length));
    this.room(step * height + size * 0.4);
    if (this.finished)
      for (const cell of lines)
        cell.lines.forEach((text, row) => {
          const x = cell.last ? MARGIN + this.width - font.widthOfTextAtSize(text, size) : MARGIN + cell.start;
          this.page.text(text, x, this.y - size - row * step, size, name, options.color ?? INK);
        });
    this.y -= step * height + size * 0.4;
  }
  /**
   * A QR code of `url` (the published verification page) with `caption` and the address beside it. The matrix comes
   * from `qrcode`; drawn as squares, so the code stays sharp at any zoom and needs no image.
   */
  qrCode(url: string, caption: string) {
    const modules = QRCode.create(url, { errorCorrectionLevel: 'M' }).modules;
    const quiet = 4;
    const side = 96;
    const cell = side / (modules.size + 2 * quiet);
    this.room(side + 12);
    const top = this.y;
    for (let row = 0; row < modules.size; row++)
      for (let column = 0; column < modules.size; column++)
        if (modules.get(row, column))
          this.page.rectangle(MARGIN + (column + quiet) * cell, top - (row + quiet + 1) * cell, cell, cell, INK);
    const textX = MARGIN + side + 12;
    const textWidth = this.width - side - 12;
    let y = top - quiet * cell;
    for (const [text, name, size] of [
      [caption, 'regular', 10],
      [url, 'bold', 9],
    ] as const) {
      const font = FONTS[name];
      for (const line of wrap(font, encodable(font, text), size, textWidth)) {
        this.page.text(line, textX, y - size, size, name, INK);
        y -= size * 1.45;
      }
      y -= 4;
    }
    this.y = top - side - 12;
  }
}

/** How a document is drawn: its file information, the label of its page lines and its layout. */
export interface DocumentPlan {
  info: PdfInfo;
  /** `label` on the foot of every page, followed by "page n of m" (`pageOf`) in the document's language; null: none. */
  footer: { label: string; pageOf: (page: number, pages: number) => string } | null;
  /** Draws the document; yields where it may pause (the event loop runs, the client takes what is written). */
  draw: (writer: Writer) => Iterable<unknown>;
}

/** How long the drawing runs before it lets other requests in: /api/health stays prompt during a long report. */
const SLICE_MS = 8;

async function* documentChunks(plan: DocumentPlan): AsyncGenerator<Buffer> {
  let slice = performance.now();
  const breathe = async () => {
    if (performance.now() - slice < SLICE_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    slice = performance.now();
  };
  // First the layout alone, for the page count; then the same layout again, written page by page.
  const counter = new Writer();
  for (const _ of plan.draw(counter)) await breathe();
  const pages = counter.end();
  const file = new PdfFile(plan.info);
  let out: Buffer[] = [file.start()];
  const { footer } = plan;
  const writer = new Writer(
    (page) => out.push(file.page(page)),
    footer && ((page) => `${footer.label} · ${footer.pageOf(page, pages)}`),
  );
  for (const _ of plan.draw(writer)) {
    if (out.length > 0) {
      yield Buffer.concat(out);
      out = [];
    }
    await breathe();
  }
  writer.end();
  const [regular, bold] = await Promise.all([FONTS.regular.program(), FONTS.bold.program()]);
  out.push(file.end({ regular, bold }));
  yield Buffer.concat(out);
}

/**
 * The document as a stream of its bytes, page by page: memory holds one page, not the document. The stream pauses
 * while the client reads slowly and stops drawing when it goes away.
 */
export function pdfStream(plan: DocumentPlan): Readable {
  return Readable.from(documentChunks(plan), { objectMode: false });
}
