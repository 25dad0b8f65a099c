-- 100,000 calculations cloned from the demo rows (with their mandants), ~1.2 tag rows each, and a migration's computed rows (bench_items)
\set ON_ERROR_STOP on
create temp table demo as select * from calculations;
insert into calculations (mandant_id, number, template_id, template_version, template_type, database_id, title, customer, tags, status, inputs, results, total_co2e, created_by, updated_by, created_at, updated_at, version, frozen, machine_set_id)
select d.mandant_id, 'B-' || g, d.template_id, d.template_version, d.template_type, d.database_id, d.title || ' ' || g, d.customer, '["messe"]', d.status, d.inputs, d.results, d.total_co2e + g, d.created_by, d.updated_by,
  to_char(timestamp '2025-01-01' + (g || ' minutes')::interval, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), d.updated_at, 1, false, d.machine_set_id
from generate_series(1, 100000) g join lateral (select * from demo order by id offset (g % 12) limit 1) d on true;
insert into calculation_tags (calculation_id, mandant_id, tag, created_at, total_co2e)
select id, mandant_id, 'messe', created_at, total_co2e from calculations where number like 'B-%' and id % 3 <> 0;
insert into calculation_tags (calculation_id, mandant_id, tag, created_at, total_co2e)
select id, mandant_id, 'print', created_at, total_co2e from calculations where number like 'B-%' and id % 2 = 0;
create table bench_items as select c.id as calculation_id, (select results from demo order by id offset ((c.id + 5) % 12) limit 1) as after_results, c.total_co2e * 1.1 as total_after, c.version as before_version
from calculations c where c.number like 'B-%';
alter table bench_items add primary key (calculation_id);
vacuum analyze;
