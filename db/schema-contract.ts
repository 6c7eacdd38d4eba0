// What runtime queries must know of the migrated schema: expressions spelled exactly as an index was built
// (or the planner cannot use the index), and the columns that indexes and triggers were built over. The
// migrations keep copies of their own, since a migration never changes after it shipped; runtime code reads
// them here, and test/api/schema-contract.test.ts checks each against the migrated database.

/**
 * The moment a user's inactivity is counted from (migration 014, users_activity_idx): the latest of the last
 * login (or the creation) and the reactivation.
 */
export const USER_ACTIVITY_SQL = 'greatest(coalesce(last_login_date, created_date), reactivated_date)';

/** The sap_orders columns whose contains filter goes through a gram index, tms_grams(<column>) (migration 012). */
export const SAP_ORDER_GRAM_COLUMNS = ['document_no'] as const;

/**
 * The sap_orders columns whose every value sap_order_values keeps (its statement triggers, migrations 008 and
 * 011), so their contains filter matches codes instead of reading orders.
 */
export const SAP_ORDER_VALUE_COLUMNS = ['company_code', 'plant', 'customer_vendor_code', 'incoterm'] as const;

/** The keys of sap_orders_filter_idx (migration 011): the codes whose values a search pins, in the index's order. */
export const SAP_ORDER_FILTER_INDEX_CODES = [
  'company_code',
  'plant',
  'customer_vendor_code',
  'incoterm',
] as const;
