#!/bin/sh
# `sh bench/partitioning.sh` (issue 18, decision 0015): on a scratch PostgreSQL database, the same
# 2,000,000 access-log-shaped lines (one big company: 1,000,000 over 120 days; 50 others: 20,000
# each) in a plain table as today and in a table partitioned by month on `at`; then
#  - reads: the newest page and page 1,000 (keyset) of the big company, pgbench 10 s, 4 clients;
#  - planning time of the page on each;
#  - retention: everything older than 90 days removed — today's batched DELETE (5,000 a batch, as
#    access_logs_purge) against DETACH PARTITION + DROP TABLE of the whole months past it;
#  - WAL written and the table's size afterwards.
# Run as a superuser (postgres); the database is dropped at the end.
set -eu
BASE=${BENCH_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
DB=vigie_part_$(date +%s)
psql "$BASE" -qc "create database $DB"
URL=$(echo "$BASE" | sed "s#/[^/]*\$#/$DB#")
trap 'psql "$BASE" -qc "drop database if exists $DB with (force)"' EXIT
BIG=aaaaaaaa-0000-4000-8000-000000000000
psql "$URL" -q <<SQL
create table logs_plain (company_id uuid not null, id bigint generated always as identity, at timestamptz not null,
  person_name text not null, status text not null, site_id uuid, point_name text not null,
  primary key (company_id, id));
create table logs_part (company_id uuid not null, id bigint generated always as identity, at timestamptz not null,
  person_name text not null, status text not null, site_id uuid, point_name text not null,
  primary key (company_id, id, at)) partition by range (at);
do \$\$ declare m date; begin
  for m in select generate_series(date_trunc('month', now() - interval '130 days'), date_trunc('month', now() + interval '1 month'), interval '1 month')::date loop
    execute format('create table logs_part_%s partition of logs_part for values from (%L) to (%L)',
                   to_char(m, 'YYYYMM'), m, (m + interval '1 month')::date);
  end loop; end \$\$;
create temp table src as
  select case when i % 2 = 0 then '$BIG'::uuid
              else ('bbbbbbbb-0000-4000-8000-' || lpad((i % 100 / 2)::text, 12, '0'))::uuid end as company_id,
         now() - (i * interval '5.18 seconds') as at, 'Personne ' || (i % 2000) as person_name,
         case when i % 10 = 0 then 'Refusé' else 'Autorisé' end as status, gen_random_uuid() as site_id,
         'Porte ' || (i % 200) as point_name
    from generate_series(1, 2000000) i;
insert into logs_plain (company_id, at, person_name, status, site_id, point_name) select * from src;
insert into logs_part (company_id, at, person_name, status, site_id, point_name) select * from src;
create index on logs_plain (company_id, at, id);
create index on logs_plain (at);
create index on logs_part (company_id, at, id);
create index on logs_part (at);
vacuum analyze logs_plain;
vacuum analyze logs_part;
SQL
echo "partitions:"; psql "$URL" -Atc "select relname from pg_class where relname like 'logs_part_%' and relkind = 'r' order by 1" | tr '\n' ' '; echo
for T in logs_plain logs_part; do
  CUR=$(psql "$URL" -Atc "select at || ',' || id from $T where company_id = '$BIG' order by at desc, id desc offset 49949 limit 1")
  AT=${CUR%,*}; ID=${CUR#*,}
  echo "select * from $T where company_id = '$BIG' order by at desc, id desc limit 51;" > /tmp/part-p1.sql
  echo "select * from $T where company_id = '$BIG' and (at, id) < ('$AT', $ID) order by at desc, id desc limit 51;" > /tmp/part-p1000.sql
  for P in p1 p1000; do
    R=$(pgbench -n -T 10 -c 4 -j 2 -M prepared -f /tmp/part-$P.sql "$URL" 2>/dev/null | grep -E 'latency average|^tps' | tr '\n' ' ')
    echo "$T $P: $R"
  done
  PLAN=$(psql "$URL" -Atc "explain (analyze, summary) select * from $T where company_id = '$BIG' order by at desc, id desc limit 51" | grep -E 'Planning|Execution' | tr '\n' ' ')
  echo "$T newest page: $PLAN"
done
psql "$URL" -q <<SQL
\timing on
select pg_size_pretty(pg_total_relation_size('logs_plain')) as plain_before, pg_current_wal_lsn() as lsn \gset
\echo plain table before purge: :plain_before
-- Today's purge: batches of 5,000 until nothing is older than 90 days.
do \$\$ declare n int; begin loop
  with doomed as (select company_id, id from logs_plain where at < now() - interval '90 days' limit 5000)
  delete from logs_plain l using doomed d where l.company_id = d.company_id and l.id = d.id;
  get diagnostics n = row_count; commit; exit when n < 5000; end loop; end \$\$;
select pg_size_pretty(pg_wal_lsn_diff(pg_current_wal_lsn(), :'lsn')) as wal, pg_size_pretty(pg_total_relation_size('logs_plain')) as after \gset
\echo batched delete: WAL :wal, table size after :after (the space is reused, not returned)
select pg_current_wal_lsn() as lsn \gset
SQL
# Partitioned: every month entirely older than the cutoff is detached and dropped; the month that
# straddles it still needs a DELETE of its older rows (or is kept until it is entirely past).
OLD=$(psql "$URL" -Atc "select string_agg(c.relname, ' ') from pg_inherits i join pg_class c on c.oid = i.inhrelid
  where i.inhparent = 'logs_part'::regclass and (regexp_match(pg_get_expr(c.relpartbound, c.oid), 'TO \(''([^'']+)''\)'))[1]::timestamptz <= now() - interval '90 days'")
LSN=$(psql "$URL" -Atc "select pg_current_wal_lsn()")
S=$(date +%s%N)
for P in $OLD; do
  psql "$URL" -qc "alter table logs_part detach partition $P concurrently"
  psql "$URL" -qc "drop table $P"
done
E=$(date +%s%N)
echo "detach concurrently + drop of [$OLD]: $(( (E - S) / 1000000 )) ms, WAL $(psql "$URL" -Atc "select pg_size_pretty(pg_wal_lsn_diff(pg_current_wal_lsn(), '$LSN'))")"
S=$(date +%s%N)
psql "$URL" -qc "do \$\$ declare n int; begin loop
  with doomed as (select company_id, id, at from logs_part where at < now() - interval '90 days' limit 5000)
  delete from logs_part l using doomed d where l.company_id = d.company_id and l.id = d.id and l.at = d.at;
  get diagnostics n = row_count; commit; exit when n < 5000; end loop; end \$\$"
E=$(date +%s%N)
echo "then the straddling month's older rows by batched DELETE: $(( (E - S) / 1000000 )) ms"
psql "$URL" -Atc "select 'rows left: plain ' || (select count(*) from logs_plain) || ', partitioned ' || (select count(*) from logs_part)"
