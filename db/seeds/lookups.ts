// The Lookup master's starting values: every lookup group of spec/3 §4.1, filled from the vocabularies the
// spec names where it names them (shipment types and their categories, langsir types, STO filter, condition
// categories, service types, assign matrix types, transaction types for unlocking, sync statuses, transfer
// directions), and with the values a palm-oil logistics company in Indonesia works with where the spec is
// silent (SAP document types, customs documents of bonded zones, currencies...). CONVERSION_TYPE is not in
// the spec's list but Warehouse and MaterialConversion choose from it, so it is seeded too.
//
// Idempotent and safe beside another process seeding at the same time: one insert whose rows are skipped
// when their group already holds the code (ON CONFLICT DO NOTHING meets the unique group + code index).
// Values an administrator changed or deactivated are left as they are.
import type { Knex } from 'knex';

export interface LookupSeedValue {
  code: string;
  en: string;
  id: string;
  info1?: string;
  info2?: string;
}

export interface LookupSeedGroup {
  group: string;
  values: readonly LookupSeedValue[];
}

export const LOOKUP_SEED: readonly LookupSeedGroup[] = [
  {
    // Info1 is the shipment type category (spec: INDIVIDUAL, COLLECTIVE, RELATION).
    group: 'SHIPMENT_TYPE',
    values: [
      {
        code: 'INDIVIDUAL_TRUCK',
        en: 'Individual per truck',
        id: 'Individu per truk',
        info1: 'INDIVIDUAL',
      },
      {
        code: 'INDIVIDUAL_TRANSPORTER',
        en: 'Individual per transporter',
        id: 'Individu per transporter',
        info1: 'INDIVIDUAL',
      },
      { code: 'COLLECTIVE', en: 'Collective', id: 'Kolektif', info1: 'COLLECTIVE' },
      {
        code: 'RELATION',
        en: 'Relation (customer or vendor collects)',
        id: 'Relasi (diambil sendiri oleh pelanggan atau vendor)',
        info1: 'RELATION',
      },
    ],
  },
  {
    group: 'DISTRIBUTION',
    values: [
      { code: 'LOCAL', en: 'Local (domestic)', id: 'Lokal (domestik)' },
      { code: 'EXPORT', en: 'Export', id: 'Ekspor' },
    ],
  },
  {
    // SAP document types of the documents the ERP sends.
    group: 'DOCUMENT_TYPE',
    values: [
      { code: 'OR', en: 'Standard sales order', id: 'Order penjualan standar' },
      { code: 'NB', en: 'Standard purchase order', id: 'Order pembelian standar' },
      { code: 'UB', en: 'Stock transport order', id: 'Order pemindahan stok' },
      { code: 'LF', en: 'Outbound delivery', id: 'Pengiriman keluar' },
    ],
  },
  {
    // DESIGN §4: a transporter's quota counts orders or a share of the quantity.
    // The same codes as TransporterQuota's Quota_By and Period_Type, which the quota check computes with.
    group: 'TRANSPORTER_QUOTA_BY',
    values: [
      { code: 'ORDER_COUNT', en: 'Number of orders', id: 'Jumlah order' },
      { code: 'QUANTITY_SHARE', en: 'Share of quantity', id: 'Porsi kuantitas' },
    ],
  },
  {
    group: 'TRANSPORTER_QUOTA_PER',
    values: [
      { code: 'DAILY', en: 'Per day', id: 'Per hari' },
      { code: 'WEEKLY', en: 'Per week', id: 'Per minggu' },
      { code: 'MONTHLY', en: 'Per month', id: 'Per bulan' },
      { code: 'YEARLY', en: 'Per year', id: 'Per tahun' },
    ],
  },
  {
    // util/order_is_relation(incoterm, order_type): the code is the incoterm, Info1 the order type code for
    // which it means the customer or vendor moves the goods itself.
    group: 'RELATION_SETTING',
    values: [
      {
        code: 'EXW',
        en: 'Ex Works: the customer collects',
        id: 'Ex Works: pelanggan mengambil sendiri',
        info1: 'SO',
      },
      {
        code: 'FCA',
        en: 'Free Carrier: the customer collects',
        id: 'Free Carrier: pelanggan mengambil sendiri',
        info1: 'SO',
      },
      {
        code: 'LCO',
        en: 'Loco: the customer collects',
        id: 'Loco: pelanggan mengambil sendiri',
        info1: 'SO',
      },
      {
        code: 'FRC',
        en: 'Franco: the vendor delivers',
        id: 'Franco: vendor mengantar sendiri',
        info1: 'PO',
      },
      {
        code: 'DAP',
        en: 'Delivered at Place: the vendor delivers',
        id: 'Delivered at Place: vendor mengantar sendiri',
        info1: 'PO',
      },
    ],
  },
  {
    // Info1 Y: the reason needs the free-text "other reason" (spec/2, Lookup_Info1).
    group: 'ASSIGN_TRANSPORTER_REASON',
    values: [
      {
        code: 'TRUCK_NOT_AVAILABLE',
        en: 'The cheapest transporter has no truck available',
        id: 'Transporter termurah tidak memiliki truk tersedia',
      },
      { code: 'CUSTOMER_REQUEST', en: "Customer's request", id: 'Permintaan pelanggan' },
      { code: 'URGENT_DELIVERY', en: 'Urgent delivery', id: 'Pengiriman mendesak' },
      { code: 'SERVICE_LEVEL', en: 'Better service level', id: 'Tingkat layanan lebih baik' },
      { code: 'OTHERS', en: 'Other reason', id: 'Alasan lain', info1: 'Y' },
    ],
  },
  {
    // spec/3 §4.2: order types whose SAP order cannot be saved before a successful sync with SAP (codes DO,
    // SO: Info1 Y). PULL_INTERVAL_MINUTES is not an order type: its Info1 is the minutes between the scheduled
    // pulls of changed ERP documents (workflows/erp/settings.ts); deactivating it switches the pull off.
    group: 'SAP_SYNC_SETTING',
    values: [
      {
        code: 'DO',
        en: 'Delivery orders are synchronised with SAP before saving',
        id: 'Delivery order disinkronkan dengan SAP sebelum disimpan',
        info1: 'Y',
      },
      {
        code: 'SO',
        en: 'Sales orders are synchronised with SAP before saving',
        id: 'Sales order disinkronkan dengan SAP sebelum disimpan',
        info1: 'Y',
      },
      {
        code: 'PULL_INTERVAL_MINUTES',
        en: 'Minutes between pulls of changed documents from SAP',
        id: 'Menit antara pengambilan dokumen yang berubah dari SAP',
        info1: '15',
      },
    ],
  },
  {
    group: 'STO_TRANSFER_TYPE',
    values: [
      { code: 'IN', en: 'Transfer in', id: 'Transfer masuk' },
      { code: 'OUT', en: 'Transfer out', id: 'Transfer keluar' },
    ],
  },
  {
    group: 'CONDITION_CATEGORY',
    values: [
      { code: 'FREIGHT', en: 'Freight', id: 'Ongkos angkut' },
      { code: 'NON FREIGHT', en: 'Non freight', id: 'Bukan ongkos angkut' },
    ],
  },
  {
    // util/check_sap_order_type's default_model: the code names the field, Info1 its default value.
    group: 'TRANSFER_ORDER_DEFAULT',
    values: [
      {
        code: 'VENDOR',
        en: "Vendor of transfer orders (empty: the supplying plant's company)",
        id: 'Vendor transfer order (kosong: perusahaan plant pengirim)',
      },
      { code: 'INCOTERM', en: 'Incoterm of transfer orders', id: 'Incoterm transfer order', info1: 'FRC' },
      {
        code: 'DOCUMENT_TYPE',
        en: 'Document type of transfer orders',
        id: 'Tipe dokumen transfer order',
        info1: 'UB',
      },
    ],
  },
  {
    // Info1 Y marks the order as langsir (enables destination plant/factory); Info2 is the shipment type the
    // choice sets (spec/3 §4.2).
    group: 'LANGSIR_TYPE',
    values: [
      {
        code: 'DALAM_PABRIK',
        en: 'Shuttle within the plant',
        id: 'Langsir dalam plant',
        info1: 'Y',
        info2: 'COLLECTIVE',
      },
      {
        code: 'ANTAR_PABRIK',
        en: 'Shuttle between plants',
        id: 'Langsir antar plant',
        info1: 'Y',
        info2: 'INDIVIDUAL_TRUCK',
      },
    ],
  },
  {
    group: 'STO_FILTER_BY',
    values: [
      { code: 'PARTAI', en: 'By lot', id: 'Per partai' },
      { code: 'SHIPMENT', en: 'By shipment', id: 'Per pengiriman' },
      { code: 'WBREF', en: 'By weighbridge reference', id: 'Per referensi timbangan' },
    ],
  },
  {
    group: 'IPB_FILTER_BY',
    values: [
      { code: 'PO', en: 'By purchase order', id: 'Per purchase order' },
      { code: 'SHIPMENT', en: 'By shipment', id: 'Per pengiriman' },
      { code: 'WBREF', en: 'By weighbridge reference', id: 'Per referensi timbangan' },
    ],
  },
  {
    // The daily goods-receipt posting to SAP (ZGR): whether it runs, and the hour of its cut-off.
    group: 'ZGRDAILY',
    values: [
      {
        code: 'ACTIVE',
        en: 'Daily goods receipt posting is active',
        id: 'Posting penerimaan barang harian aktif',
        info1: 'Y',
      },
      {
        code: 'CUT_OFF_HOUR',
        en: 'Cut-off hour of the daily goods receipt',
        id: 'Jam batas penerimaan barang harian',
        info1: '23',
      },
    ],
  },
  {
    group: 'STO_TRANSACTION_TYPE',
    values: [
      {
        code: 'GI',
        en: 'Goods issue (movement 351)',
        id: 'Pengeluaran barang (pergerakan 351)',
        info1: '351',
      },
      {
        code: 'GR',
        en: 'Goods receipt (movement 101)',
        id: 'Penerimaan barang (pergerakan 101)',
        info1: '101',
      },
    ],
  },
  {
    group: 'CCY',
    values: [
      { code: 'IDR', en: 'Indonesian Rupiah', id: 'Rupiah Indonesia' },
      { code: 'USD', en: 'US Dollar', id: 'Dolar Amerika Serikat' },
      { code: 'SGD', en: 'Singapore Dollar', id: 'Dolar Singapura' },
      { code: 'MYR', en: 'Malaysian Ringgit', id: 'Ringgit Malaysia' },
      { code: 'EUR', en: 'Euro', id: 'Euro' },
    ],
  },
  {
    group: 'STO_TYPE',
    values: [
      { code: 'UB', en: 'Stock transfer within a company', id: 'Pemindahan stok dalam satu perusahaan' },
      { code: 'NB', en: 'Stock transfer between companies', id: 'Pemindahan stok antar perusahaan' },
    ],
  },
  {
    group: 'SPO_TYPE',
    values: [
      { code: 'PER_SHIPMENT', en: 'One SPO per shipment', id: 'Satu SPO per pengiriman' },
      { code: 'PER_ORDER', en: 'One SPO per order', id: 'Satu SPO per order' },
    ],
  },
  {
    group: 'SERVICE_TYPE',
    values: [
      { code: 'FREIGHT_COST', en: 'Freight Cost', id: 'Ongkos Angkut' },
      { code: 'FREIGHT_COST_ADJUSTMENT', en: 'Freight Cost Adjustment', id: 'Penyesuaian Ongkos Angkut' },
    ],
  },
  {
    group: 'CONTINUOUS',
    values: [
      { code: 'Y', en: 'Yes', id: 'Ya' },
      { code: 'N', en: 'No', id: 'Tidak' },
    ],
  },
  {
    group: 'ZGRDAILY_DATA',
    values: [
      { code: 'IPB', en: 'Inbound purchase bookings', id: 'Pemesanan pembelian masuk (IPB)' },
      { code: 'STO', en: 'Stock transfer orders', id: 'Order pemindahan stok (STO)' },
    ],
  },
  {
    // Customs documents of a bonded zone (Kawasan Berikat).
    group: 'KB',
    values: [
      { code: 'BC23', en: 'BC 2.3: import into a bonded zone', id: 'BC 2.3: impor ke kawasan berikat' },
      {
        code: 'BC25',
        en: 'BC 2.5: release from a bonded zone to the domestic market',
        id: 'BC 2.5: pengeluaran dari kawasan berikat ke tempat lain dalam daerah pabean',
      },
      {
        code: 'BC27',
        en: 'BC 2.7: transfer between bonded zones',
        id: 'BC 2.7: pemindahan antar kawasan berikat',
      },
      {
        code: 'BC40',
        en: 'BC 4.0: entry from the domestic market into a bonded zone',
        id: 'BC 4.0: pemasukan dari tempat lain dalam daerah pabean ke kawasan berikat',
      },
      {
        code: 'BC41',
        en: 'BC 4.1: return from a bonded zone to the domestic market',
        id: 'BC 4.1: pengeluaran kembali dari kawasan berikat ke tempat lain dalam daerah pabean',
      },
    ],
  },
  {
    group: 'FACILITY',
    values: [
      { code: 'KB', en: 'Bonded zone', id: 'Kawasan Berikat' },
      { code: 'PLB', en: 'Bonded logistics centre', id: 'Pusat Logistik Berikat' },
      { code: 'KITE', en: 'Import facility for export (KITE)', id: 'Kemudahan Impor Tujuan Ekspor (KITE)' },
      { code: 'NONE', en: 'No customs facility', id: 'Tanpa fasilitas kepabeanan' },
    ],
  },
  {
    // The transaction types of spec/3 §4.1 that Unlock Transaction can release.
    group: 'UNLOCK_TRANSACTION',
    values: [
      { code: 'ORDER', en: 'Order', id: 'Order' },
      { code: 'SHIPMENT', en: 'Shipment', id: 'Pengiriman' },
      { code: 'APPOINTMENT', en: 'Appointment', id: 'Janji temu' },
      { code: 'STO', en: 'Stock transfer order (STO)', id: 'Order pemindahan stok (STO)' },
      { code: 'SPO', en: 'Service purchase order (SPO)', id: 'Order pembelian jasa (SPO)' },
      { code: 'SPO ADJUSTMENT', en: 'SPO adjustment', id: 'Penyesuaian SPO' },
      { code: 'IPB', en: 'Inbound purchase booking (IPB)', id: 'Pemesanan pembelian masuk (IPB)' },
    ],
  },
  {
    // The sync statuses of spec/3 §4.1 an administrator may set with Change STO/SPO Status.
    group: 'CHANGE_STOSPO_STATUS',
    values: [
      { code: 'WAITING', en: 'Waiting', id: 'Menunggu' },
      { code: 'SUCCESS', en: 'Success', id: 'Berhasil' },
      { code: 'FAILED', en: 'Failed', id: 'Gagal' },
    ],
  },
  {
    group: 'FREIGHT_TRIP_TYPE',
    values: [
      { code: 'ONE_WAY', en: 'One way', id: 'Sekali jalan' },
      { code: 'ROUND_TRIP', en: 'Round trip', id: 'Pulang pergi' },
    ],
  },
  {
    // The assign matrix types (freight criteria) of spec/3 §4.1, as DESIGN §4 derives them.
    group: 'ASSIGN_TRANSPORTER_MATRIX',
    values: [
      {
        code: 'HIGHER',
        en: 'Total KG differs from the recommended KG',
        id: 'Total KG berbeda dari KG yang disarankan',
      },
      { code: 'LOWER', en: 'Cost excluded from approval', id: 'Biaya dikecualikan dari persetujuan' },
      { code: 'EXCEED', en: 'Transporter quota exceeded', id: 'Kuota transporter terlampaui' },
      {
        code: 'NOT_INCLUDE',
        en: 'Transporter not among the freight options',
        id: 'Transporter tidak termasuk dalam pilihan ongkos angkut',
      },
      {
        code: 'DIFFERENT_OA',
        en: 'Freight charged to another company',
        id: 'Ongkos angkut dibebankan ke perusahaan lain',
      },
      {
        code: 'DIFFERENT_NOT',
        en: "More trips than the system's number",
        id: 'Jumlah trip melebihi hitungan sistem',
      },
    ],
  },
  {
    // SAP material types.
    group: 'MATERIAL_TYPE',
    values: [
      { code: 'ROH', en: 'Raw material', id: 'Bahan baku' },
      { code: 'HALB', en: 'Semi-finished product', id: 'Barang setengah jadi' },
      { code: 'FERT', en: 'Finished product', id: 'Barang jadi' },
      { code: 'HAWA', en: 'Trading goods', id: 'Barang dagangan' },
    ],
  },
  {
    group: 'CONVERSION_TYPE',
    values: [
      { code: 'NET', en: 'Net weight', id: 'Berat bersih' },
      { code: 'GROSS', en: 'Gross weight', id: 'Berat kotor' },
      { code: 'DENSITY', en: 'Density (litres to KG)', id: 'Massa jenis (liter ke KG)' },
    ],
  },
];

/** Inserts the seed values a group does not hold yet. Returns how many rows were inserted. */
export async function seedLookups(knex: Knex): Promise<number> {
  const rows = LOOKUP_SEED.flatMap(({ group, values }) =>
    values.map((v, i) => ({
      lookup_group: group,
      lookup_code: v.code,
      lookup_text_en: v.en,
      lookup_text_id: v.id,
      lookup_info1: v.info1 ?? null,
      lookup_info2: v.info2 ?? null,
      sort_order: (i + 1) * 10,
      created_by: 'seed',
    })),
  );
  const inserted = (await knex('lookups').insert(rows).onConflict().ignore().returning('id')) as {
    id: number;
  }[];
  return inserted.length;
}
