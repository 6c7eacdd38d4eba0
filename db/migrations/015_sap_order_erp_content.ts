// What SAP last sent of a document from SAP, as a fingerprint (sap_orders.erp_content_hash, written by the ERP
// import, api/erp/import.ts). SAP's change stamp alone cannot order every change: a delivery keeps only the day of
// its last change, and two changes may share a second. When a document comes again with the stamp already
// stored, the import compares fingerprints instead, in the statements it runs for the batch anyway. Rows stored
// before have none, so their next equal-stamp copy is written once.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table sap_orders add column erp_content_hash text');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table sap_orders drop column if exists erp_content_hash');
}
