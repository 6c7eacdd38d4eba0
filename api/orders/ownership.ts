// Whose orders a user may see and touch (DESIGN §5: transporters, relations and drivers only ever see their own
// rows, enforced in the queries). Internal staff and administrators see every order. A transporter sees the orders
// given to its company: the order's (first) transporter, or one of a collective order's transporters. A relation
// (a customer or vendor account) sees the relation orders, those it collects itself: an order of its documents
// given to a transporter stays the company's and the transporter's business (its freight cost). Drivers see no
// order (their shipments come in a later issue), and an outside account without a code sees nothing, rather than
// everything.
//
// An order is a transporter's or relation's only once it was put to it: it has its answer (Dispatch_Status
// WAITING, then ACCEPTED, REJECTED or AUTO REJECTED). While the company's approvers decide whether it goes to that
// transporter at all (WAITING FOR ASSIGN TO TRANSPORTER APPROVAL), or after they refused it, it has none and is
// the company's alone (issue 27). An edit waiting for approval (WAITING FOR ORDER APPROVAL) keeps the answer the
// transporter gave: the order stays its own.
//
// Every order endpoint restricts its query with ownOrders, so another party's order is simply not found (404):
// the answer does not even say it exists.
import type { Knex } from 'knex';
import type { Db } from '../../db/connection';
import { NotFoundError } from '../errors';
import { isInternal, type AuthUser } from '../services/session';

export type OrderParty =
  | { kind: 'internal' }
  | { kind: 'transporter'; code: string }
  | { kind: 'relation'; code: string }
  | { kind: 'none' };

/** The user as a party of orders. */
export function orderParty(user: AuthUser): OrderParty {
  if (isInternal(user)) return { kind: 'internal' };
  if (user.role === 'TRANSPORTER' && user.transporter_code) {
    return { kind: 'transporter', code: user.transporter_code };
  }
  if ((user.role === 'CUSTOMER' || user.role === 'VENDOR') && user.customer_vendor_code) {
    return { kind: 'relation', code: user.customer_vendor_code };
  }
  return { kind: 'none' };
}

/** Restricts a query on `orders as <alias>` to the orders the user may see. */
export function ownOrders(qb: Knex.QueryBuilder, user: AuthUser, alias = 'o'): Knex.QueryBuilder {
  const party = orderParty(user);
  switch (party.kind) {
    case 'internal':
      return qb;
    case 'transporter':
      // order_transporters holds every transporter of an order, the first included (the assignment and edit
      // assign write them all), so one semi-join on its (transporter_code, order_id) index finds them. The row's
      // own transporter_code OR an EXISTS made PostgreSQL scan every order to count a transporter's tabs
      // (bench:orders-list: 585 ms at 200,000 orders; 24 ms this way).
      return qb
        .whereIn(
          `${alias}.id`,
          qb.client
            .queryBuilder()
            .select('own_t.order_id')
            .from('order_transporters as own_t')
            .where('own_t.transporter_code', party.code),
        )
        .whereNotNull(`${alias}.dispatch_status`);
    case 'relation':
      // Only the orders it collects itself: an order given to a transporter carries the company's freight cost
      // and its transporter's terms, which are not the customer's or vendor's to read.
      return qb.where((w) => {
        void w
          .where(`${alias}.is_relation`, true)
          .whereNotNull(`${alias}.dispatch_status`)
          .where(
            (r) =>
              void r
                .where(`${alias}.transporter_code`, party.code)
                .orWhere(`${alias}.customer_vendor_code`, party.code),
          );
      });
    case 'none':
      return qb.whereRaw('false');
  }
}

/** The transporter codes of an order whose answer the user gives as its own (accept/reject), or none. */
export function actsAsTransporter(
  user: AuthUser,
  order: { Transporter_Code: string | null; is_relation: boolean },
): boolean {
  const party = orderParty(user);
  if (!order.Transporter_Code) return false;
  if (party.kind === 'transporter') return party.code === order.Transporter_Code;
  // A relation answers for the orders it collects itself, not for those given to a transporter.
  if (party.kind === 'relation') return order.is_relation && party.code === order.Transporter_Code;
  return false;
}

/** orders.id of an order the user may see, by id; NotFoundError otherwise. */
export async function ownOrderId(db: Db | Knex.Transaction, user: AuthUser, id: number): Promise<number> {
  const row = (await ownOrders(db('orders as o').where('o.id', id), user).first('o.id')) as
    { id: number } | undefined;
  if (!row) throw new NotFoundError();
  return row.id;
}
