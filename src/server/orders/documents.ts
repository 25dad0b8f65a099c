/**
 * The order documents as PDF (pdf-lib): the certificate of a completed order and the order
 * confirmation. Written without object streams so the file stays simple; the certificate number
 * is also the document's title and keyword, so tools (and tests) can read it without OCR.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { OffsetProjectRecord, OrderRecord } from '../../core/api';
import type { Language } from '../../core/languages';
import { DOCUMENT_TEXTS } from './document-texts';

export interface OrderDocumentData {
  order: OrderRecord;
  project: OffsetProjectRecord;
  mandantName: string;
  /** Provider name from the mandant's settings, shown as the issuer. */
  providerName: string;
  language: Language;
}

const LOCALES: Record<Language, string> = { de: 'de-DE', en: 'en-GB', fr: 'fr-FR', it: 'it-IT', es: 'es-ES' };
const MARGIN = 56;
const INK = rgb(0.13, 0.16, 0.2);
const MUTED = rgb(0.4, 0.44, 0.5);

/** The standard fonts only encode WinAnsi: anything else (e.g. narrow no-break spaces from Intl) is replaced. */
function encodable(font: PDFFont, text: string): string {
  let out = '';
  for (const ch of text.replace(/[\u202f\u2009]/g, ' ')) {
    try {
      font.encodeText(ch);
      out += ch;
    } catch {
      out += '?';
    }
  }
  return out;
}

function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

class Writer {
  y: number;
  constructor(
    private readonly page: PDFPage,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.y = page.getHeight() - MARGIN;
  }
  private get width() {
    return this.page.getWidth() - 2 * MARGIN;
  }
  heading(text: string, size = 20) {
    for (const line of wrap(this.bold, encodable(this.bold, text), size, this.width)) {
      this.page.drawText(line, { x: MARGIN, y: this.y - size, size, font: this.bold, color: INK });
      this.y -= size * 1.3;
    }
    this.y -= 12;
  }
  paragraph(text: string, size = 10, color = INK) {
    for (const line of wrap(this.regular, encodable(this.regular, text), size, this.width)) {
      this.page.drawText(line, { x: MARGIN, y: this.y - size, size, font: this.regular, color });
      this.y -= size * 1.45;
    }
    this.y -= 8;
  }
  row(label: string, value: string) {
    const size = 11;
    this.page.drawText(encodable(this.regular, label), { x: MARGIN, y: this.y - size, size, font: this.regular, color: MUTED });
    const lines = wrap(this.bold, encodable(this.bold, value), size, this.width - 170);
    for (const line of lines.length > 0 ? lines : ['']) {
      this.page.drawText(line, { x: MARGIN + 170, y: this.y - size, size, font: this.bold, color: INK });
      this.y -= size * 1.6;
    }
  }
  rule() {
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: this.page.getWidth() - MARGIN, y: this.y }, thickness: 0.5, color: MUTED });
    this.y -= 16;
  }
}

function formats(language: Language, currency: string) {
  const locale = LOCALES[language];
  return {
    tonnes: (kg: number) => `${new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }).format(kg / 1000)} t CO2e`,
    money: (minor: number) => {
      const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
      return format.format(minor / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
    },
    date: (iso: string | null) => (iso ? new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso)) : '—'),
  };
}

async function newDocument(title: string, data: OrderDocumentData) {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setAuthor(data.providerName);
  doc.setCreator('Kontor');
  doc.setLanguage(data.language);
  const page = doc.addPage([595.28, 841.89]);
  const writer = new Writer(page, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold));
  return { doc, writer };
}

export async function certificatePdf(data: OrderDocumentData): Promise<Uint8Array> {
  const t = DOCUMENT_TEXTS[data.language];
  const f = formats(data.language, data.order.currency);
  const { order, project } = data;
  const number = order.certificate_number ?? '';
  const { doc, writer } = await newDocument(`${t.certificateTitle} ${number}`, data);
  doc.setSubject(number);
  doc.setKeywords([number, order.number]);
  writer.paragraph(data.providerName, 10, MUTED);
  writer.heading(t.certificateTitle, 22);
  writer.row(t.certificateNumber, number);
  writer.row(t.issuedTo, order.issued_to);
  writer.row(t.mandant, data.mandantName);
  writer.row(t.quantity, f.tonnes(order.tonnes_kg));
  writer.row(t.project, project.name[data.language]);
  writer.row(t.standard, project.standard);
  writer.row(t.vintage, String(project.vintage));
  writer.row(t.registryId, project.registry_id || '—');
  writer.row(t.country, project.country);
  writer.row(t.date, f.date(order.completed_at));
  writer.row(t.orderNumber, order.number);
  writer.rule();
  writer.paragraph(t.certificateStatement, 11);
  writer.paragraph(t.disclaimer, 9, MUTED);
  return doc.save({ useObjectStreams: false });
}

export async function confirmationPdf(data: OrderDocumentData): Promise<Uint8Array> {
  const t = DOCUMENT_TEXTS[data.language];
  const f = formats(data.language, data.order.currency);
  const { order, project } = data;
  const { doc, writer } = await newDocument(`${t.confirmationTitle} ${order.number}`, data);
  doc.setSubject(order.number);
  doc.setKeywords([order.number]);
  writer.paragraph(data.providerName, 10, MUTED);
  writer.heading(t.confirmationTitle, 20);
  writer.row(t.orderNumber, order.number);
  writer.row(t.status, t.statuses[order.status] ?? order.status);
  writer.row(t.date, f.date(order.placed_at ?? order.created_at));
  writer.row(t.mandant, data.mandantName);
  writer.row(t.issuedTo, order.issued_to);
  writer.row(t.calculations, String(order.calculation_ids.length));
  writer.row(t.quantity, f.tonnes(order.tonnes_kg));
  writer.row(t.project, project.name[data.language]);
  writer.row(t.standard, `${project.standard}, ${t.vintage} ${project.vintage}`);
  writer.row(t.pricePerTonne, f.money(order.price_per_tonne_minor));
  writer.row(t.total, f.money(order.total_minor));
  if (order.certificate_number) writer.row(t.certificateNumber, order.certificate_number);
  writer.rule();
  writer.paragraph(t.disclaimer, 9, MUTED);
  return doc.save({ useObjectStreams: false });
}
