import { DataTable, EmailField, ReferenceField, useTranslate } from 'react-admin';
import type { UserRecord } from '../../core/api';
import { LANGUAGE_NAMES } from '../../core/languages';
import { useCan } from '../providers/RoleGate';

type Person = Pick<UserRecord, 'role' | 'language'>;

/**
 * The columns a user and an invitation share, first in both lists: who (name, e-mail), as what (role, and the mandant
 * for those who see every mandant's) and in which language. An array of columns, so DataTable counts each one.
 */
export function usePersonColumns() {
  const translate = useTranslate();
  const allMandants = useCan('read_all', 'mandants');
  return [
    <DataTable.Col key="name" source="name" />,
    <DataTable.Col key="email" source="email" field={EmailField} />,
    <DataTable.Col<Person> key="role" source="role" render={(record) => translate(`app.roles.${record.role}`)} />,
    allMandants ? (
      <DataTable.Col key="mandant_id" source="mandant_id">
        <ReferenceField source="mandant_id" reference="mandants" link={false} emptyText="—" />
      </DataTable.Col>
    ) : null,
    <DataTable.Col<Person>
      key="language"
      source="language"
      render={(record) => LANGUAGE_NAMES[record.language] ?? ''}
    />,
  ];
}
