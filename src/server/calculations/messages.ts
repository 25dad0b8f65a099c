/** The calculation API's own error messages: `errors.calculations.*` in locales/<lang>.json, worded at the error boundary. */
import type { FactorDatabaseRecord } from '../../core/api';
import type { CalculationError } from '../../core/formula';
import type { MachineSetRef } from '../../core/production';
import { databaseLabel } from '../../core/protocol/describe';
import type { ErrorKey, ErrorMessage, ErrorParams } from '../../core/i18n/error-keys';

type CalculationMessageKey = ErrorKey extends infer K
  ? K extends `errors.calculations.${infer N}`
    ? N
    : never
  : never;

export const calculationMessage = (key: CalculationMessageKey, params?: ErrorParams): ErrorMessage => ({
  key: `errors.calculations.${key}`,
  ...(params && { params }),
});

/** Why a formula could not be computed; a factor the database lacks is named with the database. */
export function calculationFailure(
  problem: CalculationError,
  database: FactorDatabaseRecord,
  machineSet?: MachineSetRef,
): ErrorMessage {
  if (problem.code === 'unknown_factor' && problem.factor !== undefined) {
    return calculationMessage('factorMissing', {
      factor: problem.factor,
      database: databaseLabel(database.name, database.version_label),
    });
  }
  if (problem.code === 'no_production_data') return calculationMessage('noMachineSet');
  const set = machineSet ? databaseLabel(machineSet.name, machineSet.version_label) : '';
  if (problem.code === 'unknown_machine' && problem.machine !== undefined)
    return calculationMessage('machineMissing', { machine: problem.machine, set });
  if (problem.code === 'unknown_figure') return calculationMessage('figureMissing', { set, reason: problem.message });
  return calculationMessage('calculationFailed', { reason: problem.message });
}
