/**
 * A list filter over a fixed list of values (statuses, actions, kinds …): a select whose choices are labelled by the
 * locale keys `<prefix>.<value>` (`keyedChoices`). The filter's key is its source, as react-admin's filter list wants.
 * `alwaysOn` shows it in the filter bar from the start instead of behind "Add filter".
 */
import { SelectInput } from 'react-admin';
import { keyedChoices } from '../i18n/choices';

export const keyedFilter = (
  source: string,
  label: string,
  values: readonly string[],
  prefix: string,
  { alwaysOn }: { alwaysOn?: boolean } = {},
) => (
  <SelectInput key={source} source={source} label={label} choices={keyedChoices(values, prefix)} alwaysOn={alwaysOn} />
);
