-- D: a narrow state table (set-up once, below), then the apply's UPDATE against it alone.
create table calculation_state as select id as calculation_id, mandant_id, created_at, results, total_co2e, database_id, template_version, version, updated_at, updated_by
from calculations;
alter table calculation_state add primary key (calculation_id);
create index calculation_state_total_idx on calculation_state (mandant_id, total_co2e);
create index calculation_state_updated_idx on calculation_state (mandant_id, updated_at);
create index calculation_state_stats_idx on calculation_state (mandant_id, created_at, total_co2e);
vacuum analyze calculation_state;
\timing on
begin;
update calculation_state set database_id = calculation_state.database_id, results = i.after_results, total_co2e = i.total_after,
  version = calculation_state.version + 1, updated_at = '2026-11-26T12:00:00.000Z', updated_by = calculation_state.updated_by
from bench_items i where i.calculation_id = calculation_state.calculation_id and calculation_state.version = i.before_version;
rollback;
