import { BooleanField, Create, DataTable, Edit, List, SearchInput, useTranslate } from 'react-admin';
import type { UnitRecord } from '../../core/api';
import { LANGUAGES } from '../../core/languages';
import { UnitForm, unitBody } from './UnitForm';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** The unit catalogue (provider admins): every word unit with its label in each language. */
export const UnitList = () => {
  const translate = useTranslate();
  return (
    <List filters={filters} sort={{ field: 'key', order: 'ASC' }} perPage={50} exporter={false}>
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="key" label="units.fields.key" />
        {LANGUAGES.map((lang) => (
          <DataTable.Col<UnitRecord>
            key={lang}
            label={lang.toUpperCase()}
            disableSort
            render={(record) =>
              record.singular ? `${record.singular[lang]} / ${record.label[lang]}` : record.label[lang]
            }
          />
        ))}
        <DataTable.Col source="builtin" label={translate('units.fields.builtin')} field={BooleanField} />
      </DataTable>
    </List>
  );
};

export const UnitCreate = () => (
  <Create redirect="list" mutationMode="pessimistic" transform={unitBody}>
    <UnitForm />
  </Create>
);

export const UnitEdit = () => (
  <Edit redirect="list" mutationMode="pessimistic" transform={unitBody}>
    <UnitForm />
  </Edit>
);
