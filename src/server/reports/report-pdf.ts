/**
 * The footprint report as PDF: what `ReportSnapshot` says, drawn with the PDF kit (pdf/writer.ts).
 * Per calculation its method statement (functional unit, system boundary, the ISO 16759 stages included and
 * excluded), then per stage and result the value, the formula in words, the inputs and every factor and machine
 * figure with its source, year, region and database or machine-set version. It states emissions; it makes no claim
 * about neutrality.
 */
import type { Readable } from 'node:stream';
import { MUTED, pdfStream } from '../pdf/writer';
import {
  reportTexts,
  type ReportCalculation,
  type ReportFigure,
  type ReportResult,
  type ReportSnapshot,
} from './snapshot';
import type { Writer } from '../pdf/writer';
import { INTL_LOCALES } from '../../core/number-format';
import { translate } from '../../core/i18n/translate';

/** Figure, value, source, year, region, database (x offsets from the margin). */
// Cells wrap rather than cut (issue #35 item 2): each column is as wide as its longest word needs (a year, "unbekannt",
// "Faktordatenbank" at the table's 8.5 pt), the source gets the rest.
const FIGURE_COLUMNS = [0, 100, 160, 312, 340, 392];

function figures(writer: Writer, heads: string[], rows: readonly ReportFigure[], machineHead = '', qualityHead = '') {
  if (rows.length === 0) return;
  writer.room(8.5 * 1.3 * 4);
  // Machines are named above their figures: a table cell would cut "press name: figure name".
  const machines = [...new Set(rows.flatMap((row) => (row.machine ? [row.machine] : [])))];
  if (machines.length) writer.paragraph(`${machineHead}: ${machines.join(', ')}`, 9);
  writer.tableRow(heads, FIGURE_COLUMNS, { bold: true, color: MUTED });
  for (const row of rows)
    writer.tableRow([row.label, row.value, row.source, row.year, row.region, row.version], FIGURE_COLUMNS);
  // The grading is a sentence per figure: a seventh column would leave each cell a word wide.
  const graded = rows.filter((row) => row.quality);
  if (graded.length) {
    writer.paragraph(`${qualityHead}:`, 9, MUTED);
    for (const row of graded) writer.paragraph(`${row.label}: ${row.quality}`, 8);
  }
  writer.y -= 6;
}

/** `dataQuality.<key>` in the report's language. */
type QualityText = (key: string) => string;

function result(writer: Writer, say: ReturnType<typeof reportTexts>, quality: QualityText, entry: ReportResult) {
  writer.room(60);
  writer.row(entry.label, entry.value);
  writer.paragraph(`${say('formula')}: ${entry.formula}`, 9);
  if (entry.inputs.length) writer.paragraph(`${say('inputs')}: ${entry.inputs.join('; ')}`, 9);
  const heads = [say('figure'), say('value'), say('source'), say('year'), say('region')];
  figures(writer, [...heads, say('database')], entry.factors, '', quality('column'));
  figures(writer, [...heads, say('machineSet')], entry.production, say('producedBy'), quality('column'));
}

function calculation(
  writer: Writer,
  say: ReturnType<typeof reportTexts>,
  quality: QualityText,
  entry: ReportCalculation,
) {
  writer.room(120);
  writer.heading(`${entry.number} · ${entry.title}`, 14);
  if (entry.customer) writer.row(say('customer'), entry.customer);
  writer.row(say('template'), entry.template);
  writer.row(say('total'), entry.total);
  if (entry.uncertainty) writer.row(quality('uncertainty'), entry.uncertainty);
  if (entry.primaryShare) writer.row(quality('primaryShare'), entry.primaryShare);
  writer.row(say('functionalUnit'), entry.functionalUnit);
  writer.row(say('systemBoundary'), entry.systemBoundary);
  writer.row(say('database'), entry.database);
  if (entry.gwpSet) writer.row(say('gwpSet'), entry.gwpSet);
  if (entry.demo) writer.row('', say('demoMark'));
  if (entry.machineSet) writer.row(say('machineSet'), entry.machineSet);
  writer.y -= 6;
  for (const stage of entry.stages ?? []) {
    writer.room(60);
    writer.heading(stage.label, 12);
    if (!stage.included) {
      writer.paragraph(`${say('excluded')}: ${stage.reason ?? ''}`, 10, MUTED);
      continue;
    }
    for (const item of stage.results) result(writer, say, quality, item);
  }
  if (entry.results.length) {
    if (entry.stages) writer.heading(say('otherResults'), 12);
    for (const item of entry.results) result(writer, say, quality, item);
  }
  writer.rule();
}

/**
 * `verifyUrl`: the report's published verification page, printed as a QR code on the first page. Streamed page by
 * page (pdf/writer.ts `pdfStream`): a collection of a thousand calculations is thousands of pages.
 */
export function reportPdf(report: ReportSnapshot, verifyUrl?: string): Readable {
  const texts = reportTexts(report.language);
  // The same headings thousands of times: each looked up once.
  const known = new Map<string, string>();
  const say: typeof texts = (key, params) => {
    if (params) return texts(key, params);
    let text = known.get(key);
    if (text === undefined) known.set(key, (text = texts(key)));
    return text;
  };
  const quality: QualityText = (key) => translate(report.language, `dataQuality.${key}`);
  const title = say('title');
  return pdfStream({
    info: {
      title: `${title}: ${report.subject}`,
      author: report.provider,
      subject: report.subject,
      keywords: [report.subject],
      language: report.language,
    },
    footer: {
      // Demo factors are for trying Kontor out: the mark stands above everything and on every page's foot.
      label: report.demo ? `${title}: ${report.subject} · ${say('demoMark')}` : `${title}: ${report.subject}`,
      pageOf: (page, pages) => translate(report.language, 'documents.pageOf', { page, pages }),
    },
    *draw(writer) {
      writer.paragraph(report.provider, 10, MUTED);
      if (report.demo) writer.heading(say('demoMark'), 14);
      writer.heading(title, 22);
      writer.row(say('mandant'), report.mandant);
      writer.row(say('subject'), report.subject);
      writer.row(
        say('date'),
        new Intl.DateTimeFormat(INTL_LOCALES[report.language], { dateStyle: 'long', timeZone: 'UTC' }).format(
          new Date(report.date),
        ),
      );
      writer.row(say('total'), report.total);
      if (report.perUnit) writer.row(say('perUnit'), report.perUnit);
      if (report.uncertainty) writer.row(quality('uncertainty'), report.uncertainty);
      if (report.primaryShare) writer.row(quality('primaryShare'), report.primaryShare);
      for (const notice of report.mixed ?? []) writer.paragraph(notice, 10);
      if (verifyUrl) writer.qrCode(verifyUrl, say('verifyCaption'));
      writer.rule();
      writer.heading(say('methodTitle'), 14);
      writer.paragraph(say('methodStatement'));
      writer.paragraph(say('exclusionsGeneric'));
      writer.paragraph(`${say('dataSources')}: ${report.dataSources.join('; ')}`, 9);
      if (report.notes) {
        const { notes } = report;
        writer.heading(quality('title'), 12);
        writer.paragraph(`${quality('methodTitle')}: ${notes.uncertaintyMethod}`, 9);
        writer.paragraph(`${quality('cutOffTitle')}: ${notes.cutOff}`, 9);
        writer.paragraph(`${quality('exclusionsTitle')}:`, 9);
        for (const exclusion of notes.exclusions) writer.paragraph(`– ${exclusion}`, 9);
        writer.paragraph(`${quality('biogenicTitle')}: ${notes.biogenic}`, 9);
        writer.paragraph(`${quality('allocationTitle')}: ${notes.allocation}`, 9);
      }
      writer.paragraph(say('noClaim'), 9, MUTED);
      writer.rule();
      for (const entry of report.calculations) {
        calculation(writer, say, quality, entry);
        yield;
      }
    },
  });
}
