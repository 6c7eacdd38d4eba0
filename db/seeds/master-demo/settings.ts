// The settings the order and shipment flows read: order types (spec/3 §3 flags), SAP organisations, delivery
// terms, SAP conditions and services for freight postings, contract people, VAT, document numbering, dock
// schedules, who approves what, how long a transporter may take to answer, and what a proof of delivery and a
// dock appointment need.
import { WAREHOUSE_SPECS } from './sites';
import { pad, type SeedChildRow, type SeedRecord } from './types';

// spec/3 §4.1: codes IPB, STO, SPO, SO, PO, TO; IPB, STO and TO come as IN and OUT (Info1 is the transfer
// direction), SO and PO without one. DO is the delivery-order flavour of a sale: SAP_SYNC_SETTING (lookups)
// names it, and spec/2 and spec/3 speak of "delivery-order types" beside sales-order ones.
const F = false;
const T = true;
export const ORDER_TYPES: SeedRecord[] = (
  [
    // Code, Name, Customer, Vendor, GR, DO, SO, LN, PO, STO, Distribution, Info1
    ['IPB', 'IPB IN', F, T, T, F, F, F, T, F, F, 'IN'],
    ['IPB', 'IPB OUT', T, F, F, F, F, T, F, F, T, 'OUT'],
    ['STO', 'STO IN', F, F, T, F, F, F, F, T, F, 'IN'],
    ['STO', 'STO OUT', F, F, F, F, F, F, F, T, F, 'OUT'],
    ['TO', 'TO IN', F, F, T, F, F, F, F, F, F, 'IN'],
    ['TO', 'TO OUT', F, F, F, F, F, F, F, F, F, 'OUT'],
    ['SO', 'SO', T, F, F, F, T, F, F, F, T, null],
    ['DO', 'DO', T, F, F, T, F, F, F, F, T, null],
    ['PO', 'PO', F, T, T, F, F, F, T, F, F, null],
    ['SPO', 'SPO', F, T, F, F, F, F, T, F, F, null],
  ] as [string, string, ...boolean[], string | null][]
).map((r) => ({
  Code: r[0] as string,
  Name: r[1] as string,
  Use_Customer: r[2] as boolean,
  Use_Vendor: r[3] as boolean,
  Use_GR: r[4] as boolean,
  Use_DO: r[5] as boolean,
  Use_SO: r[6] as boolean,
  Use_LN: r[7] as boolean,
  Use_PO: r[8] as boolean,
  Use_STO: r[9] as boolean,
  Use_Distribution: r[10] as boolean,
  Info1: r[11] as string | null,
}));

export const SALES_ORGANIZATIONS: SeedRecord[] = [
  {
    Sales_Organization_Code: 'S100',
    Sales_Organization_Name: 'Penjualan PT Sawit Nusantara Agro',
    Company_Code: '1000',
  },
  {
    Sales_Organization_Code: 'S200',
    Sales_Organization_Name: 'Penjualan Domestik PT Nusantara Oleo Refinery',
    Company_Code: '2000',
  },
  {
    Sales_Organization_Code: 'S210',
    Sales_Organization_Name: 'Penjualan Ekspor PT Nusantara Oleo Refinery',
    Company_Code: '2000',
  },
  {
    Sales_Organization_Code: 'S300',
    Sales_Organization_Name: 'Penjualan PT Bukit Barisan Agro Lestari',
    Company_Code: '3000',
  },
];

export const PURCHASE_ORGANIZATIONS: SeedRecord[] = [
  {
    Purchase_Organization_Code: 'P000',
    Purchase_Organization_Name: 'Pengadaan Terpusat Grup',
    Company_Code: null,
  },
  {
    Purchase_Organization_Code: 'P100',
    Purchase_Organization_Name: 'Pembelian PT Sawit Nusantara Agro',
    Company_Code: '1000',
  },
  {
    Purchase_Organization_Code: 'P200',
    Purchase_Organization_Name: 'Pembelian PT Nusantara Oleo Refinery',
    Company_Code: '2000',
  },
  {
    Purchase_Organization_Code: 'P300',
    Purchase_Organization_Name: 'Pembelian PT Bukit Barisan Agro Lestari',
    Company_Code: '3000',
  },
];

export const PURCHASE_GROUPS: SeedRecord[] = [
  {
    Purchase_Group_Code: 'L01',
    Purchase_Group_Name: 'Jasa Angkutan & Logistik',
    Email: 'logistik@sawitnusantara.co.id',
    Phone: '(0761) 330 188 ext. 214',
  },
  {
    Purchase_Group_Code: 'T01',
    Purchase_Group_Name: 'Pembelian TBS',
    Email: 'tbs@sawitnusantara.co.id',
    Phone: '(0761) 330 188 ext. 231',
  },
  {
    Purchase_Group_Code: 'C01',
    Purchase_Group_Name: 'Pupuk & Bahan Kimia',
    Email: 'agrokimia@sawitnusantara.co.id',
    Phone: '(0761) 330 188 ext. 240',
  },
  {
    Purchase_Group_Code: 'B01',
    Purchase_Group_Name: 'BBM & Pelumas',
    Email: 'bbm@sawitnusantara.co.id',
    Phone: '(0761) 330 188 ext. 245',
  },
];

// Incoterms 2020 and the two local terms the palm-oil trade uses: Franco (seller delivers to the buyer's tank)
// and Loco (buyer collects at the mill). RELATION_SETTING (lookups) names EXW, FCA, LCO, FRC and DAP.
export const INCOTERMS: SeedRecord[] = [
  ['EXW', 'Ex Works'],
  ['FCA', 'Free Carrier'],
  ['CPT', 'Carriage Paid To'],
  ['DAP', 'Delivered at Place'],
  ['DDP', 'Delivered Duty Paid'],
  ['FOB', 'Free on Board'],
  ['CFR', 'Cost and Freight'],
  ['CIF', 'Cost, Insurance and Freight'],
  ['FRC', 'Franco (diserahkan di tangki pembeli)'],
  ['LCO', 'Loco (diambil pembeli di pabrik)'],
].map(([code, name]) => ({ Incoterm_Code: code!, Incoterm_Name: name! }));

export const INCOTERM_RULES: SeedRecord[] = [
  ['FOB-DUMAI', 'FOB Pelabuhan Dumai', 'EXPORT', 'FOB'],
  ['FOB-BELAWAN', 'FOB Pelabuhan Belawan', 'EXPORT', 'FOB'],
  ['FOB-TELUK-BAYUR', 'FOB Pelabuhan Teluk Bayur', 'EXPORT', 'FOB'],
  ['CIF-BUYER-PORT', 'CIF pelabuhan tujuan pembeli', 'EXPORT', 'CIF'],
  ['FRC-BUYER-TANK', 'Franco tangki timbun pembeli', 'LOCAL', 'FRC'],
  ['LCO-MILL', 'Loco pos timbang PKS', 'LOCAL', 'LCO'],
].map(([code, name, ln, incoterm]) => ({
  Incoterm_Rule_Code: code!,
  Incoterm_Rule_Name: name!,
  LN_Type: ln!,
  Incoterm_Code: incoterm!,
}));

export const CONDITION_TYPES: SeedRecord[] = [
  ['ZOA1', 'Ongkos angkut per KG', 'FREIGHT'],
  ['ZOA2', 'Ongkos angkut per ton', 'FREIGHT'],
  ['ZOA3', 'Ongkos angkut per trip', 'FREIGHT'],
  ['FRB1', 'Freight (value)', 'FREIGHT'],
  ['ZBM1', 'Biaya bongkar muat', 'NON FREIGHT'],
  ['ZSUS', 'Klaim susut (losses) angkutan', 'NON FREIGHT'],
].map(([code, name, category]) => ({
  Condition_Type_Code: code!,
  Condition_Type_Name: name!,
  Condition_Category: category!,
}));

export const SERVICES: SeedRecord[] = [
  ['SV-OA-KG', 'Jasa angkutan truk (per KG)', 'FREIGHT_COST', 'ZOA1', 'KG'],
  ['SV-OA-TON', 'Jasa angkutan truk (per ton)', 'FREIGHT_COST', 'ZOA2', 'TON'],
  ['SV-OA-TRIP', 'Jasa angkutan truk (per trip)', 'FREIGHT_COST', 'ZOA3', 'TRIP'],
  ['SV-OA-ADJ', 'Penyesuaian ongkos angkut', 'FREIGHT_COST_ADJUSTMENT', 'ZOA1', 'KG'],
  ['SV-OA-ADJ-TRIP', 'Penyesuaian ongkos angkut per trip', 'FREIGHT_COST_ADJUSTMENT', 'ZOA3', 'TRIP'],
].map(([code, name, type, condition, uom]) => ({
  Service_Code: code!,
  Service_Name: name!,
  Service_Type: type!,
  Condition_Type_Code: condition!,
  UOM: uom!,
}));

export const FRC_TERMS: SeedRecord[] = [
  {
    FRC_Term_Code: 'FRC-TANK',
    FRC_Term_Name: 'Franco tangki pembeli, susut ditanggung penjual',
    Description:
      'Harga termasuk ongkos angkut sampai tangki timbun pembeli; susut di atas 0,25% ditanggung penjual.',
  },
  {
    FRC_Term_Code: 'FRC-GDG',
    FRC_Term_Name: 'Franco gudang pembeli',
    Description: 'Harga termasuk ongkos angkut dan bongkar sampai gudang pembeli.',
  },
  {
    FRC_Term_Code: 'FRC-PORT',
    FRC_Term_Name: 'Franco pelabuhan muat',
    Description: 'Penjual mengantar sampai dermaga pelabuhan muat; biaya muat kapal ditanggung pembeli.',
  },
];

export const QUANTITY_TERMS: SeedRecord[] = [
  ['QT-LOAD', 'Timbangan muat (PKS), toleransi 0,25%', 'LOADING', 0.25],
  ['QT-DEST', 'Timbangan bongkar (pembeli), toleransi 0,25%', 'DESTINATION', 0.25],
  ['QT-DEST05', 'Timbangan bongkar, toleransi 0,5% (jarak jauh)', 'DESTINATION', 0.5],
  ['QT-FFB', 'Timbangan PKS untuk TBS, tanpa toleransi', 'DESTINATION', 0],
].map(([code, name, weighbridge, tolerance]) => ({
  Quantity_Term_Code: code as string,
  Quantity_Term_Name: name as string,
  Weighbridge_Type: weighbridge as string,
  Tolerance_Percent: tolerance as number,
}));

export const PIC_CONTRACTS: SeedRecord[] = [
  [
    'PIC-1000-01',
    'Ir. Hasan Basri',
    'Logistics Manager',
    'hasan.basri@sawitnusantara.co.id',
    '0811-7510-221',
    '1000',
  ],
  [
    'PIC-1000-02',
    'Maya Anggraini',
    'Transport Contract Officer',
    'maya.anggraini@sawitnusantara.co.id',
    '0812-6890-314',
    '1000',
  ],
  [
    'PIC-2000-01',
    'Teguh Wibisono',
    'Supply Chain Manager',
    'teguh.wibisono@nusantaraoleo.co.id',
    '0813-6544-102',
    '2000',
  ],
  [
    'PIC-3000-01',
    'Nofri Yandi',
    'Kepala Logistik',
    'nofri.yandi@bukitbarisanagro.co.id',
    '0812-6611-807',
    '3000',
  ],
  [
    'PIC-GRP-01',
    'Lestari Wulandari',
    'Head of Group Procurement',
    'lestari.w@sawitnusantara.co.id',
    '0811-7620-550',
    null,
  ],
].map(([code, name, position, email, phone, company]) => ({
  PIC_Contract_Code: code!,
  PIC_Name: name!,
  Position: position!,
  Email: email!,
  Phone: phone!,
  Company_Code: company ?? null,
}));

// PPN: 10% until March 2022, 11% from April 2022 (UU HPP), and from 2025 12% on a base of 11/12 of the price
// (PMK 131/2024), which is 11% of the price for everything but luxury goods.
export const VAT_REGULATIONS: SeedRecord[] = [
  { VAT_Code: 'PPN10', VAT_Name: 'PPN 10%', VAT_Rate: 10, Valid_From: '2010-01-01', Valid_To: '2022-03-31' },
  {
    VAT_Code: 'PPN11',
    VAT_Name: 'PPN 11% (UU HPP)',
    VAT_Rate: 11,
    Valid_From: '2022-04-01',
    Valid_To: '2024-12-31',
  },
  {
    VAT_Code: 'PPN12-DPP',
    VAT_Name: 'PPN 12% x DPP 11/12 (efektif 11%, PMK 131/2024)',
    VAT_Rate: 11,
    Valid_From: '2025-01-01',
    Valid_To: null,
  },
];

// Document numbers never restart: the prefix carries no period, so a yearly reset would repeat numbers.
export const RUNNING_NUMBERS: SeedRecord[] = [
  ['ORDER', 'ORD', 7],
  ['SHIPMENT', 'SHP', 7],
  ['SAP_ORDER', 'MSO', 7],
  ['APPOINTMENT', 'APT', 7],
  ['STO', 'STO', 7],
  ['SPO', 'SPO', 7],
  ['SPO_ADJUSTMENT', 'ADJ', 6],
  ['IPB', 'IPB', 7],
].map(([code, prefix, padding]) => ({
  Running_Number_Code: code as string,
  Prefix: prefix as string,
  Next_Number: 1,
  Padding: padding as number,
  Reset_Period: 'NEVER',
}));

const DAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
const DAY_NAMES_ID: Record<(typeof DAYS)[number], string> = {
  MONDAY: 'Senin',
  TUESDAY: 'Selasa',
  WEDNESDAY: 'Rabu',
  THURSDAY: 'Kamis',
  FRIDAY: 'Jumat',
  SATURDAY: 'Sabtu',
  SUNDAY: 'Minggu',
};

/**
 * Hourly slots of one warehouse's day. Weekdays run 07-17 with the 12-13 lunch break, Fridays also pause
 * 11-13 for Friday prayer, Saturdays end at noon, Sundays (mills and bulking only) take a few trucks in the
 * morning, and refineries and bulking stations unload again 19-22. A slot takes two trucks per dock in the
 * busy morning hours and one per dock otherwise.
 */
function slots(docks: number, day: (typeof DAYS)[number], evening: boolean): SeedChildRow[] {
  const hours: number[] = [];
  if (day === 'SUNDAY') hours.push(8, 9, 10, 11);
  else if (day === 'SATURDAY') hours.push(7, 8, 9, 10, 11);
  else {
    hours.push(7, 8, 9, 10, 13, 14, 15, 16);
    if (day !== 'FRIDAY') hours.push(11);
    if (evening) hours.push(19, 20, 21);
  }
  return hours
    .sort((a, b) => a - b)
    .map((h) => ({
      Hour_Start: h,
      Hour_End: h + 1,
      Capacity_Truck: day === 'SUNDAY' ? 1 : h >= 8 && h < 11 ? docks * 2 : docks,
    }));
}

export const APPOINTMENT_MATRICES: SeedRecord[] = WAREHOUSE_SPECS.flatMap((w) => {
  const docks = Math.max(1, w.docks.filter(([, , type]) => type !== 'STORAGE').length);
  return DAYS.filter((d) => d !== 'SUNDAY' || w.sunday).map((day) => ({
    Appointment_Matrix_Code: `${w.code}-${day.slice(0, 3)}`,
    Warehouse_Code: w.code,
    Day_Of_Week: day,
    Description: `Jadwal bongkar muat hari ${DAY_NAMES_ID[day]}`,
    Slots: slots(docks, day, !!w.evening),
  }));
});

/**
 * Approvers by demo account (db/seeds/demo.ts DEMO_USERS): the logistic staff and their supervisor decide first
 * (either of them; nobody approves their own request, so what 'logistic' asks the supervisor approves), the
 * administrator second. For company 2000 a third logistic account shares level 1. The seed leaves out an account
 * that does not exist or is inactive, and a matrix left with no approver.
 */
const TWO_LEVELS = [
  { Username: 'logistic', Level: 1 },
  { Username: 'supervisor', Level: 1 },
  { Username: 'admin', Level: 2 },
];
const TWO_LEVELS_SHARED = [
  { Username: 'logistic', Level: 1 },
  { Username: 'supervisor', Level: 1 },
  { Username: 'newstaff', Level: 1 },
  { Username: 'admin', Level: 2 },
];

type Matrix = [
  company: string,
  orderType: string,
  info1: string,
  description: string,
  scope?: { segment?: string; purchaseOrg?: string; documentType?: string; distribution?: string },
];

const MATRICES: Matrix[] = [
  ['1000', 'SO', 'HIGHER', 'Total KG berbeda dari rekomendasi sistem'],
  ['1000', 'SO', 'DIFFERENT_NOT', 'Jumlah trip melebihi hitungan sistem'],
  ['1000', 'SO', 'EXCEED', 'Kuota transporter terlampaui'],
  ['1000', 'SO', 'NOT_INCLUDE', 'Transporter di luar pilihan ongkos angkut'],
  [
    '1000',
    'SO',
    'HIGHER',
    'CPO ekspor: total KG berbeda dari rekomendasi',
    { segment: 'CPO', documentType: 'OR', distribution: 'EXPORT' },
  ],
  ['1000', 'STO OUT', 'HIGHER', 'STO: total KG berbeda dari rekomendasi'],
  ['1000', 'STO OUT', 'DIFFERENT_OA', 'STO: ongkos angkut dibebankan ke perusahaan lain'],
  [
    '1000',
    'PO',
    'HIGHER',
    'Pembelian: total KG berbeda dari rekomendasi',
    { purchaseOrg: 'P100', documentType: 'NB' },
  ],
  ['1000', 'IPB IN', 'EXCEED', 'TBS: kuota transporter terlampaui'],
  ['1000', 'TO OUT', 'DIFFERENT_NOT', 'Langsir: jumlah trip melebihi hitungan sistem'],
  ['2000', 'SO', 'HIGHER', 'Total KG berbeda dari rekomendasi sistem'],
  ['2000', 'SO', 'DIFFERENT_NOT', 'Jumlah trip melebihi hitungan sistem'],
  ['2000', 'SO', 'DIFFERENT_OA', 'Ongkos angkut dibebankan ke perusahaan lain'],
  ['2000', 'STO IN', 'HIGHER', 'STO masuk: total KG berbeda dari rekomendasi'],
  ['2000', 'IPB OUT', 'HIGHER', 'Ekspor: total KG berbeda dari rekomendasi', { distribution: 'EXPORT' }],
  ['3000', 'SO', 'HIGHER', 'Total KG berbeda dari rekomendasi sistem'],
  ['3000', 'SO', 'EXCEED', 'Kuota transporter terlampaui'],
  ['3000', 'SO', 'LOWER', 'Biaya dikecualikan dari persetujuan: tetap dicatat'],
  ['3000', 'STO OUT', 'HIGHER', 'STO: total KG berbeda dari rekomendasi'],
];

/**
 * Who approves a SAP order typed in the console (Info1 SAP_ORDER, workflows/approvals): for companies 1000 and 3000
 * the logistic staff (or their supervisor) first and the administrator second; for company 2000 any of its three
 * logistic accounts, one level. One matrix per company and order type, since a matrix names its order type.
 */
const SAP_ORDER_APPROVERS: Record<string, readonly SeedChildRow[]> = {
  '1000': TWO_LEVELS,
  '2000': [
    { Username: 'logistic', Level: 1 },
    { Username: 'supervisor', Level: 1 },
    { Username: 'newstaff', Level: 1 },
  ],
  '3000': TWO_LEVELS,
};
const SAP_ORDER_MATRICES: Matrix[] = Object.keys(SAP_ORDER_APPROVERS).flatMap((company) =>
  ORDER_TYPES.map((t): Matrix => {
    const name = t.Name as string;
    return [company, name, 'SAP_ORDER', `Persetujuan SAP order manual/transfer ${name}`];
  }),
);

export const APPROVAL_MATRICES: SeedRecord[] = [...MATRICES, ...SAP_ORDER_MATRICES].map(
  ([company, orderType, info1, description, scope], i, all) => ({
    Approval_Matrix_Code: `APV-${company}-${pad(all.slice(0, i + 1).filter((m) => m[0] === company).length, 2)}`,
    Company_Code: company,
    Business_Segment_Code: scope?.segment ?? null,
    Order_Type: orderType,
    Purchase_Organization_Code: scope?.purchaseOrg ?? null,
    Document_Type: scope?.documentType ?? null,
    Distribution: scope?.distribution ?? null,
    Info1: info1,
    Description: description,
    Approvers:
      info1 === 'SAP_ORDER'
        ? (SAP_ORDER_APPROVERS[company] ?? TWO_LEVELS)
        : company === '2000'
          ? TWO_LEVELS_SHARED
          : TWO_LEVELS,
  }),
);

export const AUTO_REJECT_SETTINGS: SeedRecord[] = [
  ['AR-1000', '1000', null, null, 24, 'Batas jawab transporter standar'],
  ['AR-2000', '2000', null, null, 24, 'Batas jawab transporter standar'],
  ['AR-3000', '3000', null, null, 12, 'Sumatera Barat: armada sedikit, jawaban cepat'],
  ['AR-1000-STO-OUT', '1000', 'STO OUT', null, 48, 'Pemindahan antar unit: lebih longgar'],
  ['AR-2000-TRP008', '2000', null, 'TRP008', 6, 'Transporter bulking Belawan: antrian kapal'],
].map(([code, company, orderType, transporter, hours, description]) => ({
  Auto_Reject_Setting_Code: code as string,
  Company_Code: company as string,
  Order_Type: orderType as string | null,
  Transporter_Code: transporter as string | null,
  Auto_Reject_Hours: hours as number,
  Description: description as string,
}));

export const POD_REQUIREMENTS: SeedRecord[] = [
  [
    'POD-SJ',
    'Surat jalan ditandatangani & dicap penerima',
    null,
    true,
    'Asli surat jalan kembali ke kantor logistik dalam 7 hari.',
  ],
  [
    'POD-WB',
    'Tiket timbang tujuan',
    null,
    true,
    'Tiket timbangan (bruto, tara, netto) dari jembatan timbang penerima.',
  ],
  [
    'POD-SEAL',
    'Berita acara segel tangki utuh',
    'SO',
    true,
    'Nomor segel pada surat jalan sama dengan segel saat tiba.',
  ],
  [
    'POD-COA',
    'Certificate of Analysis (FFA, M&I, DOBI)',
    'SO',
    false,
    'Hasil uji mutu laboratorium penerima bila diminta pembeli.',
  ],
  [
    'POD-BAST',
    'Berita acara serah terima antar unit',
    'STO OUT',
    true,
    'Ditandatangani kepala gudang pengirim dan penerima.',
  ],
  [
    'POD-GRN',
    'Goods receipt / LPB dari gudang penerima',
    'PO',
    true,
    'Laporan penerimaan barang dari gudang penerima.',
  ],
].map(([code, name, orderType, mandatory, description]) => ({
  POD_Requirement_Code: code as string,
  POD_Requirement_Name: name as string,
  Order_Type: orderType as string | null,
  Is_Mandatory: mandatory as boolean,
  Description: description as string,
}));

export const APPOINTMENT_REQUIREMENTS: SeedRecord[] = [
  ['APR-SIM', 'SIM B1/B2 Umum masih berlaku', null, true, 'Sopir membawa SIM asli sesuai golongan truk.'],
  [
    'APR-STNK-KIR',
    'STNK dan buku/kartu KIR masih berlaku',
    null,
    true,
    'Diperiksa di pos satpam sebelum masuk antrian.',
  ],
  [
    'APR-APD',
    'APD lengkap: helm, sepatu safety, rompi',
    null,
    true,
    'Sopir dan kernet wajib memakai APD di area pabrik.',
  ],
  [
    'APR-TANK-CLEAN',
    'Sertifikat kebersihan tangki (food grade)',
    'WH-2101-OLN',
    true,
    'Tangki dicuci dan diperiksa QC sebelum muat olein.',
  ],
  [
    'APR-SEAL',
    'Segel tangki dari pengirim',
    'WH-2102-BLK',
    true,
    'Truk tangki tiba dengan segel utuh sesuai surat jalan.',
  ],
  [
    'APR-APAR',
    'APAR (alat pemadam) di truk tangki BBM',
    'WH-1102-CPO',
    true,
    'Wajib untuk pembongkaran solar.',
  ],
].map(([code, name, warehouse, mandatory, description]) => ({
  Appointment_Requirement_Code: code as string,
  Appointment_Requirement_Name: name as string,
  Warehouse_Code: warehouse as string | null,
  Is_Mandatory: mandatory as boolean,
  Description: description as string,
}));

/** A valid IMO number: six digits and their check digit (weights 7..2, last digit of the sum). */
function imo(six: string): string {
  const sum = [...six].reduce((s, d, i) => s + Number(d) * (7 - i), 0);
  return `${six}${sum % 10}`;
}

export const VESSELS: SeedRecord[] = [
  ['MT-NUSANTARA-PALM', 'MT Nusantara Palm', '941267', 'Indonesia', 12500],
  ['MT-SAWIT-JAYA', 'MT Sawit Jaya', '930415', 'Indonesia', 8000],
  ['MT-ANDALAS-STAR', 'MT Andalas Star', '921883', 'Indonesia', 6500],
  ['MT-GOLDEN-OLEIN', 'MT Golden Olein', '958102', 'Singapore', 19800],
  ['MT-STRAIT-PIONEER', 'MT Strait Pioneer', '947736', 'Malaysia', 9600],
].map(([code, name, six, flag, capacity]) => ({
  Vessel_Code: code as string,
  Vessel_Name: name as string,
  IMO_No: imo(six as string),
  Flag: flag as string,
  Capacity_Ton: capacity as number,
}));
