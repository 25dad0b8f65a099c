/**
 * The factors of the calculation's database, loaded once per form: the factor selects list a category's entries from
 * here, and the live preview looks factor values up here (the server computes again with the same database).
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { FactorLookup } from '../../core/template';
import type { FactorRecord } from '../../core/api';
import { factorLookupOf } from '../../core/factor-lookup';
import { useDatabaseFactors } from './factorQueries';

export interface FactorsState {
  factors: FactorRecord[];
  isPending: boolean;
  lookup: FactorLookup;
}

const EMPTY: FactorsState = { factors: [], isPending: false, lookup: () => undefined };
const FactorsContext = createContext<FactorsState>(EMPTY);

export function useFactors(): FactorsState {
  return useContext(FactorsContext);
}

export const FactorsProvider = ({ databaseId, children }: { databaseId: number | undefined; children: ReactNode }) => {
  const { data, isPending } = useDatabaseFactors(databaseId);
  const value = useMemo<FactorsState>(() => {
    const factors = data ?? [];
    return { factors, isPending: databaseId !== undefined && isPending, lookup: factorLookupOf(factors) };
  }, [data, isPending, databaseId]);
  return <FactorsContext.Provider value={value}>{children}</FactorsContext.Provider>;
};
