/**
 * The PDF documents of an order: the certificate of a completed order and the order confirmation, drawn with the PDF
 * kit (pdf/writer.ts, which the footprint reports use too). Streamed page by page (pdf/file.ts) without object
 * streams so the file stays simple; the certificate number is also the document's title and keyword, so tools (and
 * tests) can read it without OCR.
 * The certificate names the project and the tonnes retired; it lists no calculations and no footprint beside them, so
 * it cannot read as "these products are compensated" (EU 2024/825, issue 33 item 6). Their texts are `documents.*`
 * in locales/<lang>.json; the PDFs print "CO₂" as the screens do (an embedded font, pdf/file.ts).
 */
import type { Readable } from 'node:stream';
import type { OffsetProjectRecord, OrderRecord } from '../../core/api';
import { findMessage, translate, type MessageParams } from '../../core/i18n/translate';
import '../../core/i18n/all-locales';
import type { Language } from '../../core/languages';
import { minorToMajor } from '../../core/money';
import { formatFigure, formatMoney, INTL_LOCALES as LOCALES } from '../../core/number-format';
import { countryName, exampleRegistryId } from '../../core/offset-projects';
import type { PdfInfo } from '../pdf/file';
import { MUTED, pdfStream } from '../pdf/writer';

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
