/**
 * The PDF documents: the certificate of a completed order and the order confirmation, and the page layout
 * (Writer) the footprint reports (server/reports/report-pdf.ts) are drawn with. Streamed page by page (pdf-file.ts)
 * without object streams so the file stays simple; the certificate number
 * is also the document's title and keyword, so tools (and tests) can read it without OCR.
 * The certificate names the project and the tonnes retired; it lists no calculations and no footprint beside them, so
 * it cannot read as "these products are compensated" (EU 2024/825, issue 33 item 6). Their texts are `documents.*`
 * in locales/<lang>.json; the PDFs print "CO₂" as the screens do (an embedded font, pdf-file.ts).
 */
import { Readable } from 'node:stream';
import { rgb } from 'pdf-lib';
import QRCode from 'qrcode';
import type { OffsetProjectRecord, OrderRecord } from '../../core/api';
import { findMessage, translate, type MessageParams } from '../../core/i18n/translate';
import '../../core/i18n/all-locales';
import type { Language } from '../../core/languages';
import { minorToMajor } from '../../core/money';
import { formatFigure, formatMoney, INTL_LOCALES as LOCALES } from '../../core/number-format';
import { countryName, exampleRegistryId } from '../../core/offset-projects';
import { withCo2Subscript } from '../../core/template/units';
import { FONTS, PAGE_HEIGHT, PAGE_WIDTH, PageContent, PdfFile, type FontMetrics, type PdfInfo } from './pdf-file';

export interface OrderDocumentData {
  order: OrderRecord;
  project: OffsetProjectRecord;
  mandantName: string;
  /** Provider name from the mandant's settings, shown as the issuer. */
  providerName: string;
  language: Language;
  /** What was ordered for, by name and number (the confirmation's; the certificate names no calculation). */
  subject?: { collection: string | null; calculations: string[] };
}

/** The head of a PDF: its title, who issues it and its language. */
interface DocumentHead {
  providerName: string;
  language: Language;
}

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

export function formats(language: Language, currency: string) {
  const locale = LOCALES[language];
  return {
    // Quantities by core's figure rule (the certificate's kg read as on the calculation's page), money with the
    // currency's decimals.
    tonnes: (kg: number) => `${formatFigure(kg / 1000, language)} t CO₂e`,
    money: (minor: number) => formatMoney(minorToMajor(minor, currency), currency, language),
    date: (iso: string | null) =>
      iso ? new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso)) : '—',
  };
}

/** `documents.<key>` in the document's language. */
function documentTexts(language: Language) {
  return (key: string, params?: MessageParams) => translate(language, `documents.${key}`, params);
}

/** The file information of a document titled `title`. */
const documentInfo = (title: string, data: DocumentHead, subject: string, keywords: string[]): PdfInfo => ({
  title,
  author: data.providerName,
  subject,
  keywords,
  language: data.language,
});

/** `verifyUrl`: the certificate's published verification page, printed as a QR code. */
export function certificatePdf(data: OrderDocumentData, verifyUrl?: string): Readable {
  const t = documentTexts(data.language);
  const f = formats(data.language, data.order.currency);
  const { order, project } = data;
  const number = order.certificate_number ?? '';
  const title = `${t('certificateTitle')} ${number}`;
  return pdfStream({
    info: documentInfo(title, data, number, [number, order.number]),
    footer: { label: title, pageOf: (page, pages) => t('pageOf', { page, pages }) },
    // eslint-disable-next-line require-yield -- one page, nothing to pause between
    *draw(writer) {
      writer.paragraph(data.providerName, 10, MUTED);
      writer.heading(t('certificateTitle'), 22);
      writer.row(t('certificateNumber'), number);
      writer.row(t('issuedTo'), order.issued_to);
      writer.row(t('mandant'), data.mandantName);
      writer.row(t('retired'), f.tonnes(order.tonnes_kg));
      writer.row(t('project'), project.name[data.language]);
      writer.row(t('standard'), project.standard);
      writer.row(t('vintage'), String(project.vintage));
      const example = exampleRegistryId(project.registry_id);
      writer.row(
        t('registryId'),
        example === null ? project.registry_id || '—' : t('exampleRegistryId', { id: example }),
      );
      writer.row(t('registrySerials'), order.registry_serials ?? t('registrySerialsNone'));
      writer.row(t('country'), countryName(project.country, data.language));
      writer.row(t('date'), f.date(order.completed_at));
      writer.row(t('orderNumber'), order.number);
      writer.rule();
      writer.paragraph(t('certificateStatement'), 11);
      writer.paragraph(t('disclaimer'), 9, MUTED);
      if (verifyUrl) {
        writer.rule();
        writer.qrCode(verifyUrl, translate(data.language, 'documents.report.verifyCaption'));
      }
    },
  });
}

export function confirmationPdf(data: OrderDocumentData): Readable {
  const t = documentTexts(data.language);
  const f = formats(data.language, data.order.currency);
  const { order, project } = data;
  const title = `${t('confirmationTitle')} ${order.number}`;
  return pdfStream({
    info: documentInfo(title, data, order.number, [order.number]),
    // The confirmation is one page and always was without page lines.
    footer: null,
    *draw(writer) {
      writer.paragraph(data.providerName, 10, MUTED);
      writer.heading(t('confirmationTitle'), 20);
      writer.row(t('orderNumber'), order.number);
      writer.row(t('status'), findMessage(data.language, `documents.statuses.${order.status}`) ?? order.status);
      writer.row(t('date'), f.date(order.placed_at ?? order.created_at));
      writer.row(t('mandant'), data.mandantName);
      writer.row(t('issuedTo'), order.issued_to);
      if (data.subject?.collection) writer.row(t('collection'), data.subject.collection);
      writer.row(
        t('calculations'),
        data.subject && data.subject.calculations.length > 0
          ? data.subject.calculations.join(', ')
          : String(order.calculation_ids.length),
      );
      writer.row(t('quantity'), f.tonnes(order.tonnes_kg));
      writer.row(t('project'), project.name[data.language]);
      writer.row(t('standard'), `${project.standard}, ${t('vintage')} ${project.vintage}`);
      // Net prices: the VAT is added on the invoice.
      writer.row(t('pricePerTonne'), `${f.money(order.price_per_tonne_minor)} ${t('plusVat')}`);
      writer.row(t('total'), `${f.money(order.total_minor)} ${t('plusVat')}`);
      if (order.certificate_number) writer.row(t('certificateNumber'), order.certificate_number);
      writer.rule();
      writer.paragraph(t('disclaimer'), 9, MUTED);
      // One page: its only pause is at the end.
      yield;
    },
  });
}
