/**
 * `/compare?ids=1,2,3`: two to four calculations side by side, shareable by its URL. Inputs grouped
 * as in their templates, every result with its difference to the first calculation; rows where the
 * calculations differ are highlighted. Downloadable as CSV (built in the browser).
 */
import {
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import DownloadIcon from '@mui/icons-material/Download';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, Loading, Title, useGetList, useGetMany, useTranslate } from 'react-admin';
import { COMPARE_MAX, COMPARE_MIN, type CalculationRecord, type TemplateRecord } from '../../core/api';
import type { Language } from '../../core/languages';
import { formatResult } from '../template-forms/resultFormat';
import { useLanguage } from '../i18n/useLanguage';
import { useUnitCatalog } from '../units/useUnitCatalog';
import { parseCompareIds } from './compareIds';
import { buildComparison, PERCENT_DIGITS, type Comparison, type Difference, type ResultRow } from './comparison';
import { comparisonCsv } from './comparisonCsv';
import { saveFile } from '../shell/download/saveFile';
import { MixedBasesNotice } from '../reports/MixedBasesNotice';

const differsSx = {
  bgcolor: (theme: { palette: { warning: { main: string } } }) => alpha(theme.palette.warning.main, 0.12),
};

function percentText(percent: number, lang: Language): string {
  return new Intl.NumberFormat(lang, {
    style: 'percent',
    maximumFractionDigits: PERCENT_DIGITS,
    signDisplay: 'exceptZero',
  }).format(percent / 100);
}

function absoluteText(absolute: number, lang: Language): string {
  const text = formatResult(Math.abs(absolute), lang);
  return absolute > 0 ? `+${text}` : absolute < 0 ? `−${text}` : text;
}

const DifferenceChip = ({ difference, unit, lang }: { difference: Difference; unit: string; lang: Language }) => {
  const same = Math.abs(difference.absolute) < 1e-9;
  const label = same
    ? '±0'
    : `${absoluteText(difference.absolute, lang)} ${unit}${difference.percent === null ? '' : ` (${percentText(difference.percent, lang)})`}`;
  return (
    <Chip
      size="small"
      variant={same ? 'outlined' : 'filled'}
      color={same ? 'default' : difference.absolute > 0 ? 'warning' : 'success'}
      label={label}
      data-testid="compare-difference"
      sx={{ mt: 0.5 }}
    />
  );
};

const ResultCells = ({ row, lang }: { row: ResultRow; lang: Language }) => (
  <>
    {row.values.map((value, index) => (
      <TableCell key={index} align="right" data-testid="compare-value">
        {value === null ? (
          '—'
        ) : (
          <Box component="span" sx={{ fontWeight: index === 0 ? 500 : undefined }}>
            {formatResult(value, lang)} {row.unit}
          </Box>
        )}
        {row.differences[index] ? (
          <Box>
            <DifferenceChip difference={row.differences[index]!} unit={row.unit} lang={lang} />
          </Box>
        ) : null}
      </TableCell>
    ))}
  </>
);

const ComparisonTable = ({ comparison }: { comparison: Comparison }) => {
  const translate = useTranslate();
  const lang = useLanguage();
  const span = comparison.calculations.length + 1;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={translate('compare.title')} data-testid="compare-table">
        <TableHead>
          <TableRow>
            <TableCell sx={{ minWidth: 180 }} />
            {comparison.calculations.map((calc, index) => (
              <TableCell key={calc.id} align="right" sx={{ verticalAlign: 'bottom', minWidth: 180 }}>
                <Typography
                  variant="subtitle2"
                  component={Link}
                  to={`/edit/${calc.id}`}
                  sx={{ color: 'primary.main', textDecoration: 'none' }}
                >
                  {calc.number}
                </Typography>
                <Typography variant="body2">{calc.title}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {calc.template}
                  {index === 0 ? ` · ${translate('compare.reference')}` : ''}
                </Typography>
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          <TableRow>
            <TableCell colSpan={span} sx={{ bgcolor: 'action.hover' }}>
              <Typography variant="subtitle2" component="h2">
                {translate('compare.results')}
              </Typography>
            </TableCell>
          </TableRow>
          {comparison.results.map((row) => (
            <TableRow
              key={row.name}
              data-testid={`compare-result-${row.name}`}
              data-differs={row.differs}
              sx={row.differs ? differsSx : undefined}
            >
              <TableCell component="th" scope="row">
                {row.label}
              </TableCell>
              <ResultCells row={row} lang={lang} />
            </TableRow>
          ))}
          {comparison.inputs.map((section) => [
            <TableRow key={`section-${section.key}`}>
              <TableCell colSpan={span} sx={{ bgcolor: 'action.hover' }}>
                <Typography variant="subtitle2" component="h2">
                  {section.label}
                </Typography>
              </TableCell>
            </TableRow>,
            ...section.rows.map((row) => (
              <TableRow
                key={`${section.key}-${row.key}`}
                data-testid={`compare-input-${section.key}-${row.key}`}
                data-differs={row.differs}
                sx={row.differs ? differsSx : undefined}
              >
                <TableCell component="th" scope="row">
                  {row.label}
                </TableCell>
                {row.values.map((value, index) => (
                  <TableCell key={index} align="right">
                    {value === null ? '—' : value}
                  </TableCell>
                ))}
              </TableRow>
            )),
          ])}
        </TableBody>
      </Table>
    </TableContainer>
  );
};

const CompareProblem = ({ message }: { message: string }) => (
  <Card sx={{ mt: 2 }}>
    <CardContent>
      <Alert severity="info" data-testid="compare-problem">
        {message}
      </Alert>
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button component={Link} to="/calculations" label="compare.to_calculations" />
        <Button component={Link} to="/collections" label="compare.to_collections" />
      </Stack>
    </CardContent>
  </Card>
);

const ALL_TEMPLATES = {
  pagination: { page: 1, perPage: 100 },
  sort: { field: 'id', order: 'ASC' as const },
  filter: {},
};

const CompareView = ({ ids }: { ids: number[] }) => {
  const translate = useTranslate();
  const lang = useLanguage();
  const units = useUnitCatalog();
  const { data: records, isPending, error } = useGetMany<CalculationRecord>('calculations', { ids });
  const { data: templates = [], isPending: templatesPending } = useGetList<TemplateRecord>('templates', ALL_TEMPLATES);
  const comparison = useMemo(() => {
    if (!records) return null;
    // Keep the order of the URL: the first id is the reference.
    const byId = new Map(records.map((record) => [Number(record.id), record]));
    const ordered = ids.map((id) => byId.get(id)).filter((record): record is CalculationRecord => record !== undefined);
    const texts = {
      yes: translate('ra.boolean.true'),
      no: translate('ra.boolean.false'),
      total: translate('compare.total'),
      units,
    };
    return buildComparison(ordered, new Map(templates.map((t) => [t.id, t.definition])), lang, texts);
  }, [records, templates, ids, lang, translate, units]);

  if (isPending || templatesPending) return <Loading />;
  if (error || !comparison) return <CompareProblem message={translate('compare.load_failed')} />;
  if (comparison.calculations.length < ids.length) return <CompareProblem message={translate('compare.missing')} />;

  const download = () => {
    const csv = comparisonCsv(
      comparison,
      {
        section: translate('compare.csv.section'),
        item: translate('compare.csv.item'),
        unit: translate('compare.csv.unit'),
        results: translate('compare.results'),
        difference: (number) => translate('compare.csv.difference', { number }),
        percent: (number) => translate('compare.csv.percent', { number }),
      },
      lang,
    );
    saveFile(csv, `compare-${comparison.calculations.map((c) => c.number).join('_')}.csv`);
  };
  const differing = comparison.results.filter((row) => row.differs).length;
  return (
    <Box sx={{ mt: 2 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography color="text.secondary">
          {translate('compare.summary', { smart_count: differing, calculations: comparison.calculations.length })}
        </Typography>
        <Button label="compare.download" onClick={download} variant="outlined" data-testid="compare-download">
          <DownloadIcon />
        </Button>
      </Stack>
      <MixedBasesNotice records={records ?? []} />
      <ComparisonTable comparison={comparison} />
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {translate('compare.legend')}
      </Typography>
    </Box>
  );
};

const ComparePage = () => {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const parsed = parseCompareIds(params.get('ids'));
  return (
    <>
      <Title title={translate('compare.title')} />
      {parsed.ok ? (
        <CompareView ids={parsed.ids} />
      ) : (
        <CompareProblem
          message={translate(`compare.problem.${parsed.reason}`, { min: COMPARE_MIN, max: COMPARE_MAX })}
        />
      )}
    </>
  );
};

export default ComparePage;
