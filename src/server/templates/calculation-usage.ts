/**
 * What the template and factor modules read of the calculations: the impact of a change (issue #34) and a template
 * version's usage. Both modules sit below calculations, so they declare what they need here and the calculations
 * module gives it when the plugins are registered (routes.ts passes `calculationUsage`, calculations/usage.ts).
 */
import type { Kysely } from 'kysely';
import type { SessionUser } from '../../core/api';
import type { CalculationInputs } from '../../core/template';
import type { DatabaseSchema } from '../db/schema';

/** One calculation as a usage check reads it. */
export interface UsageRow {
  id: number;
  template_id: string;
  template_version: number;
  database_id: number;
  inputs: CalculationInputs;
  /** Every factor key a stored result cited. */
  factorKeys: Set<string>;
}

export interface CalculationUsage {
  /**
   * Visits the caller's calculations of one template or on some factor databases, in id order one page at a time,
   * scoped by the one tenant rule.
   */
  scan(
    db: Kysely<DatabaseSchema>,
    user: SessionUser,
    where: { templateId?: string; databaseIds?: readonly number[] },
    visit: (row: UsageRow) => void,
  ): Promise<void>;
  /** Calculations per template version (`versionKey`), over every mandant (the editor's "usage"). */
  byVersion(db: Kysely<DatabaseSchema>, templateId?: string): Promise<Map<string, number>>;
}
