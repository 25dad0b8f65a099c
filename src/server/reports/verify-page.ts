/**
 * The public verification page (`/verify/<token>`): a published report's or certificate's snapshot as one small
 * server-rendered HTML page in the language it was published in. Server-rendered rather than a route of the SPA: the
 * page must work without sign-in, and the SPA would load the whole back office (and its session handling) to show a
 * few tables. It reads nothing but the snapshot — no live record, no user, no other figure of the mandant — loads no
 * script, sets no cookie and every text is escaped.
 * A report shows its calculations VERIFY_PAGE_SIZE at a time (`?page=n`, issue 32): a collection of a thousand
 * calculations would otherwise be one page of several megabytes. Every page repeats the report's head (subject, total,
 * method, sources) and links to the others by the calculation numbers they hold.
 */
import type { MethodNotes } from '../../core/data-quality';
import { translate } from '../../core/i18n/translate';
import { countryName, exampleRegistryId } from '../../core/offset-projects';
import type { Language } from '../../core/languages';
import { INTL_LOCALES } from '../../core/number-format';
import { HEAVY_RETRY_AFTER_SECONDS } from '../http/heavy-work';
import { formats, type OrderDocumentData } from '../orders/documents';
import {
  reportTexts,
  type ReportCalculation,
  type ReportFigure,
  type ReportResult,
  type ReportSnapshot,
} from './snapshot';

/** What a publication froze: a report, or the data of an offset certificate. */
export type PublishedSnapshot =
  ReportSnapshot | { kind: 'certificate'; language: Language; certificate: OrderDocumentData };

const escape = (text: string | number) =>
  String(text).replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

const rows = (pairs: readonly (readonly [string, string])[]) =>
  `<dl>${pairs.map(([term, value]) => `<dt>${escape(term)}</dt><dd>${escape(value)}</dd>`).join('')}</dl>`;

function figureTable(heads: readonly string[], figures: readonly ReportFigure[], qualityHead: string): string {
  if (figures.length === 0) return '';
  // Publications made before data quality was graded have none: no empty column.
  const graded = figures.some((figure) => figure.quality);
  const head = [...heads, ...(graded ? [qualityHead] : [])].map((cell) => `<th>${escape(cell)}</th>`).join('');
  const body = figures
    .map(
      (figure) =>
        `<tr>${[
          figure.machine ? `${figure.machine}: ${figure.label}` : figure.label,
          figure.value,
          figure.source,
          figure.year,
          figure.region,
          figure.version,
          ...(graded ? [figure.quality ?? ''] : []),
        ]
          .map((cell) => `<td>${escape(cell)}</td>`)
          .join('')}</tr>`,
    )
    .join('');
  return `<table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

/** `dataQuality.<key>` in the report's language. */
type QualityText = (key: string) => string;

function resultSection(say: ReturnType<typeof reportTexts>, quality: QualityText, result: ReportResult): string {
  const heads = [say('figure'), say('value'), say('source'), say('year'), say('region')];
  return `<section class="result"><h4>${escape(result.label)}: <span class="figure">${escape(result.value)}</span></h4>
<p><span class="muted">${escape(say('formula'))}:</span> ${escape(result.formula)}</p>
${result.inputs.length ? `<p><span class="muted">${escape(say('inputs'))}:</span></p><ul>${result.inputs.map((input) => `<li>${escape(input)}</li>`).join('')}</ul>` : ''}
${figureTable([...heads, say('database')], result.factors, quality('column'))}
${figureTable([...heads, say('machineSet')], result.production, quality('column'))}</section>`;
}

function calculationSection(
  say: ReturnType<typeof reportTexts>,
  quality: QualityText,
  calculation: ReportCalculation,
): string {
  const stages = (calculation.stages ?? [])
    .map((stage) =>
      stage.included
        ? `<h3>${escape(stage.label)}</h3>${stage.results.map((result) => resultSection(say, quality, result)).join('')}`
        : `<h3>${escape(stage.label)}</h3><p class="muted">${escape(say('excluded'))}: ${escape(stage.reason ?? '')}</p>`,
    )
    .join('');
  const rest = calculation.results.length
    ? `${calculation.stages ? `<h3>${escape(say('otherResults'))}</h3>` : ''}${calculation.results.map((result) => resultSection(say, quality, result)).join('')}`
    : '';
  return `<section class="calculation"><h2>${escape(`${calculation.number} · ${calculation.title}`)}</h2>
${rows([
  ...(calculation.customer ? [[say('customer'), calculation.customer] as const] : []),
  [say('template'), calculation.template],
  [say('total'), calculation.total],
  ...(calculation.uncertainty ? [[quality('uncertainty'), calculation.uncertainty] as const] : []),
  ...(calculation.primaryShare ? [[quality('primaryShare'), calculation.primaryShare] as const] : []),
  [say('functionalUnit'), calculation.functionalUnit],
  [say('systemBoundary'), calculation.systemBoundary],
  [say('database'), calculation.database],
  ...(calculation.gwpSet ? [[say('gwpSet'), calculation.gwpSet] as const] : []),
  ...(calculation.demo ? [['', say('demoMark')] as const] : []),
  ...(calculation.machineSet ? [[say('machineSet'), calculation.machineSet] as const] : []),
])}${stages}${rest}</section>`;
}

/** Calculations per page of a report's verification page. */
export const VERIFY_PAGE_SIZE = 20;

/** The pages of a report's verification page; a certificate is one page. */
export const verifyPageCount = (snapshot: PublishedSnapshot): number =>
  snapshot.kind === 'report' ? Math.max(1, Math.ceil(snapshot.calculations.length / VERIFY_PAGE_SIZE)) : 1;

/** Links to the other pages, each named by the calculation numbers it holds; nothing when there is one page. */
function pageLinks(report: ReportSnapshot, page: number, pages: number): string {
  if (pages <= 1) return '';
  const say = reportTexts(report.language);
  const link = (target: number, text: string, rel = '') =>
    `<a href="?page=${target}"${rel ? ` rel="${rel}"` : ''}>${escape(text)}</a>`;
  const items = Array.from({ length: pages }, (_, index) => {
    const first = report.calculations[index * VERIFY_PAGE_SIZE]!;
    const last = report.calculations[Math.min((index + 1) * VERIFY_PAGE_SIZE, report.calculations.length) - 1]!;
    const text = first === last ? first.number : `${first.number} – ${last.number}`;
    return index + 1 === page
      ? `<li aria-current="page"><strong>${escape(text)}</strong></li>`
      : `<li>${link(index + 1, text)}</li>`;
  }).join('');
  const from = (page - 1) * VERIFY_PAGE_SIZE + 1;
  const to = Math.min(page * VERIFY_PAGE_SIZE, report.calculations.length);
  return `<nav class="pages" aria-label="${escape(say('verifyPages'))}" data-testid="verify-pages">
<p><strong>${escape(say('verifyShowing', { from, to, count: report.calculations.length }))}</strong>
${page > 1 ? link(page - 1, say('verifyPrevious'), 'prev') : ''} ${page < pages ? link(page + 1, say('verifyNext'), 'next') : ''}</p>
<ol>${items}</ol></nav>`;
}

function notesSection(quality: QualityText, notes: MethodNotes): string {
  const part = (title: string, text: string) =>
    `<p><span class="muted">${escape(quality(title))}:</span> ${escape(text)}</p>`;
  return `<section data-testid="verify-data-quality"><h3>${escape(quality('title'))}</h3>
${part('methodTitle', notes.uncertaintyMethod)}${part('cutOffTitle', notes.cutOff)}
<p><span class="muted">${escape(quality('exclusionsTitle'))}:</span></p><ul>${notes.exclusions.map((exclusion) => `<li>${escape(exclusion)}</li>`).join('')}</ul>
${part('biogenicTitle', notes.biogenic)}${part('allocationTitle', notes.allocation)}</section>`;
}

function reportBody(report: ReportSnapshot, published: string, page: number): { title: string; body: string } {
  const say = reportTexts(report.language);
  const quality: QualityText = (key) => translate(report.language, `dataQuality.${key}`);
  const pages = verifyPageCount(report);
  const shown = report.calculations.slice((page - 1) * VERIFY_PAGE_SIZE, page * VERIFY_PAGE_SIZE);
  const links = pageLinks(report, page, pages);
  return {
    title: `${say('title')}: ${report.subject}`,
    body: `${report.demo ? `<p class="demo" data-testid="demo-mark">${escape(say('demoMark'))}</p>` : ''}<p class="muted">${escape(report.provider)}</p><h1>${escape(say('title'))}</h1>
${rows([
  [say('mandant'), report.mandant],
  [say('subject'), report.subject],
  [say('total'), report.total],
  ...(report.perUnit ? [[say('perUnit'), report.perUnit] as const] : []),
  ...(report.uncertainty ? [[quality('uncertainty'), report.uncertainty] as const] : []),
  ...(report.primaryShare ? [[quality('primaryShare'), report.primaryShare] as const] : []),
  [say('publishedAt'), published],
])}${(report.mixed ?? []).map((notice) => `<p class="notice" data-testid="mixed-notice">${escape(notice)}</p>`).join('')}
<h2>${escape(say('methodTitle'))}</h2><p>${escape(say('methodStatement'))}</p><p>${escape(say('exclusionsGeneric'))}</p>
<p><span class="muted">${escape(say('dataSources'))}:</span> ${escape(report.dataSources.join('; '))}</p>
${report.notes ? notesSection(quality, report.notes) : ''}
<p class="muted">${escape(say('noClaim'))}</p>
${links}${shown.map((calculation) => calculationSection(say, quality, calculation)).join('')}${links}`,
  };
}

function certificateBody(data: OrderDocumentData, published: string): { title: string; body: string } {
  const t = (key: string, params?: Record<string, string | number>) =>
    translate(data.language, `documents.${key}`, params);
  const f = formats(data.language, data.order.currency);
  const { order, project } = data;
  const number = order.certificate_number ?? '';
  const example = exampleRegistryId(project.registry_id);
  return {
    title: `${t('certificateTitle')} ${number}`,
    body: `<p class="muted">${escape(data.providerName)}</p><h1>${escape(t('certificateTitle'))}</h1>
${rows([
  [t('certificateNumber'), number],
  [t('issuedTo'), order.issued_to],
  [t('mandant'), data.mandantName],
  [t('retired'), f.tonnes(order.tonnes_kg)],
  [t('project'), project.name[data.language]],
  [t('standard'), project.standard],
  [t('vintage'), String(project.vintage)],
  [t('registryId'), example === null ? project.registry_id || '—' : t('exampleRegistryId', { id: example })],
  // Certificates published before the serial numbers existed have none in their snapshot.
  [t('registrySerials'), order.registry_serials ?? t('registrySerialsNone')],
  [t('country'), countryName(project.country, data.language)],
  [t('date'), f.date(order.completed_at)],
  [t('orderNumber'), order.number],
  [translate(data.language, 'documents.report.publishedAt'), published],
])}
<p>${escape(t('certificateStatement'))}</p><p class="muted">${escape(t('disclaimer'))}</p>`,
  };
}

// On a phone (390 px) the tables and the term list wrap their cells instead of running wider than the screen (issue #35).
const STYLE = `body{font:15px/1.5 system-ui,sans-serif;color:#212833;max-width:60rem;margin:0 auto;padding:1.5rem}
h1{font-size:1.6rem;margin:.2rem 0 1rem}h2{font-size:1.25rem;margin-top:2rem;border-top:1px solid #ccd;padding-top:1rem}
h3{font-size:1.05rem;margin:1.2rem 0 .4rem}h4{font-size:.95rem;margin:.8rem 0 .2rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1.2rem}dt{color:#66707f}dd{margin:0;font-weight:600}
table{border-collapse:collapse;width:100%;font-size:.85rem;margin:.4rem 0 .8rem}th,td{text-align:left;padding:.25rem .4rem;border-bottom:1px solid #e3e6ea;vertical-align:top}
th{color:#66707f;font-weight:600}.number{text-align:right}.muted{color:#66707f}.figure{white-space:nowrap}
.banner{background:#eef4ee;border:1px solid #b9d3b9;padding:.6rem .9rem;border-radius:4px}
.demo{background:#fdecea;border:2px solid #c62828;color:#8e1c1c;font-weight:700;padding:.6rem .9rem;border-radius:4px}
.notice{background:#fff8e1;border:1px solid #e0c060;padding:.5rem .8rem;border-radius:4px}ul{margin:.2rem 0}
.pages{margin:1.5rem 0;padding:.6rem .9rem;background:#f5f6f8;border-radius:4px;font-size:.9rem}.pages p{margin:0 0 .4rem}
.pages p a{margin-left:.8rem}.pages ol{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:.2rem 1rem}
@media (max-width:40rem){body{padding:.75rem}table{font-size:.78rem}th,td{padding:.2rem .25rem;overflow-wrap:anywhere;hyphens:auto}
.figure{white-space:normal}dl{grid-template-columns:minmax(0,1fr)}dd{margin-bottom:.4rem;overflow-wrap:anywhere}}`;

/**
 * Page `page` (from 1; see verifyPageCount) of a publication: `publishedAt` is when the snapshot was taken (ISO).
 */
export function verifyPage(snapshot: PublishedSnapshot, publishedAt: string, page = 1): string {
  const language = snapshot.language;
  const published = new Intl.DateTimeFormat(INTL_LOCALES[language], {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(new Date(publishedAt));
  const { title, body } =
    snapshot.kind === 'report'
      ? reportBody(snapshot, `${published} UTC`, page)
      : certificateBody(snapshot.certificate, `${published} UTC`);
  const banner = translate(language, 'documents.report.verifyBanner', { date: `${published} UTC` });
  return `<!doctype html>
<html lang="${escape(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escape(title)}</title><style>${STYLE}</style></head>
<body><p class="banner" data-testid="verify-banner">${escape(banner)}</p>${body}</body></html>`;
}

/** The answer to an unknown, malformed or revoked token: the same page for each, so none can be told apart. */
export function notFoundPage(language: Language): string {
  const text = translate(language, 'documents.report.verifyNotFound');
  return `<!doctype html>
<html lang="${escape(language)}"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${escape(text)}</title><style>${STYLE}</style></head>
<body><h1>${escape(text)}</h1></body></html>`;
}

/** The answer while too many pages are being rendered for the first time (503 with Retry-After). */
export function busyPage(language: Language): string {
  const text = translate(language, 'errors.busy', { seconds: HEAVY_RETRY_AFTER_SECONDS });
  return `<!doctype html>
<html lang="${escape(language)}"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${escape(text)}</title><style>${STYLE}</style></head>
<body><h1>${escape(text)}</h1></body></html>`;
}
