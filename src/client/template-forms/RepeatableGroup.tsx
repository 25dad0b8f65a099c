/**
 * A group the user can add n times (transport legs, trips): react-admin's ArrayInput and SimpleFormIterator over
 * `inputs.<group id>`, new items starting from the fields' defaults, add/remove limited by the group's min and max.
 */
import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/AddCircleOutline';
import { useWatch } from 'react-hook-form';
import { ArrayInput, SimpleFormIterator, useSimpleFormIterator, useTranslate } from 'react-admin';
import { localize } from '../../core/rules';
import { defaultItem, type Group, type Template } from '../../core/template';
import { groupSource } from './formPaths';
import { FIELD_GRID_SX, TemplateFieldInput } from './TemplateFieldInput';
import { useLanguage } from '../i18n/useLanguage';

const AddGroupItemButton = ({ template, group, label }: { template: Template; group: Group; label: string }) => {
  const { add } = useSimpleFormIterator();
  const translate = useTranslate();
  return (
    <Button startIcon={<AddIcon />} onClick={() => add(defaultItem(template, group.id))} size="small">
      {translate('template.add_item', { group: label })}
    </Button>
  );
};

export const RepeatableGroup = ({ template, group }: { template: Template; group: Group }) => {
  const lang = useLanguage();
  const translate = useTranslate();
  const source = groupSource(group.id);
  const items = useWatch({ name: source }) as unknown;
  const count = Array.isArray(items) ? items.length : 0;
  const label = localize(group.itemLabel ?? group.label, lang, group.id);
  return (
    <ArrayInput source={source} label={false} helperText={false}>
      <SimpleFormIterator
        inline
        fullWidth
        // An item's fields in the form's columns, inside the card instead of running past its edge (and under the remove button).
        sx={{ '& .RaSimpleFormIterator-form': { ...FIELD_GRID_SX, flex: 1, minWidth: 0 } }}
        disableReordering
        disableClear
        disableAdd={group.max !== undefined && count >= group.max}
        disableRemove={group.min !== undefined && count <= group.min}
        getItemLabel={(index: number) => translate('template.item_label', { group: label, number: index + 1 })}
        addButton={<AddGroupItemButton template={template} group={group} label={label} />}
      >
        {group.fields.map((field) => (
          <TemplateFieldInput key={field.name} field={field} source={field.name} />
        ))}
      </SimpleFormIterator>
    </ArrayInput>
  );
};
