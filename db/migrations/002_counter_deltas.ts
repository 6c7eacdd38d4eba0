// Dashboard counters without lock contention.
//
// 001 made each status change upsert the counter rows of its old and new status. Those row locks are held
// until commit, so two transactions moving different documents between the same statuses in opposite
// directions took them in opposite orders and PostgreSQL aborted one as a deadlock. Now a change only
// appends delta rows (inserts never wait for one another); a figure is the folded total plus the deltas not
// folded yet (views status_counter_totals / daily_completion_totals), and fold_counter_deltas() moves the
// deltas into the totals in one transaction, so any snapshot sees each change exactly once. The worker runs
// the fold on a schedule (workflows/maintenance), which keeps the unfolded part small.
//
// A shipment's stage is also corrected here: COMPLETED and CANCELLED are final and win over a progress
// sub-status left on the row, so a cancelled shipment no longer counts as, say, APPOINTMENT CREATED.
import type { Knex } from 'knex';
import { BUSINESS_TIME_ZONE } from './001_platform';

const SHIPMENT_STAGE_SQL = `case when status in ('COMPLETED', 'CANCELLED') then status
                                 else coalesce(progress_status, status) end`;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('status_counter_deltas', (t) => {
    t.bigIncrements('id');
    t.string('entity', 20).notNullable();
    t.string('status', 60).notNullable();
    t.integer('delta').notNullable();
  });
  await knex.schema.createTable('daily_completion_deltas', (t) => {
    t.bigIncrements('id');
    t.string('entity', 20).notNullable();
    t.date('day').notNullable();
    t.integer('delta').notNullable();
  });

  await knex.raw(`
    create or replace function bump_status_counter(p_entity text, p_status text, p_delta int) returns void
    language plpgsql as $$
    begin
      if p_status is null then return; end if;
      insert into status_counter_deltas (entity, status, delta) values (p_entity, p_status, p_delta);
    end $$;
  `);
  await knex.raw(`
    create or replace function bump_daily_completion(p_entity text, p_at timestamptz, p_delta int) returns void
    language plpgsql as $$
    begin
      if p_at is null then return; end if;
      insert into daily_completion_deltas (entity, day, delta)
        values (p_entity, (p_at at time zone '${BUSINESS_TIME_ZONE}')::date, p_delta);
    end $$;
  `);
  await knex.raw(`
    -- A document is counted by its status; a shipment by its stage: a final status (COMPLETED, CANCELLED)
    -- as it is, otherwise the progress sub-status when it has one, else its status.
    -- Rows are read through jsonb so one function serves tables with different columns.
    create or replace function track_document_counters() returns trigger
    language plpgsql as $$
    declare
      v_entity text := TG_ARGV[0];
      v_old jsonb;
      v_new jsonb;
      v_old_key text;
      v_new_key text;
      v_old_done timestamptz;
      v_new_done timestamptz;
    begin
      if TG_OP in ('UPDATE', 'DELETE') then
        v_old := to_jsonb(OLD);
        v_old_key := case when v_old->>'status' in ('COMPLETED', 'CANCELLED') then v_old->>'status'
                          else coalesce(v_old->>'progress_status', v_old->>'status') end;
        if v_old->>'status' = 'COMPLETED' then v_old_done := (v_old->>'completed_date')::timestamptz; end if;
      end if;
      if TG_OP in ('UPDATE', 'INSERT') then
        v_new := to_jsonb(NEW);
        v_new_key := case when v_new->>'status' in ('COMPLETED', 'CANCELLED') then v_new->>'status'
                          else coalesce(v_new->>'progress_status', v_new->>'status') end;
        if v_new->>'status' = 'COMPLETED' then v_new_done := (v_new->>'completed_date')::timestamptz; end if;
      end if;
      if v_old_key is distinct from v_new_key then
        perform bump_status_counter(v_entity, v_old_key, -1);
        perform bump_status_counter(v_entity, v_new_key, 1);
      end if;
      if v_old_done is distinct from v_new_done then
        perform bump_daily_completion(v_entity, v_old_done, -1);
        perform bump_daily_completion(v_entity, v_new_done, 1);
      end if;
      return null;
    end $$;
  `);
  await knex.raw(`
    -- Moves every delta into the totals. Folds are serialised by an advisory lock, and the totals are
    -- written in key order, so a fold never deadlocks; writers only insert deltas and never wait for it.
    create function fold_counter_deltas() returns integer
    language plpgsql as $$
    declare
      v_moved integer := 0;
      v_days integer := 0;
    begin
      perform pg_advisory_xact_lock(hashtext('fold_counter_deltas'));
      with moved as (delete from status_counter_deltas returning entity, status, delta),
           summed as (select entity, status, sum(delta) as delta, count(*) as n from moved group by entity, status),
           written as (
             insert into status_counters (entity, status, total)
               select entity, status, delta from summed order by entity, status
               on conflict (entity, status) do update set total = status_counters.total + excluded.total
               returning 1)
      select coalesce(sum(n), 0) into v_moved from summed;
      with moved as (delete from daily_completion_deltas returning entity, day, delta),
           summed as (select entity, day, sum(delta) as delta, count(*) as n from moved group by entity, day),
           written as (
             insert into daily_completions (entity, day, total)
               select entity, day, delta from summed order by entity, day
               on conflict (entity, day) do update set total = daily_completions.total + excluded.total
               returning 1)
      select coalesce(sum(n), 0) into v_days from summed;
      return v_moved + v_days;
    end $$;
  `);
  await knex.raw(`
    create view status_counter_totals as
      select entity, status, sum(total)::bigint as total
        from (select entity, status, total from status_counters
              union all
              select entity, status, delta from status_counter_deltas) x
       group by entity, status`);
  await knex.raw(`
    create view daily_completion_totals as
      select entity, day, sum(total)::bigint as total
        from (select entity, day, total from daily_completions
              union all
              select entity, day, delta from daily_completion_deltas) x
       group by entity, day`);

  // Shipments counted under a stale progress sub-status by 001 are recounted with the corrected stage.
  await knex.raw(`delete from status_counters where entity = 'SHIPMENT'`);
  await knex.raw(`
    insert into status_counters (entity, status, total)
      select 'SHIPMENT', stage, count(*) from (select ${SHIPMENT_STAGE_SQL} as stage from shipments) s group by stage`);
}

/** Back to 001's upserting counters. The corrected shipment stage is kept: it fixes wrong figures. */
export async function down(knex: Knex): Promise<void> {
  await knex.raw('select fold_counter_deltas()');
  await knex.raw('drop view if exists daily_completion_totals');
  await knex.raw('drop view if exists status_counter_totals');
  await knex.raw('drop function if exists fold_counter_deltas()');
  await knex.raw(`
    create or replace function bump_status_counter(p_entity text, p_status text, p_delta int) returns void
    language plpgsql as $$
    begin
      if p_status is null then return; end if;
      insert into status_counters (entity, status, total) values (p_entity, p_status, p_delta)
        on conflict (entity, status) do update set total = status_counters.total + excluded.total;
    end $$;
  `);
  await knex.raw(`
    create or replace function bump_daily_completion(p_entity text, p_at timestamptz, p_delta int) returns void
    language plpgsql as $$
    begin
      if p_at is null then return; end if;
      insert into daily_completions (entity, day, total)
        values (p_entity, (p_at at time zone '${BUSINESS_TIME_ZONE}')::date, p_delta)
        on conflict (entity, day) do update set total = daily_completions.total + excluded.total;
    end $$;
  `);
  await knex.schema.dropTable('daily_completion_deltas');
  await knex.schema.dropTable('status_counter_deltas');
}
