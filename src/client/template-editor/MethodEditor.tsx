/**
 * The template's method after ISO 16759 (functional unit, system boundary, life-cycle stages), edited without JSON:
 * per stage of the one catalogue (src/core/template/stages.ts) "not stated", "included" with the results that account
 * for it (picked from the template's results; the first is the stage's total), or "excluded" with a reason.
 */
import { Autocomplete, Box, Checkbox, FormControlLabel, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { LocalizedText } from '../../core/languages';
import { localize } from '../../core/rules';
import { PRINT_STAGES, stageLabelKey, type PrintStage, type TemplateMethod } from '../../core/template';
import { useLanguage } from '../i18n/useLanguage';
import type { EditableTemplate } from './definitionEdits';
import { LocalizedInputs } from './LocalizedInputs';

type Stage = TemplateMethod['stages'][number];
const EMPTY: LocalizedText = { de: '', en: '', fr: '', it: '', es: '' };

/**
 * A stage's own name, in five languages, where the catalogue's does not fit the product (plastic film and metal parts
 * are not "paper, board"); screens and reports use it in place of the catalogue's.
 */
const StageLabel = ({ entry, onChange }: { entry: Stage; onChange: (entry: Stage) => void }) => {
  const translate = useTranslate();
  const { label, ...rest } = entry;
  return (
    <Box sx={{ flexBasis: '100%' }}>
      <FormControlLabel
        control={
          <Checkbox
            size="small"
            checked={label !== undefined}
            onChange={(event) => onChange(event.target.checked ? { ...rest, label: { ...EMPTY } } : (rest as Stage))}
            slotProps={{ input: { 'data-testid': `method-own-label-${entry.stage}` } as object }}
          />
        }
        label={translate('templateEditor.method.own_label')}
      />
      {label ? (
        <LocalizedInputs
          label={translate('templateEditor.method.own_label')}
          testId={`method-label-${entry.stage}`}
          value={label}
          onChange={(next) => onChange({ ...entry, label: next })}
        />
      ) : null}
    </Box>
  );
};

export const MethodEditor = ({
  definition,
  onChange,
}: {
  definition: EditableTemplate;
  onChange: (method: TemplateMethod | undefined) => void;
}) => {
  const translate = useTranslate();
  const lang = useLanguage();
  const method = definition.method;
  const results = (definition.results ?? []).filter((result) => result.name);
  const label = (name: string) => {
    const result = results.find((candidate) => candidate.name === name);
    return result?.label ? `${localize(result.label as LocalizedText, lang, name)} (${name})` : name;
  };
  const setStage = (stage: PrintStage, next: Stage | undefined) => {
    if (!method) return;
    const others = method.stages.filter((entry) => entry.stage !== stage);
    const stages = next ? [...others, next] : others;
    stages.sort((a, b) => PRINT_STAGES.indexOf(a.stage) - PRINT_STAGES.indexOf(b.stage));
    onChange({ ...method, stages });
  };
  return (
    <Box data-testid="method-editor">
      <FormControlLabel
        control={
          <Checkbox
            size="small"
            checked={method !== undefined}
            onChange={(event) =>
              onChange(event.target.checked ? { functionalUnit: EMPTY, systemBoundary: EMPTY, stages: [] } : undefined)
            }
            slotProps={{ input: { 'data-testid': 'method-enabled' } as object }}
          />
        }
        label={translate('templateEditor.method.enabled')}
      />
      {method ? (
        <>
          <LocalizedInputs
            label={translate('calculations.method.functional_unit')}
            testId="method-functional-unit"
            value={method.functionalUnit}
            onChange={(functionalUnit) => onChange({ ...method, functionalUnit })}
          />
          <LocalizedInputs
            label={translate('calculations.method.system_boundary')}
            testId="method-system-boundary"
            value={method.systemBoundary}
            onChange={(systemBoundary) => onChange({ ...method, systemBoundary })}
          />
          {PRINT_STAGES.map((stage) => {
            const entry = method.stages.find((candidate) => candidate.stage === stage);
            const state = entry ? (entry.included ? 'included' : 'excluded') : 'none';
            return (
              <Box key={stage} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap', mt: 1 }}>
                <TextField
                  select
                  size="small"
                  label={entry?.label ? localize(entry.label, lang, stage) : translate(stageLabelKey(stage))}
                  value={state}
                  onChange={(event) => {
                    const next = event.target.value;
                    // The stage's own name stays when it changes between included and excluded.
                    const own = entry?.label ? { label: entry.label } : {};
                    setStage(
                      stage,
                      next === 'included'
                        ? { stage, ...own, included: true, results: [] }
                        : next === 'excluded'
                          ? { stage, ...own, included: false, reason: EMPTY }
                          : undefined,
                    );
                  }}
                  slotProps={{ select: { native: true }, htmlInput: { 'data-testid': `method-stage-${stage}` } }}
                  sx={{ width: 260 }}
                >
                  <option value="none">{translate('templateEditor.method.not_stated')}</option>
                  <option value="included">{translate('calculations.method.included')}</option>
                  <option value="excluded">{translate('calculations.method.excluded')}</option>
                </TextField>
                {entry?.included ? (
                  <Autocomplete
                    multiple
                    size="small"
                    sx={{ flex: 1, minWidth: 240 }}
                    options={results.map((result) => result.name as string)}
                    value={entry.results}
                    getOptionLabel={label}
                    filterSelectedOptions
                    onChange={(_, names) => setStage(stage, { ...entry, results: names })}
                    renderInput={(params) => (
                      <TextField
                        {...params}
                        label={translate('calculations.method.results')}
                        slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': `method-results-${stage}` } }}
                      />
                    )}
                  />
                ) : null}
                {entry && !entry.included ? (
                  <LocalizedInputs
                    label={translate('templateEditor.method.reason')}
                    testId={`method-reason-${stage}`}
                    value={entry.reason}
                    onChange={(reason) => setStage(stage, { ...entry, reason })}
                  />
                ) : null}
                {entry ? <StageLabel entry={entry} onChange={(next) => setStage(stage, next)} /> : null}
              </Box>
            );
          })}
        </>
      ) : null}
    </Box>
  );
};
