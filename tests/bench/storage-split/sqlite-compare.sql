-- A (today: the apply's UPDATE of the wide row) and D (the same UPDATE of the narrow state table), back to back, each rolled back.
pragma foreign_keys = on;
pragma cache_size = -2000;
.timer on
begin;
update calculations set database_id = calculations.database_id, results = i.after_results, total_co2e = i.total_after,
  version = calculations.version + 1, updated_at = '2026-11-26T12:00:00.000Z', updated_by = calculations.updated_by
from bench_items i where i.calculation_id = calculations.id and calculations.version = i.before_version and not calculations.frozen;
rollback;
begin;
update calculation_state set database_id = calculation_state.database_id, results = i.after_results, total_co2e = i.total_after,
  version = calculation_state.version + 1, updated_at = '2026-11-26T12:00:00.000Z', updated_by = calculation_state.updated_by
from bench_items i where i.calculation_id = calculation_state.calculation_id and calculation_state.version = i.before_version;
rollback;
