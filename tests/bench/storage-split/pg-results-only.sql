-- C: run once in a COPY of the set-up database (create database … template …): moves results out, then times both UPDATEs.
-- \set ON_ERROR_STOP on
-- create table calculation_results (calculation_id integer primary key references calculations on delete cascade, results jsonb not null);
-- insert into calculation_results select id, results from calculations;
-- alter table calculations drop column results;
-- vacuum full calculations;
-- vacuum analyze;
\timing on
begin;
update calculations set database_id = calculations.database_id, total_co2e = i.total_after,
  version = calculations.version + 1, updated_at = '2026-11-26T12:00:00.000Z', updated_by = calculations.updated_by
from bench_items i where i.calculation_id = calculations.id and calculations.mandant_id = calculations.mandant_id and calculations.version = i.before_version and not calculations.frozen;
update calculation_results set results = i.after_results from bench_items i where i.calculation_id = calculation_results.calculation_id;
rollback;
