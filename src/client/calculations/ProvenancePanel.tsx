/**
 * Where a calculation's figures come from (issue #21, item 4): per result of the stored results, the formula in
 * words, the inputs it read and every factor with value, unit, source, year, region and the factor database's
 * version, and every machine or energy figure with its source. It shows what the server computed and stored, not the
 * live preview: the figures a printer hands on must be the ones it can trace.
 */
import { Box, Divider, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { CalculationResults } from '../../core/api';
import {
  declarationInWords,
  factorQuality,
  productionQuality,
  qualityInWords,
  type FigureQuality,
} from '../../core/data-quality';
import type { FactorUse, ResultBreakdown } from '../../core/formula/compute';
import type { Language } from '../../core/languages';
import { formatNumber } from '../../core/number-format';
import { localize } from '../../core/rules';
import { localizeUnit, KG_CO2E, type Field, type Template, type UnitCatalog } from '../../core/template';
import {
  productionFigureKey,
  productionFigureValue,
  productionSourceInWords,
  type ProductionUse,
} from '../../core/production';
import { formatResult } from '../template-forms/resultFormat';
import { useLanguage } from '../i18n/useLanguage';
import { useUnitCatalog } from '../units/useUnitCatalog';
import {
  formulaInputs,
  formulaInWords,
  formulaVocabulary,
  inputInWords,
  type FormulaInput,
  type FormulaVocabulary,
  type InputWord,
} from '../../core/formula/words';
import { CalculationPanel } from './CalculationPanel';
import type { CalculationRecord } from './types';

type Translate = ReturnType<typeof useTranslate>;

/** What every part of the panel reads the stored figures with: one object instead of five props handed down. */
interface Reading {
  record: CalculationRecord;
  template: Template;
  vocabulary: FormulaVocabulary;
  lang: Language;
  units: UnitCatalog;
}

const figure = (value: number, lang: Language) => formatNumber(value, lang, { maximumFractionDigits: 6 });

/** The panel's words for an input: `calculations.provenance.<key>` in the reader's language. */
const inputWords = (translate: Translate) => (key: InputWord) => translate(`calculations.provenance.${key}`);

function inputValue(
  field: Field,
  value: unknown,
  results: CalculationResults,
  lang: Language,
  units: UnitCatalog,
  translate: Translate,
): string {
  return inputInWords(field, value, results.factors, lang, units, inputWords(translate), results.production);
}

const InputLine = ({ input, reading: { record, lang, units } }: { input: FormulaInput; reading: Reading }) => {
  const translate = useTranslate();
  const label = localize(input.field.label, lang, input.field.name);
  const inputs = record.inputs as Record<string, unknown>;
  if (input.group) {
    const items = Array.isArray(inputs[input.group]) ? (inputs[input.group] as Record<string, unknown>[]) : [];
    const values = items.map((item) =>
      inputValue(input.field, item[input.field.name], record.results, lang, units, translate),
    );
    return (
      <li data-testid="provenance-input">
        {label}: {values.length ? values.join(' · ') : translate('calculations.provenance.not_given')}
      </li>
    );
  }
  const value = inputs[input.field.name];
  if (input.dataKey === undefined)
    return (
      <li data-testid="provenance-input">
        {label}: {inputValue(input.field, value, record.results, lang, units, translate)}
      </li>
    );
  // Option data is a figure like a factor: its value and the source the template names for it.
  const option = input.field.options?.find((candidate) => candidate.value === value);
  const data = option?.data?.[input.dataKey];
  const source = option?.dataSources?.[input.dataKey];
  return (
    <li data-testid="provenance-option-figure">
      {translate('calculations.provenance.option_figure', {
        field: label,
        option: option ? localize(option.label, lang, option.value) : String(value ?? ''),
        key: translate(`calculations.provenance.data.${input.dataKey}`, { _: input.dataKey.replace(/_/g, ' ') }),
        value:
          typeof data === 'number' ? figure(data, lang) : String(data ?? translate('calculations.provenance.unknown')),
      })}
      {typeof data === 'number'
        ? ` — ${translate('calculations.provenance.source')}: ${source ?? translate('calculations.provenance.unknown')}`
        : ''}
    </li>
  );
};

/** One table for every kind of figure a result read: what it is, its value, and where it comes from. */
const FiguresTable = ({
  heads,
  rows,
  testId,
}: {
  heads: readonly string[];
  rows: { key: string; cells: ReactNode[] }[];
  testId: string;
}) => {
  const translate = useTranslate();
  // The value and the database or set stay on one line; the source may wrap.
  const nowrap = new Set(['value', 'database_version', 'machine_set']);
  return (
    // A table wider than a phone scrolls here; keyboard users reach the scrolling with Tab (axe:
    // scrollable-region-focusable, serious).
    <Box sx={{ overflowX: 'auto' }} tabIndex={0}>
      <Table size="small" data-testid={testId}>
        <TableHead>
          <TableRow>
            {heads.map((head) => (
              <TableCell key={head}>{translate(`calculations.provenance.${head}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key} data-factor={row.key}>
              {row.cells.map((cell, index) => (
                <TableCell
                  key={heads[index]}
                  sx={
                    nowrap.has(heads[index]!)
                      ? { whiteSpace: 'nowrap' }
                      : heads[index] === 'source'
                        ? { minWidth: 220 }
                        : heads[index] === 'data_quality'
                          ? { minWidth: 150 }
                          : undefined
                  }
                >
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
};

/**
 * The cells every provenance row ends with (heads source, year, region and the version): where the figure comes from,
 * and the versioned set that held it — the factor database or the machine set.
 */
const originCells = (
  use: Pick<FactorUse | ProductionUse, 'source' | 'year' | 'region'>,
  set: { name: string; version_label: string } | null | undefined,
  unknown: string,
) => [
  use.source || unknown,
  use.year ?? unknown,
  use.region ?? unknown,
  set ? `${set.name} · ${set.version_label}` : unknown,
];

const FACTOR_HEADS = ['factor', 'value', 'source', 'year', 'region', 'database_version', 'data_quality'] as const;
const PRODUCTION_HEADS = [
  'machine',
  'figure',
  'value',
  'source',
  'year',
  'region',
  'machine_set',
  'data_quality',
] as const;

/**
 * The words both figure tables' rows end with: "unknown" for an origin not given, and a figure's data quality in the
 * words the report uses, graded against this year.
 */
const useFigureWords = () => {
  const translate = useTranslate();
  const lang = useLanguage();
  const year = new Date().getUTCFullYear();
  return {
    translate,
    unknown: translate('calculations.provenance.unknown'),
    quality: (quality: FigureQuality) => qualityInWords(quality, year, lang, (key, params) => translate(key, params)),
  };
};

const FactorTable = ({ factors, reading: { record, lang, units } }: { factors: FactorUse[]; reading: Reading }) => {
  const { translate, unknown, quality } = useFigureWords();
  const rows = factors.map((factor) => ({
    key: factor.key,
    cells: [
      localize(factor.label, lang, factor.key),
      `${figure(factor.value, lang)} ${localizeUnit(KG_CO2E, lang, units)}/${localizeUnit(factor.unit, lang, units, 1)}`,
      ...originCells(factor, record.results.database, unknown),
      [quality(factorQuality(factor)), declarationInWords(factor, lang, (key, params) => translate(key, params))]
        .filter((words) => words !== null)
        .join(' · '),
    ],
  }));
  return <FiguresTable heads={FACTOR_HEADS} rows={rows} testId="provenance-factors" />;
};

const ProductionTable = ({ figures, reading: { record, lang } }: { figures: ProductionUse[]; reading: Reading }) => {
  const { translate, unknown, quality } = useFigureWords();
  const rows = figures.map((use) => ({
    key: use.ref,
    cells: [
      use.name,
      translate(productionFigureKey(use)),
      productionFigureValue(use, figure(use.value, lang)),
      // The market-based figure's mix in the reader's words (issue 33), from its stored figures.
      ...originCells(
        { ...use, source: productionSourceInWords(use, lang, (key, params) => translate(key, params)) },
        record.results.machine_set,
        unknown,
      ),
      quality(productionQuality(use)),
    ],
  }));
  return <FiguresTable heads={PRODUCTION_HEADS} rows={rows} testId="provenance-production" />;
};

const ResultProvenance = ({ entry, reading }: { entry: ResultBreakdown; reading: Reading }) => {
  const translate = useTranslate();
  const { record, template, vocabulary, lang, units } = reading;
  const inputs = record.inputs as Record<string, unknown>;
  const factorKeyOf = (name: string) => (typeof inputs[name] === 'string' ? (inputs[name] as string) : undefined);
  const read = formulaInputs(entry.formula, template);
  return (
    <Box component="section" data-testid="provenance-result" data-result={entry.name} sx={{ py: 1.5 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="subtitle2" component="h3">
          {localize(entry.label, lang, entry.name)}
        </Typography>
        <Typography variant="subtitle2" component="p" sx={{ whiteSpace: 'nowrap' }}>
          {formatResult(entry.value, lang)} {localizeUnit(entry.unit, lang, units, entry.value)}
        </Typography>
      </Box>
      <Typography variant="body2" data-testid="provenance-formula">
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {translate('calculations.provenance.formula')}:{' '}
        </Box>
        {formulaInWords(entry.formula, vocabulary, factorKeyOf)}
      </Typography>
      {read.length ? (
        <>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {translate('calculations.provenance.inputs')}:
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 3, typography: 'body2' }}>
            {read.map((input) => (
              <InputLine
                key={`${input.group ?? ''}.${input.field.name}.${input.dataKey ?? ''}`}
                input={input}
                reading={reading}
              />
            ))}
          </Box>
        </>
      ) : null}
      {entry.factors.length ? <FactorTable factors={entry.factors} reading={reading} /> : null}
      {entry.production?.length ? <ProductionTable figures={entry.production} reading={reading} /> : null}
    </Box>
  );
};

export const ProvenancePanel = ({ record, template }: { record: CalculationRecord; template: Template }) => {
  const translate = useTranslate();
  const lang = useLanguage();
  const units = useUnitCatalog();
  const results = record.results;
  if (!results?.breakdown?.length) return null;
  const reading: Reading = {
    record,
    template,
    lang,
    units,
    vocabulary: formulaVocabulary(
      template,
      results.factors,
      lang,
      (name, params) => translate(`calculations.provenance.words.${name}`, params),
      {
        figureLabel: (figure) => translate(`machines.figures.${figure}`, { _: figure.replace(/_/g, ' ') }),
        dataLabel: (key) => translate(`calculations.provenance.data.${key}`, { _: key.replace(/_/g, ' ') }),
      },
    ),
  };
  return (
    <CalculationPanel testId="provenance-panel" title={translate('calculations.provenance.title')}>
      <Typography variant="body2" color="text.secondary">
        {translate('calculations.provenance.intro')}
      </Typography>
      <Typography variant="body2" sx={{ mt: 1 }} data-testid="provenance-database">
        {translate('calculations.provenance.database', {
          name: results.database?.name ?? '',
          version: results.database?.version_label ?? '',
        })}
        {results.machine_set
          ? ` · ${translate('calculations.provenance.machine_set_used', { name: results.machine_set.name, version: results.machine_set.version_label })}`
          : ''}
      </Typography>
      {results.breakdown.map((entry, index) => (
        <Box key={entry.name}>
          {index > 0 ? <Divider /> : null}
          <ResultProvenance entry={entry} reading={reading} />
        </Box>
      ))}
    </CalculationPanel>
  );
};
