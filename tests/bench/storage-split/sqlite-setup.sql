-- 100,000 calculations cloned from the demo rows (with their mandants), ~1.2 tag rows each, and a migration's computed rows (bench_items)
pragma foreign_keys = on;
create temp table demo as select * from calculations;
with recursive g(n) as (select 1 union all select n + 1 from g where n < 100000)
insert into calculations (mandant_id, number, template_id, template_version, template_type, database_id, title, customer, tags, status, inputs, results, total_co2e, created_by, updated_by, created_at, updated_at, version, frozen, machine_set_id)
select d.mandant_id, 'B-' || n, d.template_id, d.template_version, d.template_type, d.database_id, d.title || ' ' || n, d.customer, '["messe"]', d.status, d.inputs, d.results, d.total_co2e + n, d.created_by, d.updated_by,
  strftime('%Y-%m-%dT%H:%M:%S.000Z', '2025-01-01', '+' || n || ' minutes'), d.updated_at, 1, 0, d.machine_set_id
from g join demo d on d.rowid = 1 + (n % (select count(*) from demo));
insert into calculation_tags (calculation_id, mandant_id, tag, created_at, total_co2e)
select id, mandant_id, 'messe', created_at, total_co2e from calculations where number like 'B-%' and id % 3 <> 0;
insert into calculation_tags (calculation_id, mandant_id, tag, created_at, total_co2e)
select id, mandant_id, 'print', created_at, total_co2e from calculations where number like 'B-%' and id % 2 = 0;
create table bench_items (calculation_id integer primary key, after_results text, total_after real, before_version integer);
insert into bench_items select c.id, (select results from demo d where d.rowid = 1 + ((c.id + 5) % (select count(*) from demo))), c.total_co2e * 1.1, c.version from calculations c where c.number like 'B-%';
analyze;

-- D's narrow state table (see sqlite-compare.sql): everything a migration rewrites, and only the indexes that read it.
create table calculation_state (calculation_id integer primary key references calculations on delete cascade, mandant_id integer not null, created_at text not null, results text not null, total_co2e real not null, database_id integer not null, template_version integer not null, version integer not null, updated_at text not null, updated_by integer);
insert into calculation_state select id, mandant_id, created_at, results, total_co2e, database_id, template_version, version, updated_at, updated_by from calculations;
create index calculation_state_total_idx on calculation_state (mandant_id, total_co2e);
create index calculation_state_updated_idx on calculation_state (mandant_id, updated_at);
create index calculation_state_stats_idx on calculation_state (mandant_id, created_at, total_co2e);
analyze;
