/** The bulk actions collections and compare add to the calculations list (`<Datagrid bulkActionButtons>`). */
import { CompareSelectedButton } from '../compare/CompareSelectedButton';
import { AddToCollectionButton } from './AddToCollectionButton';
import { useCan } from '../providers/RoleGate';

export const CalculationBulkActions = () => {
  const writer = useCan('update', 'collections');
  return (
    <>
      <CompareSelectedButton />
      {writer ? <AddToCollectionButton /> : null}
    </>
  );
};
