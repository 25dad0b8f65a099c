/** The collection form: name, description, tags and the calculations in it. */
import {
  AutocompleteArrayInput,
  ReferenceArrayInput,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import type { CalculationListRecord } from '../../core/api';
import { CALCULATION_LIST_ROWS } from '../providers/listRows';
import { TagsInput } from '../field-types/TagsInput';
import { CollectionWrite } from '../../core/api';
import { contractRules } from '../providers/contractRules';

const nameRules = contractRules(CollectionWrite, 'name', { required: true });
const descriptionRules = contractRules(CollectionWrite, 'description');

export const calculationOptionText = (record: CalculationListRecord) => `${record.number} · ${record.title}`;

/** `alwaysEnableSave`: a duplicate is worth saving as it is, before any change. */
export const CollectionForm = ({
  defaultValues,
  alwaysEnableSave = false,
}: {
  defaultValues?: Partial<RaRecord>;
  alwaysEnableSave?: boolean;
}) => {
  const translate = useTranslate();
  const toolbar = alwaysEnableSave ? (
    <Toolbar>
      <SaveButton alwaysEnable />
    </Toolbar>
  ) : undefined;
  return (
    <SimpleForm defaultValues={defaultValues} toolbar={toolbar} sx={{ maxWidth: 720 }} warnWhenUnsavedChanges>
      <TextInput source="name" label="collections.fields.name" validate={nameRules} fullWidth />
      <TextInput
        source="description"
        label="collections.fields.description"
        validate={descriptionRules}
        multiline
        minRows={2}
        fullWidth
      />
      <TagsInput
        source="tags"
        label={translate('collections.fields.tags')}
        helperText={translate('collections.help.tags')}
      />
      <ReferenceArrayInput
        source="calculation_ids"
        reference="calculations"
        perPage={50}
        sort={{ field: 'updated_at', order: 'DESC' }}
        queryOptions={{ meta: CALCULATION_LIST_ROWS }}
      >
        <AutocompleteArrayInput
          label="collections.fields.calculations"
          optionText={calculationOptionText}
          fullWidth
          helperText="collections.help.calculations"
        />
      </ReferenceArrayInput>
    </SimpleForm>
  );
};
