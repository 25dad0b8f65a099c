/** Table or cards for the collections list, kept like every view preference in react-admin's store (localStorage). */
import { useStore } from 'react-admin';

export type CollectionView = 'table' | 'cards';
const COLLECTION_VIEW_STORE_KEY = 'collections.view';

export function useCollectionView(): [CollectionView, (view: CollectionView) => void] {
  const [stored, setStored] = useStore<CollectionView>(COLLECTION_VIEW_STORE_KEY, 'table');
  return [stored === 'cards' ? 'cards' : 'table', setStored];
}
