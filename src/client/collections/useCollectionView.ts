/** Table or cards for the collections list, remembered in the client state (`compilations.viewMode`, localStorage). */
import { useClientValue } from '../shell/persistence/useClientState';

export type CollectionView = 'table' | 'cards';
export const COLLECTION_VIEW_KEY = 'viewMode';

export function useCollectionView(): [CollectionView, (view: CollectionView) => void] {
  const [stored, setStored] = useClientValue<string>('compilations', COLLECTION_VIEW_KEY, 'table');
  return [stored === 'cards' ? 'cards' : 'table', setStored];
}
