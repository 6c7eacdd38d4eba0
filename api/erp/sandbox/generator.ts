// The sandbox ERP's documents: what the SAP system of the master demo's palm-oil group would hold over the year
// before the demo's BASE_DATE and a few weeks after it, so "Filter from SAP", "Sync" and the ERP pull have real
// work with no SAP at all.
//
// Deterministic: one seeded PRNG walked in a fixed order, dates as offsets from BASE_DATE, numbers counted per
// range, so the same options give the same documents on every machine (a test proves it). Every code comes from
// the master demo (db/seeds/master-demo/*, lookups DISTRIBUTION and DOCUMENT_TYPE) and every document moves on
// one of the priced DEMO_LANES, so freight options exist for what the Filter screen finds (a test checks both).
//
// What is made (shares of the documents; 12,000 by default, any count on request):
//   SO 20 %, DO 24 %    CPO and kernel from the mills, olein from the refineries, to the demo customers
//   PO 12 %             fertiliser and diesel into stores and mills, FFB from outgrowers, intercompany CPO
//   IPB IN 9 %          FFB bookings from the cooperatives and the dealer into the mills
//   IPB OUT 5 %         export lots (FOB) from the bulking stations and the refinery to the ports
//   STO OUT 10 %, STO IN 8 %   CPO and kernel from mills to refineries and bulking, fertiliser to estates
//   TO IN 9 %, TO OUT 3 %      FFB from own estates into the mills, fertiliser from the store to the estates
// Numbers follow SAP's ranges: SO 0010xxxxxx, DO (outbound delivery) 0080xxxxxx, IPB OUT (sales contract)
// 0040xxxxxx, PO 4500xxxxxx, IPB IN (purchase contract) 4600xxxxxx, STO 4900xxxxxx, TO 4910xxxxxx, counted
// upwards in date order as SAP's number ranges are. Quantities are in the material's base unit (KG, BAG, L) or
// in TON / KL, the units the master's conversions know (SAP's "MT" is TON there).
import type { Knex } from 'knex';
import { documentMaterials, documentNumbers } from '../filter';
import type { ErpDocument, ErpLine } from '../types';
import { CUSTOMERS, VENDORS } from '../../../db/seeds/master-demo/partners';
import { LOCATIONS, PLANTS } from '../../../db/seeds/master-demo/sites';
import { addDays, BASE_DATE, pad } from '../../../db/seeds/master-demo/types';

export const SANDBOX_ORDER_TYPES = [
  'SO',
  'DO',
  'PO',
  'IPB IN',
  'IPB OUT',
  'STO OUT',
  'STO IN',
  'TO IN',
  'TO OUT',
] as const;
export type SandboxOrderType = (typeof SANDBOX_ORDER_TYPES)[number];

const TYPE_SHARES: Record<SandboxOrderType, number> = {
  SO: 20,
  DO: 24,
  PO: 12,
  'IPB IN': 9,
  'IPB OUT': 5,
  'STO OUT': 10,
  'STO IN': 8,
  'TO IN': 9,
  'TO OUT': 3,
};

/** The SAP number range of each type: a 4-digit prefix and a 6-digit counter. */
const NUMBER_RANGES: Record<SandboxOrderType, string> = {
  SO: '0010',
  DO: '0080',
  'IPB OUT': '0040',
  PO: '4500',
  'IPB IN': '4600',
  'STO OUT': '4900',
  'STO IN': '4900',
  'TO IN': '4910',
  'TO OUT': '4910',
};
/** Counters start here, so numbers look like those of a system in use for a while. */
const FIRST_NUMBER = 10_001;

/**
 * Goods-receipt types (order_types.Use_GR): seen from the receiving plant (the document's Plant is where the
 * goods arrive), and their unloading place is the Filter screen's "discharge port".
 */
const RECEIPT_TYPES = new Set<SandboxOrderType>(['PO', 'IPB IN', 'STO IN', 'TO IN']);
const SD_TYPES = new Set<SandboxOrderType>(['SO', 'DO', 'IPB OUT']);
const TRANSFER_TYPES = new Set<SandboxOrderType>(['STO OUT', 'STO IN', 'TO IN', 'TO OUT']);

/** order_types.Info1: the transfer direction of the type. */
function transferTypeOf(type: SandboxOrderType): string | null {
  if (type.endsWith(' IN')) return 'IN';
  if (type.endsWith(' OUT')) return 'OUT';
  return null;
}

/** Lookup DOCUMENT_TYPE: OR sales order, LF outbound delivery, NB purchase order, UB stock transport order. */
function documentTypeOf(type: SandboxOrderType): string {
  if (type === 'DO') return 'LF';
  if (type === 'SO' || type === 'IPB OUT') return 'OR';
  if (type === 'PO' || type === 'IPB IN') return 'NB';
  return 'UB';
}

type Category = 'CPO' | 'PK' | 'REFINED' | 'FFB' | 'FERT' | 'FUEL';

/** One way goods move in the group: a priced lane, what moves on it, and who buys or sells. */
interface Flow {
  /** The order types made on this flow, with their weight among the type's flows. */
  types: Partial<Record<SandboxOrderType, number>>;
  from: string;
  to: string;
  category: Category;
  /** Materials of the lines, with weights. */
  materials: [code: string, weight: number][];
  customer?: string;
  vendor?: string;
  /** The warehouse goods leave from and the one they arrive in (none at a customer, vendor or estate). */
  fromWarehouse?: string;
  toWarehouse?: string;
  /** Franco / delivered terms and collect terms (RELATION_SETTING): the share of documents the partner moves. */
  relationShare?: number;
}

const CPO: Flow['materials'] = [['FG-CPO', 1]];
const PK: Flow['materials'] = [['FG-PK', 1]];
const FFB: Flow['materials'] = [['RM-FFB', 1]];
const FERT: Flow['materials'] = [
  ['SP-NPK15', 4],
  ['SP-UREA', 3],
  ['SP-MOP', 3],
];
const FUEL: Flow['materials'] = [['SP-SOLAR', 1]];
const OLEIN_FIRST: Flow['materials'] = [
  ['FG-RBDOL', 6],
  ['FG-RBDST', 2],
  ['FG-PFAD', 1],
];

const FLOWS: Flow[] = [
  // Sales of the mills and refineries (sales order, then its deliveries).
  {
    types: { SO: 5, DO: 5 },
    from: 'PKS-SEI-ROKAN',
    to: 'CUS-MNS-DUMAI',
    category: 'CPO',
    materials: CPO,
    customer: 'CUS001',
    fromWarehouse: 'WH-1101-CPO',
    relationShare: 0.1,
  },
  {
    types: { SO: 4, DO: 4 },
    from: 'PKS-KANDIS',
    to: 'CUS-MNS-DUMAI',
    category: 'CPO',
    materials: CPO,
    customer: 'CUS001',
    fromWarehouse: 'WH-1102-CPO',
    relationShare: 0.1,
  },
  {
    types: { SO: 3, DO: 3 },
    from: 'PKS-SEI-ROKAN',
    to: 'CUS-MNS-DUMAI',
    category: 'PK',
    materials: PK,
    customer: 'CUS001',
    fromWarehouse: 'WH-1101-PK',
    relationShare: 0.15,
  },
  {
    types: { SO: 3, DO: 3 },
    from: 'PKS-AEK-NABARA',
    to: 'CUS-KOM-BELAWAN',
    category: 'PK',
    materials: PK,
    customer: 'CUS004',
    fromWarehouse: 'WH-1105-CPO',
    relationShare: 0.15,
  },
  {
    types: { SO: 2, DO: 2 },
    from: 'PKS-SEI-ROKAN',
    to: 'REF-DUMAI',
    category: 'CPO',
    materials: CPO,
    customer: 'CUS007',
    fromWarehouse: 'WH-1101-CPO',
    toWarehouse: 'WH-2101-CPO',
  },
  {
    types: { SO: 3, DO: 3 },
    from: 'REF-DUMAI',
    to: 'CUS-CBN-PEKANBARU',
    category: 'REFINED',
    materials: OLEIN_FIRST,
    customer: 'CUS003',
    fromWarehouse: 'WH-2101-OLN',
    relationShare: 0.1,
  },
  {
    types: { SO: 3, DO: 3 },
    from: 'REF-KUALA-TANJUNG',
    to: 'CUS-SPM-MEDAN',
    category: 'REFINED',
    materials: OLEIN_FIRST,
    customer: 'CUS002',
    fromWarehouse: 'WH-2104-CPO',
    relationShare: 0.1,
  },
  {
    types: { SO: 3, DO: 3 },
    from: 'PKS-PASAMAN',
    to: 'CUS-PMS-PADANG',
    category: 'CPO',
    materials: CPO,
    customer: 'CUS005',
    fromWarehouse: 'WH-3101-CPO',
    relationShare: 0.1,
  },
  // Export lots, free on board at the port.
  {
    types: { 'IPB OUT': 3 },
    from: 'REF-DUMAI',
    to: 'PORT-DUMAI',
    category: 'REFINED',
    materials: [['FG-RBDOL', 1]],
    customer: 'CUS006',
    fromWarehouse: 'WH-2101-OLN',
  },
  {
    types: { 'IPB OUT': 3 },
    from: 'BLK-DUMAI',
    to: 'PORT-DUMAI',
    category: 'CPO',
    materials: CPO,
    customer: 'CUS006',
    fromWarehouse: 'WH-2102-BLK',
  },
  {
    types: { 'IPB OUT': 2 },
    from: 'BLK-BELAWAN',
    to: 'PORT-BELAWAN',
    category: 'CPO',
    materials: CPO,
    customer: 'CUS006',
    fromWarehouse: 'WH-2103-BLK',
  },
  {
    types: { 'IPB OUT': 2 },
    from: 'BLK-TELUK-BAYUR',
    to: 'PORT-TELUK-BAYUR',
    category: 'CPO',
    materials: CPO,
    customer: 'CUS006',
    fromWarehouse: 'WH-3103-BLK',
  },
  // Purchases: fertiliser and diesel, FFB from outgrowers (PO and IPB booking), intercompany CPO.
  {
    types: { PO: 4 },
    from: 'VEN-PSN-DUMAI',
    to: 'GDG-PUPUK-PKU',
    category: 'FERT',
    materials: FERT,
    vendor: 'VEN004',
    toWarehouse: 'WH-1106-PPK',
    relationShare: 0.15,
  },
  {
    types: { PO: 2 },
    from: 'VEN-ESR-PEKANBARU',
    to: 'PKS-SEI-ROKAN',
    category: 'FUEL',
    materials: FUEL,
    vendor: 'VEN005',
    relationShare: 0.2,
  },
  {
    types: { PO: 2 },
    from: 'VEN-ESR-PEKANBARU',
    to: 'PKS-KANDIS',
    category: 'FUEL',
    materials: FUEL,
    vendor: 'VEN005',
    toWarehouse: 'WH-1102-CPO',
    relationShare: 0.2,
  },
  {
    types: { PO: 2, 'IPB IN': 4 },
    from: 'VEN-KUD-ROKAN',
    to: 'PKS-SEI-ROKAN',
    category: 'FFB',
    materials: FFB,
    vendor: 'VEN001',
    toWarehouse: 'WH-1101-TBS',
    relationShare: 0.1,
  },
  {
    types: { PO: 2, 'IPB IN': 3 },
    from: 'VEN-TM-LABUHANBATU',
    to: 'PKS-AEK-NABARA',
    category: 'FFB',
    materials: FFB,
    vendor: 'VEN003',
    toWarehouse: 'WH-1105-CPO',
    relationShare: 0.1,
  },
  {
    types: { PO: 2, 'IPB IN': 3 },
    from: 'VEN-KOP-OPHIR',
    to: 'PKS-PASAMAN',
    category: 'FFB',
    materials: FFB,
    vendor: 'VEN002',
    toWarehouse: 'WH-3101-CPO',
    relationShare: 0.1,
  },
  {
    types: { PO: 2 },
    from: 'PKS-SEI-ROKAN',
    to: 'REF-DUMAI',
    category: 'CPO',
    materials: CPO,
    vendor: 'VEN007',
    fromWarehouse: 'WH-1101-CPO',
    toWarehouse: 'WH-2101-CPO',
  },
  // Stock transfers: mills to refineries and bulking stations, kernel to the bulking station.
  {
    types: { 'STO OUT': 4, 'STO IN': 4 },
    from: 'PKS-SEI-ROKAN',
    to: 'REF-DUMAI',
    category: 'CPO',
    materials: CPO,
    fromWarehouse: 'WH-1101-CPO',
    toWarehouse: 'WH-2101-CPO',
  },
  {
    types: { 'STO OUT': 3, 'STO IN': 3 },
    from: 'PKS-KANDIS',
    to: 'REF-DUMAI',
    category: 'CPO',
    materials: CPO,
    fromWarehouse: 'WH-1102-CPO',
    toWarehouse: 'WH-2101-CPO',
  },
  {
    types: { 'STO OUT': 2, 'STO IN': 2 },
    from: 'PKS-KANDIS',
    to: 'BLK-DUMAI',
    category: 'CPO',
    materials: CPO,
    fromWarehouse: 'WH-1102-CPO',
    toWarehouse: 'WH-2102-BLK',
  },
  {
    types: { 'STO OUT': 3, 'STO IN': 3 },
    from: 'PKS-AEK-NABARA',
    to: 'REF-KUALA-TANJUNG',
    category: 'CPO',
    materials: CPO,
    fromWarehouse: 'WH-1105-CPO',
    toWarehouse: 'WH-2104-CPO',
  },
  {
    types: { 'STO OUT': 2, 'STO IN': 2 },
    from: 'PKS-AEK-NABARA',
    to: 'BLK-BELAWAN',
    category: 'CPO',
    materials: CPO,
    fromWarehouse: 'WH-1105-CPO',
    toWarehouse: 'WH-2103-BLK',
  },
  {
    types: { 'STO OUT': 3, 'STO IN': 3 },
    from: 'PKS-PASAMAN',
    to: 'BLK-TELUK-BAYUR',
    category: 'CPO',
    materials: CPO,
    fromWarehouse: 'WH-3101-CPO',
    toWarehouse: 'WH-3103-BLK',
  },
  {
    types: { 'STO OUT': 2, 'STO IN': 2 },
    from: 'PKS-DHARMASRAYA',
    to: 'BLK-TELUK-BAYUR',
    category: 'CPO',
    materials: CPO,
    fromWarehouse: 'WH-3104-CPO',
    toWarehouse: 'WH-3103-BLK',
  },
  {
    types: { 'STO OUT': 2, 'STO IN': 2 },
    from: 'PKS-PASAMAN',
    to: 'BLK-TELUK-BAYUR',
    category: 'PK',
    materials: PK,
    fromWarehouse: 'WH-3101-CPO',
    toWarehouse: 'WH-3103-BLK',
  },
  // Fertiliser from the store to the estates: stock transfers and transfer orders.
  {
    types: { 'STO OUT': 1, 'STO IN': 1, 'TO OUT': 3, 'TO IN': 1 },
    from: 'GDG-PUPUK-PKU',
    to: 'KBN-SEI-ROKAN',
    category: 'FERT',
    materials: FERT,
    fromWarehouse: 'WH-1106-PPK',
  },
  {
    types: { 'STO OUT': 1, 'STO IN': 1, 'TO OUT': 2, 'TO IN': 1 },
    from: 'GDG-PUPUK-PKU',
    to: 'KBN-TAPUNG',
    category: 'FERT',
    materials: FERT,
    fromWarehouse: 'WH-1106-PPK',
  },
  // FFB from the group's own estates into its mills.
  {
    types: { 'TO IN': 5, 'TO OUT': 1 },
    from: 'KBN-SEI-ROKAN',
    to: 'PKS-SEI-ROKAN',
    category: 'FFB',
    materials: FFB,
    toWarehouse: 'WH-1101-TBS',
  },
  {
    types: { 'TO IN': 4, 'TO OUT': 1 },
    from: 'KBN-TAPUNG',
    to: 'PKS-KANDIS',
    category: 'FFB',
    materials: FFB,
    toWarehouse: 'WH-1102-CPO',
  },
  {
    types: { 'TO IN': 4, 'TO OUT': 1 },
    from: 'KBN-OPHIR',
    to: 'PKS-PASAMAN',
    category: 'FFB',
    materials: FFB,
    toWarehouse: 'WH-3101-CPO',
  },
];

// Master demo facts the documents need, read from the seed data itself so the two cannot drift apart.
const plantOfLocation = new Map(
  LOCATIONS.filter((l) => l.Plant_Code).map((l) => [l.Location_Code as string, l.Plant_Code as string]),
);
const plantByCode = new Map(PLANTS.map((p) => [p.Plant_Code as string, p]));
const locationByCode = new Map(LOCATIONS.map((l) => [l.Location_Code as string, l]));
const partnerByCode = new Map([
  ...CUSTOMERS.map((c) => [c.Customer_Code as string, c] as const),
  ...VENDORS.map((v) => [v.Vendor_Code as string, v] as const),
]);

function companyOfPlant(plant: string): string {
  const row = plantByCode.get(plant);
  if (!row) throw new Error(`sandbox: unknown plant ${plant}`);
  return row.Company_Code as string;
}

function plantAt(location: string): string | null {
  return plantOfLocation.get(location) ?? null;
}

const SALES_ORG: Record<string, { domestic: string; export: string }> = {
  '1000': { domestic: 'S100', export: 'S100' },
  '2000': { domestic: 'S200', export: 'S210' },
  '3000': { domestic: 'S300', export: 'S300' },
};
const PURCHASE_ORG: Record<string, string> = { '1000': 'P100', '2000': 'P200', '3000': 'P300' };
/** Fertiliser and fuel are also bought by the group's central procurement. */
const CENTRAL_PURCHASE_ORG = 'P000';

/** A handful of SAP users: sales clerks per company, purchasing, stock transfers, and the batch user. */
const SD_USER: Record<string, string> = { '1000': 'RSIREGAR', '2000': 'DLUBIS', '3000': 'YPUTRI' };
const MM_USER = 'AHARAHAP';
const TRANSFER_USER = 'MNASUTION';
const BATCH_USER = 'SAPBATCH';
export const SANDBOX_SAP_USERS = [
  ...new Set([...Object.values(SD_USER), MM_USER, TRANSFER_USER, BATCH_USER]),
];

/** Seeded PRNG (mulberry32): small, fast, and the same sequence on every platform. */
export function createRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Picker {
  constructor(private readonly random: () => number) {}
  next(): number {
    return this.random();
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.random() < p;
  }
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of items) total += w;
    let r = this.random() * total;
    for (const [item, w] of items) {
      r -= w;
      if (r < 0) return item;
    }
    return items[items.length - 1]![0];
  }
}

export interface GenerateOptions {
  /** How many documents; default 12,000. */
  count?: number;
  /** PRNG seed; default SANDBOX_SEED. */
  seed?: number;
}

export const SANDBOX_DOCUMENT_COUNT = 12_000;
export const SANDBOX_SEED = 20_261_101;
/** Documents are dated from a year before BASE_DATE to four weeks after it. */
const DAYS_BEFORE = 365;
const DAYS_AFTER = 28;

const round3 = (n: number) => Math.round(n * 1000) / 1000;
/** Tonnes in [min, max). */
const tonnes = (pick: Picker, min: number, max: number) => min + pick.next() * (max - min);
/** Tonnes as KG, weighed to 10 KG. */
const kg = (t: number) => Math.max(10, Math.round((t * 1000) / 10) * 10);
const inTon = (t: number) => ({ qty: round3(t), uom: 'TON' });

/** A line quantity in a unit the master's conversions know, realistic for the type and the product. */
function lineQuantity(
  pick: Picker,
  type: SandboxOrderType,
  category: Category,
): { qty: number; uom: string } {
  switch (category) {
    case 'CPO':
    case 'PK':
    case 'REFINED': {
      const t =
        type === 'DO'
          ? tonnes(pick, 20, 250) // a few tanker loads
          : type === 'IPB OUT'
            ? tonnes(pick, 500, 3000) // an export lot
            : type === 'SO'
              ? Math.round(tonnes(pick, 100, 1000) / 50) * 50 // contracts in round tonnes
              : tonnes(pick, 100, 1500); // transfers and intercompany purchases
      if (type === 'SO') return pick.chance(0.4) ? { qty: t, uom: 'TON' } : { qty: t * 1000, uom: 'KG' };
      return pick.chance(0.25) ? inTon(t) : { qty: kg(t), uom: 'KG' };
    }
    case 'FFB': {
      // A day's fruit from an afdeling or a cooperative; FFB is weighed in KG at the mill.
      const t = type === 'PO' ? tonnes(pick, 100, 600) : tonnes(pick, 8, 150);
      return pick.chance(0.15) ? inTon(t) : { qty: kg(t), uom: 'KG' };
    }
    case 'FERT': {
      // 50 kg bags: a purchase is a truck or a few, a transfer to an estate one or two small trucks.
      const bags = type === 'PO' ? pick.int(8, 80) * 50 : pick.int(2, 24) * 20;
      return pick.chance(0.2) ? { qty: (bags * 50) / 1000, uom: 'TON' } : { qty: bags, uom: 'BAG' };
    }
    case 'FUEL': {
      // Diesel in litres: one or two 16 KL tanker loads, sometimes ordered in kilolitres.
      const litres = pick.int(8, 32) * 1000;
      return pick.chance(0.3) ? { qty: litres / 1000, uom: 'KL' } : { qty: litres, uom: 'L' };
    }
  }
}

const LINE_COUNTS: [number, number][] = [
  [1, 45],
  [2, 25],
  [3, 15],
  [4, 10],
  [5, 5],
];

const INCOTERMS_DELIVERED: [string, number][] = [
  ['FRC', 6],
  ['DAP', 2],
  ['CPT', 1],
];
const INCOTERMS_COLLECT: [string, number][] = [
  ['LCO', 3],
  ['EXW', 2],
  ['FCA', 1],
];

function cityOf(location: string): string {
  return (locationByCode.get(location)?.City as string | undefined) ?? '';
}

function partnerAddress(code: string): string | null {
  const p = partnerByCode.get(code);
  return p ? `${p.Address as string}, ${p.City as string}` : null;
}

/** Calendar days from a start date, computed once: date arithmetic is most of the generator's time otherwise. */
function dayTable(start: string, days: number): string[] {
  return Array.from({ length: days }, (_, i) => addDays(start, i));
}

/** Changed_At: a little after the document was made, as ISO 8601 with WIB's offset (SAP's system time zone). */
function changedAt(pick: Picker, dayOf: string[], dayIndex: number): string {
  const delayDays = pick.chance(0.7) ? 0 : pick.chance(0.85) ? pick.int(1, 7) : pick.int(8, 30);
  const minutes = pick.int(7 * 60, 17 * 60 + 59) + (delayDays === 0 ? pick.int(5, 240) : 0);
  const day = dayOf[dayIndex + delayDays + Math.floor(minutes / 1440)]!;
  const m = minutes % 1440;
  return `${day}T${pad(Math.floor(m / 60), 2)}:${pad(m % 60, 2)}:${pad(pick.int(0, 59), 2)}+07:00`;
}

/**
 * The sandbox's documents, one by one, in number order (which is date order). Deterministic for the same
 * options. Streams, so a benchmark can draw a million lines without holding them all.
 */
export function* iterateErpDocuments(options: GenerateOptions = {}): Generator<ErpDocument> {
  const count = options.count ?? SANDBOX_DOCUMENT_COUNT;
  const pick = new Picker(createRandom(options.seed ?? SANDBOX_SEED));
  const start = addDays(BASE_DATE, -DAYS_BEFORE);
  const days = DAYS_BEFORE + DAYS_AFTER;
  // Room after the last day for the latest change and the longest validity.
  const dayOf = dayTable(start, days + 62);
  const typeWeights = SANDBOX_ORDER_TYPES.map((t) => [t, TYPE_SHARES[t]] as const);
  const flowsOf = new Map(
    SANDBOX_ORDER_TYPES.map((t) => [t, FLOWS.flatMap((f) => (f.types[t] ? [[f, f.types[t]] as const] : []))]),
  );
  const counters = new Map<string, number>();
  const nextNumber = (type: SandboxOrderType) => {
    const prefix = NUMBER_RANGES[type];
    const n = counters.get(prefix) ?? FIRST_NUMBER;
    counters.set(prefix, n + 1);
    if (n > 999_999) throw new Error(`sandbox: number range ${prefix} is exhausted`);
    return `${prefix}${pad(n, 6)}`;
  };
  // The last sales order, purchase order and STO OUT per flow: deliveries, FFB bookings and receipts refer to
  // them as SAP's documents do.
  const lastSalesOrder = new Map<Flow, ErpDocument>();
  const lastPurchaseOrder = new Map<Flow, ErpDocument>();
  const lastTransferOut = new Map<Flow, ErpDocument>();
  let customerPo = 0;

  for (let i = 0; i < count; i++) {
    const dayIndex = Math.floor((i * days) / count);
    const date = dayOf[dayIndex]!;
    const type = pick.weighted(typeWeights);
    const flow = pick.weighted(flowsOf.get(type)!);
    const documentNo = nextNumber(type);
    const inbound = RECEIPT_TYPES.has(type);
    const fromPlant = plantAt(flow.from);
    const toPlant = plantAt(flow.to);
    const plant = inbound ? toPlant : (fromPlant ?? toPlant);
    if (!plant) throw new Error(`sandbox: flow ${flow.from} -> ${flow.to} has no plant for ${type}`);
    const company = companyOfPlant(plant);
    const isTransfer = TRANSFER_TYPES.has(type);
    const isSales = SD_TYPES.has(type);
    const exportSale = type === 'IPB OUT';
    const partner = isSales ? flow.customer : isTransfer ? undefined : flow.vendor;

    // Export lots go FOB, transfers FRC (lookup TRANSFER_ORDER_DEFAULT); sales and purchases mostly with the
    // TMS planning the trucks, sometimes with the partner moving the goods itself (RELATION_SETTING).
    let incoterm: string;
    if (exportSale) {
      incoterm = 'FOB';
    } else if (isTransfer) {
      incoterm = 'FRC';
    } else if (isSales) {
      incoterm = pick.weighted(
        pick.chance(flow.relationShare ?? 0) ? INCOTERMS_COLLECT : INCOTERMS_DELIVERED,
      );
    } else {
      incoterm = pick.weighted(
        pick.chance(flow.relationShare ?? 0) ? INCOTERMS_DELIVERED : INCOTERMS_COLLECT,
      );
    }
    const incotermPlace = ['FRC', 'DAP', 'CPT', 'FOB'].includes(incoterm) ? flow.to : flow.from;

    const salesOrder = type === 'DO' ? (lastSalesOrder.get(flow) ?? null) : null;
    const transferOut = type === 'STO IN' ? (lastTransferOut.get(flow) ?? null) : null;
    const purchaseOrder = type === 'IPB IN' ? (lastPurchaseOrder.get(flow) ?? null) : null;
    const poRef =
      isSales && type !== 'DO' ? `${partner}/PO/${date.slice(2, 4)}/${pad(++customerPo % 100_000, 5)}` : null;

    const lineCount = pick.weighted(LINE_COUNTS);
    const details: ErpLine[] = [];
    for (let l = 0; l < lineCount; l++) {
      const material = pick.weighted(flow.materials);
      const { qty, uom } = lineQuantity(pick, type, flow.category);
      const soLine = salesOrder?.Details[l % salesOrder.Details.length];
      details.push({
        // SD items have six digits, MM (purchasing) items five, as SAP numbers them.
        Item_No: pad((l + 1) * 10, isSales ? 6 : 5),
        Material_Code: salesOrder && soLine ? soLine.Material_Code : material,
        Qty: qty,
        UOM: uom,
        // Transfers carry the quantity term's tolerance (QT-LOAD 0.25 %, QT-DEST05 0.5 % for long hauls).
        Tolerance: isTransfer ? (pick.chance(0.6) ? 0.25 : 0.5) : null,
        PO_SO_No: type === 'PO' ? documentNo : (purchaseOrder?.Document_No ?? null),
        SO_DO_No: salesOrder ? salesOrder.Document_No : null,
        SO_DO_Item_No: salesOrder && soLine ? soLine.Item_No : null,
        LN_SO_Item_No: null,
        LN_STO_Item_No: transferOut ? pad(((l % transferOut.Details.length) + 1) * 10, 5) : null,
        Sales_District: isSales
          ? ((locationByCode.get(flow.to)?.Province as string | undefined) ?? null)
          : null,
        // SAP's deletion flag on a later item now and then; the first item always stays.
        Deleted: l > 0 && pick.chance(0.02),
      });
    }

    const estate =
      flow.category === 'FFB' && RECEIPT_TYPES.has(type)
        ? flow.vendor
          ? ((partnerByCode.get(flow.vendor)?.Vendor_Name as string | undefined) ?? null)
          : ((plantByCode.get(fromPlant ?? '')?.Plant_Name as string | undefined) ?? null)
        : null;
    const validDays = type === 'DO' ? 14 : isTransfer ? 30 : type === 'IPB OUT' ? 45 : 60;
    const purchaseOrg =
      type === 'PO' || type === 'IPB IN' || type.startsWith('STO')
        ? (flow.category === 'FERT' || flow.category === 'FUEL') && pick.chance(0.5)
          ? CENTRAL_PURCHASE_ORG
          : PURCHASE_ORG[company]!
        : null;
    const createdBy =
      type === 'SO' || type === 'IPB OUT'
        ? SD_USER[company]!
        : type === 'DO'
          ? pick.chance(0.6)
            ? BATCH_USER
            : SD_USER[company]!
          : type === 'PO'
            ? pick.chance(0.8)
              ? MM_USER
              : TRANSFER_USER
            : type === 'IPB IN'
              ? pick.chance(0.5)
                ? BATCH_USER
                : MM_USER
              : pick.chance(0.7)
                ? TRANSFER_USER
                : MM_USER;

    const doc: ErpDocument = {
      Document_No: documentNo,
      Order_Type: type,
      Document_Date: date,
      Changed_At: changedAt(pick, dayOf, dayIndex),
      Company_Code: company,
      Plant: plant,
      Product_Category: flow.category,
      Delivery_Order_No: type === 'DO' ? documentNo : null,
      Valid_From: date,
      Valid_To: dayOf[dayIndex + validDays]!,
      LN_SO_No: null,
      LN_STO_No: null,
      LN_DO_Third_Party: null,
      Sales_Organization: isSales ? SALES_ORG[company]![exportSale ? 'export' : 'domestic'] : null,
      Purchase_Organization: purchaseOrg,
      Document_Type: documentTypeOf(type),
      Customer_Vendor_Code: partner ?? null,
      Address: partner ? partnerAddress(partner) : null,
      Distribution: isSales ? (exportSale ? 'EXPORT' : 'LOCAL') : null,
      Incoterm: incoterm,
      Incoterm2: cityOf(incotermPlace) || null,
      Estate: estate,
      Collective_LN: null,
      PO_No: salesOrder ? salesOrder.PO_No : (purchaseOrder?.Document_No ?? poRef),
      Reference_Doc_No: salesOrder?.Document_No ?? transferOut?.Document_No ?? null,
      Transfer_Type: transferTypeOf(type),
      Plant_Destination: isTransfer ? toPlant : null,
      Warehouse_Code: (inbound ? flow.toWarehouse : flow.fromWarehouse) ?? null,
      Shipment_Type: null,
      Transporter: null,
      Loading: flow.from,
      Destination: flow.to,
      Truck_Type: null,
      Freight_Cost: null,
      Freight_Cost_Per: null,
      Freight_Cost_UOM: null,
      Created_By: createdBy,
      Discharge_Port: RECEIPT_TYPES.has(type) || exportSale ? flow.to : null,
      Location: flow.from,
      Details: details,
    };
    if (type === 'SO') lastSalesOrder.set(flow, doc);
    if (type === 'PO') lastPurchaseOrder.set(flow, doc);
    if (type === 'STO OUT') lastTransferOut.set(flow, doc);
    yield doc;
  }
}

/** All of them at once (see iterateErpDocuments). */
export function generateErpDocuments(options: GenerateOptions = {}): ErpDocument[] {
  return [...iterateErpDocuments(options)];
}

/** A document as its erp_sandbox_documents row: the searched columns beside the whole document. */
export function sandboxRow(doc: ErpDocument) {
  return {
    order_type: doc.Order_Type,
    document_no: doc.Document_No,
    document_date: doc.Document_Date,
    company_code: doc.Company_Code,
    plant: doc.Plant ?? null,
    product_category: doc.Product_Category ?? null,
    location: doc.Location ?? null,
    discharge_port: doc.Discharge_Port ?? null,
    distribution: doc.Distribution ?? null,
    document_type: doc.Document_Type ?? null,
    transfer_type: doc.Transfer_Type ?? null,
    created_by: doc.Created_By ?? null,
    materials: documentMaterials(doc),
    sap_nos: documentNumbers(doc),
    changed_at: doc.Changed_At,
    document: doc,
  };
}

export interface SeedErpSandboxResult {
  /** Documents written by this run (0 when the table already held them all). */
  inserted: number;
  /** Documents the sandbox holds after the run. */
  documents: number;
  /** Lines of the documents generated by this run; null when the table was complete and nothing was generated. */
  lines: number | null;
  durationMs: number;
}

const CHUNK = 2000;

const INSERT_CHUNK = `
  insert into erp_sandbox_documents
    (order_type, document_no, document_date, company_code, plant, product_category, location, discharge_port,
     distribution, document_type, transfer_type, created_by, materials, sap_nos, changed_at, document)
  select order_type, document_no, document_date, company_code, plant, product_category, location, discharge_port,
         distribution, document_type, transfer_type, created_by, materials, sap_nos, changed_at, document
    from jsonb_to_recordset(?::jsonb) as x(
      order_type varchar, document_no varchar, document_date date, company_code varchar, plant varchar,
      product_category varchar, location varchar, discharge_port varchar, distribution varchar,
      document_type varchar, transfer_type varchar, created_by varchar, materials varchar[], sap_nos varchar[],
      changed_at timestamptz, document jsonb)
  on conflict (document_no) do nothing`;

/**
 * Fills erp_sandbox_documents with the generated documents that are not there yet, in one transaction (all or
 * nothing, so a start interrupted half-way leaves no half-made sandbox). Idempotent and cheap to repeat: only
 * this seed writes the table and it writes all or nothing, so a table holding at least as many documents as
 * asked for is complete, and the run ends after one count, generating and writing nothing. Otherwise the
 * documents missing by number are inserted; two processes starting at once are safe (ON CONFLICT DO NOTHING on
 * the unique document number). Each chunk travels as one JSON parameter unpacked by jsonb_to_recordset rather
 * than sixteen bound parameters per row.
 */
export async function seedErpSandbox(
  knex: Knex,
  options: GenerateOptions = {},
): Promise<SeedErpSandboxResult> {
  const started = performance.now();
  const wanted = options.count ?? SANDBOX_DOCUMENT_COUNT;
  return knex.transaction(async (trx) => {
    const [held] = (
      await trx.raw<{ rows: { n: number }[] }>('select count(*)::int as n from erp_sandbox_documents')
    ).rows;
    if (held && held.n >= wanted) {
      return {
        inserted: 0,
        documents: held.n,
        lines: null,
        durationMs: Math.round(performance.now() - started),
      };
    }
    // The numbers present, as one string: one row is much cheaper than thousands on the embedded database.
    const [agg] = (
      await trx.raw<{ rows: { numbers: string | null }[] }>(
        "select string_agg(document_no, ',') as numbers from erp_sandbox_documents",
      )
    ).rows;
    const present = new Set(agg?.numbers ? agg.numbers.split(',') : []);
    let inserted = 0;
    let lines = 0;
    let chunk: ReturnType<typeof sandboxRow>[] = [];
    const flush = async () => {
      if (!chunk.length) return;
      const result = await trx.raw<{ rowCount?: number }>(INSERT_CHUNK, [JSON.stringify(chunk)]);
      inserted += result.rowCount ?? 0;
      chunk = [];
    };
    for (const doc of iterateErpDocuments(options)) {
      lines += doc.Details.length;
      if (present.has(doc.Document_No)) continue;
      chunk.push(sandboxRow(doc));
      if (chunk.length >= CHUNK) await flush();
    }
    await flush();
    return {
      inserted,
      documents: (held?.n ?? 0) + inserted,
      lines,
      durationMs: Math.round(performance.now() - started),
    };
  });
}
