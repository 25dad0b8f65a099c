/**
 * Adding or changing one factor of a draft database with everything a factor has: category, unit, value, source,
 * year, region and its label in every interface language. Changing also offers removing it (after a confirmation).
 * The key is fixed once a factor exists: in a draft, renaming is removing and adding. A category the message
 * catalogue does not name (one the admin adds, `label_face`) is named here in every language, for the screens.
 */
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  Form,
  SaveButton,
  SelectInput,
  TextInput,
  required,
  useCreate,
  useDelete,
  useNotify,
  useTranslate,
  useUpdate,
  type Validator,
} from 'react-admin';
import {
  FACTOR_CATEGORY_PATTERN,
  FACTOR_KEY_PATTERN,
  FACTOR_YEARS,
  type FactorDatabaseRecord,
  type FactorRecord,
} from '../../core/api';
import {
  DATA_TYPES,
  DECLARATION_KINDS,
  DEFAULT_DATA_TYPE,
  DEFAULT_TECHNOLOGY,
  TECHNOLOGIES,
  type DeclarationKind,
} from '../../core/data-quality';
import { LANGUAGE_NAMES, LANGUAGES, type Language, type LocalizedText } from '../../core/languages';
import { formatNumber, parseLocaleNumber } from '../../core/number-format';
import { httpErrorText } from '../providers/httpClient';
import { useLanguage } from '../i18n/useLanguage';
import { keyedChoices } from '../i18n/choices';
import { useBuiltInCategoryName, useFactorCategories, useNameFactorCategory } from './factorQueries';
import { FactorImpactConfirm } from './FactorImpactConfirm';

/** The form's values: numbers as the user types them (0,363 in German). */
interface FactorFormValues {
  key: string;
  category: string;
  unit: string;
  value: string;
  source: string;
  year: string;
  region: string;
  /** Data quality (core/data-quality.ts): graded in reports with year and region. */
  data_type: string;
  technology: string;
  /** The mill's declaration (issue 33): '' none; biogenic CO2 as typed; delivery '' not stated, 'yes' or 'no'. */
  declaration_kind: string;
  biogenic_co2: string;
  delivery_included: string;
  label: Partial<LocalizedText>;
  /** The category's name, for a category the message catalogue does not name. */
  category_label: Partial<LocalizedText>;
}

function toFormValues(factor: FactorRecord | null, lang: Language): FactorFormValues {
  return {
    key: factor?.key ?? '',
    category: factor?.category ?? '',
    unit: factor?.unit ?? '',
    value: factor ? formatNumber(factor.value, lang, { maximumFractionDigits: 10, grouping: false }) : '',
    source: factor?.source ?? '',
    year: factor?.year != null ? String(factor.year) : '',
    region: factor?.region ?? '',
    data_type: factor?.data_type ?? DEFAULT_DATA_TYPE,
    technology: factor?.technology ?? DEFAULT_TECHNOLOGY,
    declaration_kind: factor?.declaration_kind ?? '',
    biogenic_co2:
      factor?.biogenic_co2 != null
        ? formatNumber(factor.biogenic_co2, lang, { maximumFractionDigits: 10, grouping: false })
        : '',
    delivery_included: factor?.delivery_included == null ? '' : factor.delivery_included ? 'yes' : 'no',
    label: factor ? { ...factor.label } : {},
    category_label: {},
  };
}

/**
 * The name in every language: languages left empty take the first one given; null when none is given (the category
 * keeps what it has).
 */
function categoryLabel(values: Partial<LocalizedText>): LocalizedText | null {
  const given = LANGUAGES.map((l) => values[l]?.trim() ?? '');
  const first = given.find((text) => text !== '');
  if (first === undefined) return null;
  return Object.fromEntries(LANGUAGES.map((l, i) => [l, given[i] || first])) as LocalizedText;
}

/** One input per interface language for a text of the form (`source.de`, …), each labelled with its language. */
const LanguageTextInputs = ({ source, label }: { source: 'label' | 'category_label'; label: string }) => {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {LANGUAGES.map((l) => (
        <TextInput
          key={l}
          source={`${source}.${l}`}
          label={translate(label, { language: LANGUAGE_NAMES[l] })}
          fullWidth={false}
          sx={{ width: 300 }}
        />
      ))}
    </Stack>
  );
};

/**
 * The category's name in every language, shown while the category typed is one the message catalogue does not name;
 * a name given before (by this mandant or the provider) is filled in to be changed.
 */
const CategoryNameInputs = () => {
  const translate = useTranslate();
  const builtInName = useBuiltInCategoryName();
  const { data: categories } = useFactorCategories();
  const { setValue } = useFormContext();
  const typed = useWatch({ name: 'category' }) as string | undefined;
  const key = (typed ?? '').trim();
  const stored = categories?.find((category) => category.key === key)?.label ?? null;
  useEffect(() => {
    for (const l of LANGUAGES) setValue(`category_label.${l}`, stored?.[l] ?? '');
  }, [stored, setValue]);
  if (!FACTOR_CATEGORY_PATTERN.test(key) || builtInName(key) !== undefined) return null;
  return (
    <Stack data-testid="factor-category-name" sx={{ mt: 1 }}>
      <Typography variant="subtitle2">{translate('databases.factors.category_name', { category: key })}</Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('databases.factors.category_name_help')}
      </Typography>
      <LanguageTextInputs source="category_label" label="databases.factors.category_name_in" />
    </Stack>
  );
};

/** The API body for the form's values (labels left empty take the first one given, on the server). */
function toBody(values: FactorFormValues, lang: Language) {
  const label = Object.fromEntries(
    LANGUAGES.map((l) => [l, values.label[l]?.trim() ?? '']).filter(([, text]) => text !== ''),
  );
  return {
    key: values.key.trim(),
    category: values.category.trim(),
    unit: values.unit.trim(),
    value: parseLocaleNumber(values.value, lang),
    source: values.source.trim(),
    year: values.year.trim() === '' ? null : Number(values.year),
    region: values.region.trim() === '' ? null : values.region.trim(),
    data_type: values.data_type,
    technology: values.technology,
    // An emptied select or field may arrive as null: both mean "not declared" / "not stated".
    declaration_kind: values.declaration_kind ? (values.declaration_kind as DeclarationKind) : null,
    biogenic_co2: values.biogenic_co2?.trim() ? parseLocaleNumber(values.biogenic_co2, lang) : null,
    delivery_included: values.delivery_included ? values.delivery_included === 'yes' : null,
    label,
  };
}

/** No record of the page behind the dialog: the form starts from the factor's values alone. */
const FACTOR_FORM_RECORD = {};

export interface FactorDialogProps {
  database: FactorDatabaseRecord;
  /** The factor to change; null adds a new one. */
  factor: FactorRecord | null;
  onClose: () => void;
}

/** The form's own checks, worded as the reader types numbers in their language. */
function useFactorValidators() {
  const lang = useLanguage();
  const number: Validator = (text: string) =>
    typeof text === 'string' && text.trim() !== '' && parseLocaleNumber(text, lang) === null
      ? 'databases.validation.number'
      : undefined;
  const key: Validator = (text: string) =>
    typeof text === 'string' && text !== '' && !FACTOR_KEY_PATTERN.test(text.trim())
      ? 'databases.validation.key'
      : undefined;
  const category: Validator = (text: string) =>
    typeof text === 'string' && text !== '' && !FACTOR_CATEGORY_PATTERN.test(text.trim())
      ? 'databases.validation.category'
      : undefined;
  const nonNegative: Validator = (text: string) => {
    const n = typeof text === 'string' && text.trim() !== '' ? parseLocaleNumber(text, lang) : null;
    return n !== null && n < 0 ? 'errors.factors.biogenicNegative' : undefined;
  };
  const year: Validator = (text: string) => {
    if (typeof text !== 'string' || text.trim() === '') return undefined;
    const n = Number(text);
    return Number.isInteger(n) && n >= FACTOR_YEARS.min && n <= FACTOR_YEARS.max
      ? undefined
      : 'databases.validation.year';
  };
  return { number, key, category, nonNegative, year };
}

/** What a factor is: key, category, unit, value, year, region and its data quality. */
const FactorFields = ({ keyLocked }: { keyLocked: boolean }) => {
  const { number, key, category, year } = useFactorValidators();
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', pt: 1 }}>
      <TextInput
        source="key"
        label="databases.factors.key"
        validate={[required(), key]}
        disabled={keyLocked}
        fullWidth={false}
        sx={{ width: 260 }}
      />
      <TextInput
        source="category"
        label="databases.factors.category"
        validate={[required(), category]}
        fullWidth={false}
        sx={{ width: 200 }}
      />
      <TextInput
        source="unit"
        label="databases.factors.unit"
        validate={required()}
        helperText="databases.factors.unit_help"
        fullWidth={false}
        sx={{ width: 200 }}
      />
      <TextInput
        source="value"
        label="databases.factors.value"
        validate={[required(), number]}
        helperText="databases.factors.value_help"
        inputProps={{ inputMode: 'decimal' }}
        fullWidth={false}
        sx={{ width: 200 }}
      />
      <TextInput
        source="year"
        label="databases.factors.year"
        validate={year}
        inputProps={{ inputMode: 'numeric' }}
        fullWidth={false}
        sx={{ width: 120 }}
      />
      <TextInput source="region" label="databases.factors.region" fullWidth={false} sx={{ width: 120 }} />
      <SelectInput
        source="data_type"
        label="databases.factors.data_type"
        choices={keyedChoices(DATA_TYPES, 'dataQuality.type')}
        validate={required()}
        fullWidth={false}
        sx={{ width: 200 }}
      />
      <SelectInput
        source="technology"
        label="databases.factors.technology"
        choices={keyedChoices(TECHNOLOGIES, 'dataQuality.technology')}
        validate={required()}
        fullWidth={false}
        sx={{ width: 240 }}
      />
    </Stack>
  );
};

/** What an environmental product declaration adds: its kind, biogenic CO2 and whether delivery is included. */
const DeclarationFields = () => {
  const { number, nonNegative } = useFactorValidators();
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid="factor-declaration">
      <SelectInput
        source="declaration_kind"
        label="databases.factors.declaration_kind"
        choices={keyedChoices(DECLARATION_KINDS, 'databases.factors.declaration')}
        emptyText="databases.factors.declaration.none"
        fullWidth={false}
        sx={{ width: 280 }}
      />
      <TextInput
        source="biogenic_co2"
        label="databases.factors.biogenic_co2"
        validate={[number, nonNegative]}
        helperText="databases.factors.biogenic_co2_help"
        inputProps={{ inputMode: 'decimal' }}
        fullWidth={false}
        sx={{ width: 240 }}
      />
      <SelectInput
        source="delivery_included"
        label="databases.factors.delivery_included"
        choices={keyedChoices(['yes', 'no'], 'databases.factors.delivery')}
        emptyText="databases.factors.delivery.unknown"
        fullWidth={false}
        sx={{ width: 240 }}
      />
    </Stack>
  );
};

function useSaveCategoryName() {
  const notify = useNotify();
  const nameCategory = useNameFactorCategory();
  const builtInName = useBuiltInCategoryName();
  const { data: categories } = useFactorCategories();
  /** Names the category first when it is one of the admin's own and its name was given or changed. */
  const saveCategoryName = async (values: FactorFormValues): Promise<boolean> => {
    const key = values.category.trim();
    const label = categoryLabel(values.category_label ?? {});
    const stored = categories?.find((category) => category.key === key)?.label;
    if (!label || builtInName(key) !== undefined || LANGUAGES.every((l) => stored?.[l] === label[l])) return true;
    try {
      await nameCategory.mutateAsync({ key, label });
      return true;
    } catch (problem) {
      notify(httpErrorText(problem), { type: 'error' });
      return false;
    }
  };
  return { saveCategoryName, naming: nameCategory.isPending };
}

export const FactorDialog = ({ database, factor, onClose }: FactorDialogProps) => {
  const translate = useTranslate();
  const lang = useLanguage();
  const notify = useNotify();
  const [create, { isPending: creating }] = useCreate();
  const [update, { isPending: updating }] = useUpdate();
  const [remove, { isPending: removing }] = useDelete();
  const { saveCategoryName, naming } = useSaveCategoryName();
  const [confirmRemove, setConfirmRemove] = useState(false);
  const busy = creating || updating || removing || naming;

  const options = {
    onSuccess: () => {
      notify(factor ? 'databases.factors.saved' : 'databases.factors.added', {
        type: 'success',
        messageArgs: { key: factor?.key ?? '' },
      });
      onClose();
    },
    onError: (problem: unknown) => notify(httpErrorText(problem), { type: 'error' }),
  };
  const write = async (values: Record<string, unknown>) => {
    if (!(await saveCategoryName(values as unknown as FactorFormValues))) return;
    const body = toBody(values as unknown as FactorFormValues, lang);
    if (factor)
      update(
        'factors',
        { id: factor.id, data: body, previousData: factor },
        { ...options, mutationMode: 'pessimistic' },
      );
    else create('factors', { data: { ...body, database_id: database.id } }, options);
  };
  // A factor's category decides which fields offer it: moving one that calculations chose is asked first (issue #34).
  const [pendingMove, setPendingMove] = useState<Record<string, unknown> | null>(null);
  const save = async (values: Record<string, unknown>) => {
    const moved = factor && String(values.category ?? '').trim() !== factor.category;
    if (moved) setPendingMove(values);
    else await write(values);
  };
  const removeFactor = () =>
    factor &&
    remove(
      'factors',
      { id: factor.id, previousData: factor },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('databases.factors.removed', { type: 'info', messageArgs: { key: factor.key } });
          setConfirmRemove(false);
          onClose();
        },
        onError: (problem: unknown) => notify(httpErrorText(problem), { type: 'error' }),
      },
    );

  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="md" fullWidth aria-labelledby="factor-dialog-title">
      {/* The page's record is the database: react-admin's Form would fill same-named inputs ("source") from it over
          the factor's own values, and a save would silently put the database's source on the factor. */}
      <Form record={FACTOR_FORM_RECORD} defaultValues={toFormValues(factor, lang)} onSubmit={save} mode="all">
        <DialogTitle id="factor-dialog-title">
          {factor ? translate('databases.factors.edit_title', { key: factor.key }) : translate('databases.factors.add')}
        </DialogTitle>
        <DialogContent data-testid="factor-dialog">
          <FactorFields keyLocked={factor !== null} />
          <DeclarationFields />
          <CategoryNameInputs />
          <TextInput source="source" label="databases.factors.source" fullWidth multiline />
          <LanguageTextInputs source="label" label="databases.factors.label_in" />
        </DialogContent>
        <DialogActions>
          {factor ? (
            <Button color="error" disabled={busy} onClick={() => setConfirmRemove(true)} sx={{ mr: 'auto' }}>
              {translate('databases.factors.remove')}
            </Button>
          ) : null}
          <Button onClick={onClose} disabled={busy}>
            {translate('ra.action.cancel')}
          </Button>
          <SaveButton alwaysEnable={!busy} disabled={busy} />
        </DialogActions>
      </Form>
      {factor ? (
        <FactorImpactConfirm
          open={confirmRemove}
          database={database}
          factor={factor}
          title={translate('databases.factors.remove_title', { key: factor.key })}
          onConfirm={removeFactor}
          onClose={() => setConfirmRemove(false)}
        >
          <Typography variant="body2">
            {translate('databases.factors.remove_content', { key: factor.key, name: database.name })}
          </Typography>
        </FactorImpactConfirm>
      ) : null}
      {factor ? (
        <FactorImpactConfirm
          open={pendingMove !== null}
          database={database}
          factor={factor}
          title={translate('impact.factor_title', { key: factor.key })}
          onConfirm={() => {
            const values = pendingMove;
            setPendingMove(null);
            if (values) void write(values);
          }}
          onClose={() => setPendingMove(null)}
        >
          <Typography variant="body2">{translate('impact.factor_note')}</Typography>
        </FactorImpactConfirm>
      ) : null}
    </Dialog>
  );
};
