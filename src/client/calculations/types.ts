/** The calculation screens' records: the shared API types (src/core/api/), re-exported for the client folders. */
export type {
  CalculationListRecord,
  CalculationRecord,
  CalculationStatus,
  CalculationWrite,
  FactorRecord,
  TemplateRecord,
} from '../../core/api';
export { CALCULATION_STATUSES } from '../../core/api';
