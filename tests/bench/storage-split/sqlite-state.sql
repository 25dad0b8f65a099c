-- D on SQLite: the narrow state table (set-up once), then the apply's UPDATE against it alone.
create table calculation_state (calculation_id integer primary key references calculations on delete cascade, mandant_id integer not null, created_at text not null, results text not null, total_co2e real not null, database_id integer not null, template_version integer not null, version integer not null, updated_at text not null, updated_by integer);
insert into calculation_state select id, mandant_id, created_at, results, total_co2e, database_id, template_version, version, updated_at, updated_by from calculations;
create index calculation_state_total_idx on calculation_state (mandant_id, total_co2e);
create index calculation_state_updated_idx on calculation_state (mandant_id, updated_at);
create index calculation_state_stats_idx on calculation_state (mandant_id, created_at, total_co2e);
analyze;
pragma foreign_keys = on;
pragma cache_size = -2000;
.timer on
begin;
update calculation_state set database_id = calculation_state.database_id, results = i.after_results, total_co2e = i.total_after,
  version = calculation_state.version + 1, updated_at = '2026-11-26T12:00:00.000Z', updated_by = calculation_state.updated_by
from bench_items i where i.calculation_id = calculation_state.calculation_id and calculation_state.version = i.before_version;
rollback;
