pragma foreign_keys = on;
pragma cache_size = -2000;
.timer on
begin;
update calculations set database_id = calculations.database_id, results = i.after_results, total_co2e = i.total_after,
  version = calculations.version + 1, updated_at = '2026-11-26T12:00:00.000Z', updated_by = calculations.updated_by
from bench_items i where i.calculation_id = calculations.id and calculations.version = i.before_version and not calculations.frozen;
rollback;
