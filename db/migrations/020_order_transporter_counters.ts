// A transporter's own order counts (issue 17 "the order list at a million orders": a transporter's tabs and its
// list's total were counted by a query over its orders, 0.2 to 4 s at 1,000,000 orders). They are kept as status
// counters (migration 002: deltas appended, folded on a schedule, read in memory until one is written) of entity
// ORDER_TRANSPORTER, one per transporter, status and answer, keyed `<transporter code>|<status>|<dispatch status>`.
// An order counts once for each transporter it is given to (its first and, for a collective order, every other:
// what api/orders/ownership.ts shows the transporter), whatever the number of its rows for that transporter:
//   - order_transporters rows added, removed or moved: the (order, transporter) pairs that appear or disappear
//     with the statement (statement triggers with their transition tables, so a statement writing several rows of
//     one transporter counts it once);
//   - an order's status or answer changes: each of its transporters moves from the old key to the new one;
//   - an order deleted: counted off before its rows go (BEFORE DELETE; the cascade then finds no order and adds
//     nothing).
// The key needs more than 60 characters (a code of 20, the longest status, the answer), so the counters' status
// columns widen to 100 (the views over them are made again around it).
import type { Knex } from 'knex';

const KEY = (code: string, status: string, dispatch: string) =>
  `${code} || '|' || ${status} || '|' || coalesce(${dispatch}, '')`;

async function recreateViews(knex: Knex, width: number): Promise<void> {
  await knex.raw('drop view status_counter_totals');
  await knex.raw(`alter table status_counters alter column status type varchar(${width})`);
  await knex.raw(`alter table status_counter_deltas alter column status type varchar(${width})`);
  await knex.raw(`
    create view status_counter_totals as
      select entity, status, sum(total)::bigint as total
        from (select entity, status, total from status_counters
              union all
              select entity, status, delta from status_counter_deltas) x
       group by entity, status`);
}

export async function up(knex: Knex): Promise<void> {
  await recreateViews(knex, 100);

  await knex.raw(`
    create function track_order_transporter_pairs() returns trigger
    language plpgsql as $$
    begin
      -- Pairs that were there before the statement and are gone after it: counted off under the order's key.
      if TG_OP in ('DELETE', 'UPDATE') then
        insert into status_counter_deltas (entity, status, delta)
          select 'ORDER_TRANSPORTER', ${KEY('p.transporter_code', 'o.status', 'o.dispatch_status')}, -1
            from (select distinct order_id, transporter_code from old_rows) p
            join orders o on o.id = p.order_id
           where not exists (select 1 from order_transporters t
                              where t.order_id = p.order_id and t.transporter_code = p.transporter_code);
      end if;
      -- Pairs there after the statement that were not before it: counted on.
      if TG_OP = 'INSERT' then
        insert into status_counter_deltas (entity, status, delta)
          select 'ORDER_TRANSPORTER', ${KEY('p.transporter_code', 'o.status', 'o.dispatch_status')}, 1
            from (select distinct order_id, transporter_code from new_rows) p
            join orders o on o.id = p.order_id
           where not exists (select 1 from order_transporters t
                              where t.order_id = p.order_id and t.transporter_code = p.transporter_code
                                and t.id not in (select id from new_rows));
      elsif TG_OP = 'UPDATE' then
        insert into status_counter_deltas (entity, status, delta)
          select 'ORDER_TRANSPORTER', ${KEY('p.transporter_code', 'o.status', 'o.dispatch_status')}, 1
            from (select distinct order_id, transporter_code from new_rows) p
            join orders o on o.id = p.order_id
           where not exists (select 1 from order_transporters t
                              where t.order_id = p.order_id and t.transporter_code = p.transporter_code
                                and t.id not in (select id from new_rows))
             and not exists (select 1 from old_rows r
                              where r.order_id = p.order_id and r.transporter_code = p.transporter_code);
      end if;
      return null;
    end $$;
  `);
  await knex.raw(`
    create trigger order_transporters_counters_ins after insert on order_transporters
      referencing new table as new_rows for each statement execute function track_order_transporter_pairs()`);
  await knex.raw(`
    create trigger order_transporters_counters_del after delete on order_transporters
      referencing old table as old_rows for each statement execute function track_order_transporter_pairs()`);
  await knex.raw(`
    create trigger order_transporters_counters_upd after update on order_transporters
      referencing old table as old_rows new table as new_rows
      for each statement execute function track_order_transporter_pairs()`);

  await knex.raw(`
    create function track_order_transporter_status() returns trigger
    language plpgsql as $$
    begin
      if TG_OP = 'DELETE' then
        insert into status_counter_deltas (entity, status, delta)
          select 'ORDER_TRANSPORTER', ${KEY('c.transporter_code', 'old.status', 'old.dispatch_status')}, -1
            from (select distinct transporter_code from order_transporters where order_id = old.id) c;
        return old;
      end if;
      if old.status is not distinct from new.status
         and old.dispatch_status is not distinct from new.dispatch_status then
        return null;
      end if;
      insert into status_counter_deltas (entity, status, delta)
        select 'ORDER_TRANSPORTER', ${KEY('c.transporter_code', 'old.status', 'old.dispatch_status')}, -1
          from (select distinct transporter_code from order_transporters where order_id = old.id) c
        union all
        select 'ORDER_TRANSPORTER', ${KEY('c.transporter_code', 'new.status', 'new.dispatch_status')}, 1
          from (select distinct transporter_code from order_transporters where order_id = new.id) c;
      return null;
    end $$;
  `);
  await knex.raw(`
    create trigger orders_transporter_counters after update of status, dispatch_status on orders
      for each row execute function track_order_transporter_status()`);
  await knex.raw(`
    create trigger orders_transporter_counters_del before delete on orders
      for each row execute function track_order_transporter_status()`);

  // The orders there now.
  await knex.raw(`
    insert into status_counter_deltas (entity, status, delta)
      select 'ORDER_TRANSPORTER', ${KEY('p.transporter_code', 'o.status', 'o.dispatch_status')}, count(*)
        from (select distinct order_id, transporter_code from order_transporters) p
        join orders o on o.id = p.order_id
       group by 2`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists orders_transporter_counters_del on orders');
  await knex.raw('drop trigger if exists orders_transporter_counters on orders');
  await knex.raw('drop trigger if exists order_transporters_counters_upd on order_transporters');
  await knex.raw('drop trigger if exists order_transporters_counters_del on order_transporters');
  await knex.raw('drop trigger if exists order_transporters_counters_ins on order_transporters');
  await knex.raw('drop function if exists track_order_transporter_status()');
  await knex.raw('drop function if exists track_order_transporter_pairs()');
  await knex.raw(`delete from status_counter_deltas where entity = 'ORDER_TRANSPORTER'`);
  await knex.raw(`delete from status_counters where entity = 'ORDER_TRANSPORTER'`);
  await recreateViews(knex, 60);
}
