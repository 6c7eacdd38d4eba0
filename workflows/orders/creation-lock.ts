// The order's creation and its workflow's first write meet on one PostgreSQL advisory lock.
//
// The assignment starts the order's workflow inside the transaction that inserts the order (api/orders/assign.ts),
// so the workflow's first write (activities.ts writeOrderChange) can run before that transaction commits and
// find no row. The creating transaction takes this lock right after its insert and holds it until it ends; a
// write that finds no row takes the same lock, which returns once the creation committed or rolled back, and
// reads again: the row is there, or the creation was undone and there is no order. No polling, no grace period
// (a retry every 100 ms and more, until 2 minutes had passed, before this lock).
import type { Knex } from 'knex';

/** Takes the creation lock of `orderNo` for the rest of the transaction (waits while another holds it). */
export async function orderCreationLock(trx: Knex.Transaction, orderNo: string): Promise<void> {
  await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`order-creation:${orderNo}`]);
}
