/**
 * Deleting a field or an option asks first (issue #34), naming what uses it: in the template the conditions and
 * formulas, list columns, filters and import aliases that name it (they would point at nothing), and in the data the
 * calculations holding a value for the field or having chosen the option (counted by the server).
 */
import { List, ListItem, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { fieldUsage, type FieldRef, type FieldUsage, type Template } from '../../core/template';
import { ImpactConfirm } from '../layout/ImpactConfirm';
import { useKontorDataProvider } from '../providers/dataProvider';
import type { EditableTemplate } from './definitionEdits';

/** The template as the core functions read it: the parts a draft may still lack are empty. */
export const asTemplate = (definition: EditableTemplate): Template =>
  ({ groups: [], results: [], ...definition, list: { columns: [], ...definition.list } }) as unknown as Template;

/** Where a pointer of a usage lies, in words: the field whose condition or the result whose formula names it. */
function placeWords(definition: EditableTemplate, pointer: string, translate: (key: string, o?: object) => string) {
  const condition = /^\/groups\/(\d+)\/fields\/(\d+)\/visibleIf$/.exec(pointer);
  if (condition) {
    const field = definition.groups?.[Number(condition[1])]?.fields?.[Number(condition[2])];
    return translate('impact.use_condition', { name: field?.name ?? '' });
  }
  const formula = /^\/results\/(\d+)\/formula$/.exec(pointer);
  return translate('impact.use_formula', {
    name: formula ? (definition.results?.[Number(formula[1])]?.name ?? '') : '',
  });
}

export function usageWords(
  definition: EditableTemplate,
  usage: FieldUsage,
  translate: (key: string, o?: object) => string,
): string[] {
  return [
    ...usage.pointers.map((pointer) => placeWords(definition, pointer, translate)),
    ...(usage.listColumn ? [translate('impact.use_column')] : []),
    ...(usage.listFilter ? [translate('impact.use_filter')] : []),
    ...usage.aliases.map((alias) => translate('impact.use_alias', { name: alias })),
  ];
}

/** Conditions and formulas that compare with the option's value as a quoted text (`format == 'A4'`). */
function optionUsage(definition: EditableTemplate, value: string): FieldUsage {
  const quoted = new RegExp(`(['"])${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\1`);
  const pointers: string[] = [];
  (definition.groups ?? []).forEach((group, g) =>
    (group.fields ?? []).forEach((field, f) => {
      if (field.visibleIf && quoted.test(field.visibleIf)) pointers.push(`/groups/${g}/fields/${f}/visibleIf`);
    }),
  );
  (definition.results ?? []).forEach((result, r) => {
    if (result.formula && quoted.test(result.formula)) pointers.push(`/results/${r}/formula`);
  });
  return { pointers, listColumn: false, listFilter: false, aliases: [] };
}

interface Asked {
  /** Which entries of the impact are this removal's: the field dropped, or the option. */
  kind: { field: true } | { option: string };
  title: string;
  uses: string[];
  /** The definition as it would be after the removal: what the server compares with the saved version. */
  after: EditableTemplate;
  apply: () => void;
}

export function useRemovalConfirm(definition: EditableTemplate): {
  askField: (ref: FieldRef, after: EditableTemplate, apply: () => void) => void;
  askOption: (value: string, after: EditableTemplate, apply: () => void) => void;
  dialog: ReactNode;
} {
  const translate = useTranslate();
  const dataProvider = useKontorDataProvider();
  const [asked, setAsked] = useState<Asked | null>(null);
  const id = typeof definition.id === 'string' ? definition.id : '';
  return {
    askField: (ref, after, apply) =>
      setAsked({
        kind: { field: true },
        title: translate('impact.delete_field_title', { name: ref.name }),
        uses: usageWords(definition, fieldUsage(asTemplate(definition), ref), translate),
        after,
        apply,
      }),
    askOption: (value, after, apply) =>
      setAsked({
        kind: { option: value },
        title: translate('impact.delete_option_title', { name: value }),
        uses: usageWords(definition, optionUsage(definition, value), translate),
        after,
        apply,
      }),
    dialog: (
      <ImpactConfirm
        open={asked !== null}
        title={asked?.title ?? ''}
        confirmLabel={translate('impact.delete')}
        load={
          id && asked
            ? async () => {
                // The draft may hold other changes (a rename); the dialog names only what this removal drops.
                const impact = await dataProvider.templateImpact({ template_id: id, definition: asked.after });
                const { kind } = asked;
                return {
                  ...impact,
                  fields: 'field' in kind ? impact.fields.filter((field) => field.change === 'removed') : [],
                  options: 'option' in kind ? impact.options.filter((option) => option.key === kind.option) : [],
                };
              }
            : undefined
        }
        onClose={() => setAsked(null)}
        onConfirm={() => {
          asked?.apply();
          setAsked(null);
        }}
      >
        {asked && asked.uses.length > 0 ? (
          <div data-testid="removal-uses">
            <Typography variant="subtitle2">{translate('impact.template_uses')}</Typography>
            <List dense disablePadding>
              {asked.uses.map((use) => (
                <ListItem key={use} disableGutters sx={{ py: 0 }}>
                  {use}
                </ListItem>
              ))}
            </List>
            <Typography variant="body2" color="warning.main">
              {translate('impact.delete_breaks')}
            </Typography>
          </div>
        ) : null}
      </ImpactConfirm>
    ),
  };
}
