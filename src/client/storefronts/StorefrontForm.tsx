import { Box, Typography } from '@mui/material';
import {
  ArrayInput,
  BooleanInput,
  CheckboxGroupInput,
  FormDataConsumer,
  ReferenceInput,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  regex,
  required,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { CreateStorefrontRequest, type StorefrontOffer, type StorefrontRecord } from '../../core/api';
import { fieldTypeOf } from '../../core/field-types';
import { getCompiledTemplate, type Template } from '../../core/template';
import { useTemplates } from '../template-forms/useTemplate';
import { contractRules } from '../providers/contractRules';
import { localize } from '../../core/rules';
import type { Language } from '../../core/languages';

const nameRules = contractRules(CreateStorefrontRequest, 'name', { required: true });

type OfferValues = Omit<StorefrontOffer, 'fixed'> & { fixed_text?: string };
type FormValues = Omit<Partial<StorefrontRecord>, 'offers' | 'origins'> & {
  offers?: OfferValues[];
  origins_text?: string;
};

/**
 * Origins one per line; the printer's fixed values of each offer as JSON. (A form for the fixed values, field by field
 * like the calculation form, is the next step; until then they are checked where they are saved: the server answers
 * which value it cannot compute with.)
 */
export function storefrontBody(values: FormValues): Record<string, unknown> {
  const { origins_text, offers, ...rest } = values;
  return {
    ...rest,
    origins: (origins_text ?? '')
      .split(/\s+/)
      .map((origin) => origin.trim().replace(/\/$/, ''))
      .filter(Boolean),
    offers: (offers ?? []).map(({ fixed_text, ...offer }) => ({
      template_id: offer.template_id,
      customer_fields: offer.customer_fields ?? [],
      fixed: fixed_text?.trim() ? (JSON.parse(fixed_text) as Record<string, unknown>) : {},
    })),
  };
}

function formValues(record: StorefrontRecord | undefined): FormValues | undefined {
  if (!record) return undefined;
  return {
    ...record,
    origins_text: record.origins.join('\n'),
    offers: record.offers.map((offer) => ({
      ...offer,
      fixed_text: Object.keys(offer.fixed).length > 0 ? JSON.stringify(offer.fixed, null, 2) : '',
    })),
  };
}

const jsonObject = (value: string | undefined) => {
  if (!value?.trim()) return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? undefined : 'storefronts.validation.json';
  } catch {
    return 'storefronts.validation.json';
  }
};
const ORIGIN_LINES = /^(\s*https?:\/\/[a-zA-Z0-9.-]+(:[0-9]{1,5})?\/?\s*)*$/;

function customerChoices(template: Template | undefined, lang: Language) {
  if (!template) return [];
  return getCompiledTemplate(template)
    .fields.map(({ field }) => field)
    .filter((field) => fieldTypeOf(field.type).customer)
    .map((field) => ({ id: field.name, name: localize(field.label, lang, field.name) }));
}

/** The publishable key and the two lines a shop's page needs. */
const EmbedSnippet = () => {
  const record = useRecordContext<StorefrontRecord>();
  const translate = useTranslate();
  if (!record?.publishable_key) return null;
  const template = record.offers[0]?.template_id ?? 'flyer';
  const snippet = `<script src="${location.origin}/storefront.js" defer></script>\n<kontor-calculator store="${record.publishable_key}" template="${template}" lang="de"></kontor-calculator>`;
  return (
    <Box sx={{ width: '100%', mb: 2 }}>
      <Typography variant="subtitle2">{translate('storefronts.embed.title')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('storefronts.embed.help')}
      </Typography>
      <Box
        component="pre"
        aria-label={translate('storefronts.embed.title')}
        sx={{ p: 1.5, bgcolor: 'grey.100', borderRadius: 1, overflowX: 'auto', fontSize: 13, whiteSpace: 'pre-wrap' }}
      >
        {snippet}
      </Box>
    </Box>
  );
};

export const StorefrontForm = () => {
  const translate = useTranslate();
  const record = useRecordContext<StorefrontRecord>();
  const [locale] = useLocaleState();
  const { data: templates = [] } = useTemplates('product');
  const templateChoices = templates.map((template) => ({ id: template.id, name: template.label }));
  return (
    <SimpleForm record={formValues(record)} sx={{ maxWidth: 900 }} warnWhenUnsavedChanges>
      <EmbedSnippet />
      <TextInput source="name" label="storefronts.fields.name" validate={nameRules} />
      <BooleanInput source="active" label="storefronts.fields.active" defaultValue />
      <TextInput
        source="origins_text"
        label="storefronts.fields.origins"
        helperText="storefronts.help.origins"
        multiline
        minRows={2}
        validate={regex(ORIGIN_LINES, 'storefronts.validation.origins')}
      />
      <TextInput
        source="colour"
        label="storefronts.fields.colour"
        type="color"
        defaultValue="#2e7d32"
        sx={{ width: 160 }}
      />
      <TextInput
        source="logo_url"
        label="storefronts.fields.logo_url"
        helperText="storefronts.help.logo_url"
        parse={(value: string) => (value === '' ? null : value)}
        validate={regex(/^https:\/\//, 'storefronts.validation.logo_url')}
      />
      <ReferenceInput source="contribution_project_id" reference="carbon-offset-projects">
        <SelectInput
          label="storefronts.fields.contribution_project_id"
          helperText="storefronts.help.contribution"
          optionText={(project: { name: Record<string, string> }) =>
            localize(project.name as never, locale as Language)
          }
          emptyText="storefronts.fields.noContribution"
          parse={(value: string) => (value === '' ? null : value)}
        />
      </ReferenceInput>
      <BooleanInput
        source="compute_in_page"
        label="storefronts.fields.compute_in_page"
        helperText="storefronts.help.compute_in_page"
        defaultValue
      />
      <Typography variant="subtitle1" sx={{ mt: 2 }}>
        {translate('storefronts.fields.offers')}
      </Typography>
      <ArrayInput source="offers" label={false}>
        <SimpleFormIterator inline={false} disableReordering>
          <SelectInput
            source="template_id"
            label="storefronts.fields.template"
            choices={templateChoices}
            validate={required()}
          />
          <FormDataConsumer<{ offers?: OfferValues[] }>>
            {({ scopedFormData }) => {
              const offer = scopedFormData as OfferValues | undefined;
              const template = templates.find((candidate) => candidate.id === offer?.template_id)?.definition;
              return (
                <CheckboxGroupInput
                  source="customer_fields"
                  label="storefronts.fields.customer_fields"
                  helperText="storefronts.help.customer_fields"
                  choices={customerChoices(template, locale as Language)}
                />
              );
            }}
          </FormDataConsumer>
          <TextInput
            source="fixed_text"
            label="storefronts.fields.fixed"
            helperText="storefronts.help.fixed"
            multiline
            minRows={2}
            validate={jsonObject}
          />
        </SimpleFormIterator>
      </ArrayInput>
    </SimpleForm>
  );
};
