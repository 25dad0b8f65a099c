/**
 * The live result panel: recomputes the template's results with the core's formula engine as the user types, with
 * the factor values of the calculation's database. It is a preview: the server computes again on save and its
 * figures are the ones stored.
 */
import {
  Alert,
  AlertTitle,
  Box,
  Card,
  CardContent,
  Divider,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import { useDeferredValue, useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import { tryComputeResults, type ComputeOutcome, type ComputedResults } from '../../core/formula';
import { subtotalRoles } from '../../core/formula/subtotals';
import type { Language } from '../../core/languages';
import { wordFault } from '../../core/i18n/fault';
import { localize, validateInputs } from '../../core/rules';
import { plausibilityWarnings } from '../../core/template/plausibility';
import {
  localizeUnit,
  pruneInputs,
  type CalculationInputs,
  type FactorLookup,
  type Group,
  type Template,
} from '../../core/template';
import type { FactorRecord } from '../../core/api';
import { useFactors } from '../factors/formFactors';
import { INPUTS_SOURCE, isRecordObject } from './formPaths';
import { formatResult } from './resultFormat';
import { useLanguage } from '../i18n/useLanguage';
import { useUnitCatalog } from '../units/useUnitCatalog';
import { templateUsesProduction, useProductionData } from '../machines/production';
import type { ProductionData } from '../../core/production';

export function previewResults(
  template: Template,
  inputs: unknown,
  lookup: FactorLookup,
  production?: ProductionData,
): ComputeOutcome | undefined {
  try {
    return tryComputeResults(template, (isRecordObject(inputs) ? inputs : {}) as CalculationInputs, lookup, production);
  } catch {
    // Half-typed input the engine does not classify (e.g. text in a number field) is simply "not computable yet".
    return undefined;
  }
}

/** An item of a repeatable group the preview leaves out: "Etappe 2". */
export interface SkippedItem {
  group: Group;
  number: number;
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/**
 * The inputs without the repeatable groups' items that have a field left empty (a transport leg just added, its mode
 * not chosen yet), and those items. An empty leg cannot be computed, but it must not take the figures of the rest with
 * it (issue #35): the preview computes without it and says it is not counted yet.
 */
export function withoutIncompleteItems(
  template: Template,
  inputs: unknown,
): { inputs: unknown; skipped: SkippedItem[] } {
  if (!isRecordObject(inputs)) return { inputs, skipped: [] };
  const kept: Record<string, unknown> = { ...inputs };
  const skipped: SkippedItem[] = [];
  for (const group of template.groups) {
    const items = inputs[group.id];
    if (!group.repeatable || !Array.isArray(items)) continue;
    kept[group.id] = items.filter((item: unknown, index) => {
      const complete = isRecordObject(item) && group.fields.every((field) => !isEmpty(item[field.name]));
      if (!complete) skipped.push({ group, number: index + 1 });
      return complete;
    });
  }
  return { inputs: kept, skipped };
}

/** The preview, leaving incomplete group items out when they alone keep it from being computed. */
export function previewWithoutIncomplete(
  template: Template,
  inputs: unknown,
  lookup: FactorLookup,
  production?: ProductionData,
): { outcome: ComputeOutcome | undefined; skipped: SkippedItem[] } {
  const full = previewResults(template, inputs, lookup, production);
  if (full?.ok) return { outcome: full, skipped: [] };
  const partial = withoutIncompleteItems(template, inputs);
  if (partial.skipped.length === 0) return { outcome: full, skipped: [] };
  const rest = previewResults(template, partial.inputs, lookup, production);
  return rest?.ok ? { outcome: rest, skipped: partial.skipped } : { outcome: full, skipped: [] };
}

/**
 * The messages the server would answer for the values given (as sent: hidden and emptied fields pruned), checked
 * against the factors of the chosen database once they are loaded. A figure for input the server refuses (quantity
 * 2.5) would look like a result the user could save. Values not given yet are the fields' own business (and the
 * "not computable yet" note's), not a refusal.
 */
export function refusedInputs(
  template: Template,
  inputs: unknown,
  lang: Language,
  factors?: readonly FactorRecord[],
  machineKeys?: Record<string, string[]>,
): string[] {
  const sent = pruneInputs(template, (isRecordObject(inputs) ? inputs : {}) as CalculationInputs);
  const factorKeys = factors && keysByCategory(factors);
  const errors = validateInputs(template, sent, lang, {
    ...(factorKeys ? { factorKeys } : {}),
    ...(machineKeys ? { machineKeys } : {}),
  });
  return Object.entries(errors)
    .filter(([path]) => valueAt(sent, path) !== undefined)
    .map(([, message]) => message);
}

/** The value at a validation path (`quantity`, `transport.0.distance_km`). */
function valueAt(inputs: CalculationInputs, path: string): unknown {
  let value: unknown = inputs;
  for (const part of path.split('.')) {
    if (!isRecordObject(value) && !Array.isArray(value)) return undefined;
    value = Object.prototype.hasOwnProperty.call(value, part) ? (value as Record<string, unknown>)[part] : undefined;
  }
  return value;
}

function keysByCategory(factors: readonly FactorRecord[]): Record<string, string[]> {
  const keys: Record<string, string[]> = {};
  for (const factor of factors) (keys[factor.category] ??= []).push(factor.key);
  return keys;
}

/** What an existing calculation stored: the inputs it was computed from, and the figures the server computed. */
export interface StoredCalculation {
  inputs?: CalculationInputs;
  results?: { breakdown?: ComputedResults['breakdown'] };
  database_id?: number;
}

/**
 * The stored figures while the form still holds the stored inputs (same database): a calculation shows what it was
 * saved as, not a recomputation with factors that may have changed since. Any edit switches to the live preview.
 */
export function storedOutcome(
  template: Template,
  inputs: unknown,
  databaseId: unknown,
  stored: StoredCalculation | undefined,
): ComputedResults | undefined {
  const breakdown = stored?.results?.breakdown;
  if (!stored || !breakdown?.length || databaseId !== stored.database_id) return undefined;
  const now = pruneInputs(template, (isRecordObject(inputs) ? inputs : {}) as CalculationInputs);
  const then = pruneInputs(template, stored.inputs ?? {});
  if (JSON.stringify(sortedKeys(now)) !== JSON.stringify(sortedKeys(then))) return undefined;
  const primary = breakdown.find((entry) => entry.primary);
  return {
    results: Object.fromEntries(breakdown.map((entry) => [entry.name, entry.value])),
    breakdown,
    primary: primary?.value ?? 0,
    primaryName: primary?.name ?? '',
    factors: [],
    production: [],
  };
}

/** A value with its object keys in one order, so two equal inputs serialise alike whatever order they were typed in. */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (!isRecordObject(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortedKeys(value[key])]),
  );
}

type BreakdownEntry = ComputedResults['breakdown'][number];
type SubtotalRole = 'subtotal' | 'part';

/** The form's inputs, computed at lower priority than typing, and everything the panel says about them. */
function useResultPreview(template: Template, stored: StoredCalculation | undefined) {
  const lang = useLanguage();
  const { lookup, isPending, factors } = useFactors();
  const production = useProductionData(templateUsesProduction(template));
  const inputs = useWatch({ name: INPUTS_SOURCE }) as unknown;
  const databaseId = useWatch({ name: 'database_id' }) as unknown;
  // Typing stays responsive on big forms: React computes the preview at lower priority than the keystroke.
  const deferredInputs = useDeferredValue(inputs);
  const { outcome, skipped } = useMemo(
    () => previewWithoutIncomplete(template, deferredInputs, lookup, production.data),
    [template, deferredInputs, lookup, production.data],
  );
  const refused = useMemo(
    () =>
      outcome?.ok
        ? refusedInputs(template, deferredInputs, lang, isPending ? undefined : factors, production.keysByKind)
        : [],
    [outcome, template, deferredInputs, lang, isPending, factors, production.keysByKind],
  );
  // Inputs the engine computes but a printer would not believe (16 A3 on a B1 sheet): said, never refused.
  const warnings = useMemo(
    () =>
      plausibilityWarnings(
        template,
        pruneInputs(template, (isRecordObject(deferredInputs) ? deferredInputs : {}) as CalculationInputs),
      ).map((fault) => wordFault(fault, lang)),
    [template, deferredInputs, lang],
  );
  const saved = useMemo(
    () => storedOutcome(template, deferredInputs, databaseId, stored),
    [template, deferredInputs, databaseId, stored],
  );
  const computed = saved ?? (outcome?.ok && refused.length === 0 ? outcome.value : undefined);
  const primary = computed?.breakdown.find((entry) => entry.primary);
  const roles = useMemo(() => (computed ? subtotalRoles(computed.breakdown) : new Map()), [computed]);
  // The chosen database lacks a factor the template needs: say which, instead of "fill in the required fields".
  const missingFactor =
    outcome && !outcome.ok && outcome.error.code === 'unknown_factor' ? outcome.error.factor : undefined;
  return { isPending, skipped, refused, warnings, saved, computed, primary, roles, missingFactor };
}

const PrimaryTotal = ({
  primary,
  skipped,
  showSkipped,
}: {
  primary: BreakdownEntry;
  skipped: SkippedItem[];
  showSkipped: boolean;
}) => {
  const lang = useLanguage();
  const units = useUnitCatalog();
  const translate = useTranslate();
  return (
    <Box data-testid="result-total" sx={{ my: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {localize(primary.label, lang, primary.name)}
      </Typography>
      <Typography variant="h4" component="p" sx={{ fontWeight: 600 }}>
        <span data-testid="result-total-value">{formatResult(primary.value, lang)}</span>{' '}
        <Typography component="span" variant="h6">
          {localizeUnit(primary.unit, lang, units)}
        </Typography>
      </Typography>
      {showSkipped ? (
        <Alert severity="info" sx={{ mt: 1 }} data-testid="result-items-skipped">
          {translate('template.results.items_skipped', {
            items: skipped
              .map(({ group, number }) =>
                translate('template.item_label', {
                  group: localize(group.itemLabel ?? group.label, lang, group.id),
                  number,
                }),
              )
              .join(', '),
          })}
        </Alert>
      ) : null}
    </Box>
  );
};

const PlausibilityWarnings = ({ warnings }: { warnings: string[] }) => {
  const translate = useTranslate();
  return (
    <Alert severity="warning" sx={{ my: 1 }} data-testid="result-plausibility">
      <AlertTitle>{translate('template.plausibility.title')}</AlertTitle>
      {warnings.map((warning) => (
        <Box component="p" key={warning} sx={{ m: 0 }}>
          {warning}
        </Box>
      ))}
    </Alert>
  );
};

const BreakdownLine = ({ entry, role }: { entry: BreakdownEntry; role: SubtotalRole | undefined }) => {
  const lang = useLanguage();
  const units = useUnitCatalog();
  const translate = useTranslate();
  return (
    <ListItem
      disableGutters
      data-result={entry.name}
      data-role={role ?? 'line'}
      sx={
        role === 'subtotal'
          ? { borderTop: 1, borderColor: 'divider', mb: 1, '& *': { fontWeight: 600 } }
          : role === 'part'
            ? { pl: 2 }
            : undefined
      }
    >
      <ListItemText
        primary={
          role === 'subtotal'
            ? translate('template.results.subtotal', { label: localize(entry.label, lang, entry.name) })
            : localize(entry.label, lang, entry.name)
        }
        secondary={
          entry.factors.length
            ? entry.factors.map((factor) => localize(factor.label, lang, factor.key)).join(', ')
            : undefined
        }
      />
      <Typography variant="body2" sx={{ whiteSpace: 'nowrap', ml: 2 }}>
        {formatResult(entry.value, lang)} {localizeUnit(entry.unit, lang, units, entry.value)}
      </Typography>
    </ListItem>
  );
};

/**
 * `storedTotal`: the primary total the server computed and stored for an existing calculation; `stored`: that
 * calculation, whose figures are shown as long as its inputs are unchanged.
 */
export const ResultPanel = ({
  template,
  storedTotal,
  stored,
}: {
  template: Template;
  storedTotal?: number;
  stored?: StoredCalculation;
}) => {
  const lang = useLanguage();
  const units = useUnitCatalog();
  const translate = useTranslate();
  const { isPending, skipped, refused, warnings, saved, computed, primary, roles, missingFactor } = useResultPreview(
    template,
    stored,
  );

  return (
    <Card
      variant="outlined"
      sx={{ position: { md: 'sticky' }, top: { md: 72 } }}
      data-testid="result-panel"
      aria-live="polite"
    >
      <CardContent>
        <Typography variant="overline" component="h2">
          {translate('template.results.title')}
        </Typography>
        {primary ? (
          <PrimaryTotal primary={primary} skipped={skipped} showSkipped={skipped.length > 0 && !saved} />
        ) : refused.length > 0 ? (
          <Alert severity="warning" sx={{ my: 1 }} data-testid="result-refused">
            {translate('template.results.refused')}
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {refused.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </Box>
          </Alert>
        ) : missingFactor !== undefined && !isPending ? (
          <Alert severity="warning" sx={{ my: 1 }} data-testid="result-factor-missing">
            {translate('template.results.factor_missing', { factor: missingFactor })}
          </Alert>
        ) : (
          <Alert severity="info" sx={{ my: 1 }} data-testid="result-incomplete">
            {translate(isPending ? 'template.results.loading_factors' : 'template.results.incomplete')}
          </Alert>
        )}
        {warnings.length > 0 ? <PlausibilityWarnings warnings={warnings} /> : null}
        {computed ? (
          <>
            <Divider />
            <List dense disablePadding>
              {computed.breakdown
                .filter((entry) => !entry.primary)
                .map((entry) => (
                  <BreakdownLine key={entry.name} entry={entry} role={roles.get(entry.name)} />
                ))}
            </List>
          </>
        ) : null}
        {storedTotal !== undefined && primary ? (
          <Typography variant="body2" sx={{ mt: 1 }} data-testid="result-stored-total">
            {translate('template.results.stored', {
              value: `${formatResult(storedTotal, lang)} ${localizeUnit(primary.unit, lang, units)}`,
            })}
          </Typography>
        ) : null}
        <Typography variant="caption" color="text.secondary">
          {translate('template.results.preview_note')}
        </Typography>
      </CardContent>
    </Card>
  );
};
