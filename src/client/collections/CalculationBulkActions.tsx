/** The bulk actions collections and compare add to the calculations list (`<Datagrid bulkActionButtons>`). */
import { CompareSelectedButton } from '../compare/CompareSelectedButton';
import { AddToCollectionButton } from './AddToCollectionButton';
import { useCanWrite } from '../providers/useCanWrite';

export const CalculationBulkActions = () => {
  const writer = useCanWrite();
  return (
    <>
      <CompareSelectedButton />
      {writer ? <AddToCollectionButton /> : null}
    </>
  );
};
