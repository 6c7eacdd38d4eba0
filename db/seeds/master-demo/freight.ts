// The lanes the demo documents move on, their road routes, the transporters' rates on them and the
// transporters' quotas. Every lane has two or more carriers with different costs, so the freight options have a
// real "cheapest first" to show; one lane also carries the rates of an excluded carrier (TRP013), cheapest of
// all, which the options must leave out. Rates show all three bases: per KG, per MT and a lump sum per trip.
import { TRANSPORTER_SPECS } from './fleet';
import { TRUCK_TYPE_SPECS } from './products';
import { LOCATIONS } from './sites';
import { pad, VALID_FROM, VALID_TO, type SeedRecord } from './types';

export interface DemoLane {
  from: string;
  to: string;
  km: number;
  hours: number;
  /** What moves: a product category, or one material (then the rate is for that material only). */
  category: string;
  material?: string;
  /** The company that pays the freight (charge OA). */
  company: string;
  basis: 'KG' | 'MT' | 'TRIP';
  tripType?: 'ONE_WAY' | 'ROUND_TRIP';
  truckTypes: string[];
  transporters: string[];
  /** The document flow the lane serves, for the summary and for whoever builds demo documents on it. */
  flow: string;
}

/** The priced lanes. Demo SAP documents should load and unload at these places to get freight options. */
export const DEMO_LANES: DemoLane[] = [
  // Company 1000 (Riau mills) sells CPO and kernel to PT Minyak Nabati Sejahtera (CUS001).
  {
    from: 'PKS-SEI-ROKAN',
    to: 'CUS-MNS-DUMAI',
    km: 215,
    hours: 6.5,
    category: 'CPO',
    company: '1000',
    basis: 'KG',
    truckTypes: ['TANKER-25'],
    transporters: ['TRP001', 'TRP002', 'TRP003', 'TRP005'],
    flow: 'SO CPO 1000 -> CUS001',
  },
  {
    from: 'PKS-KANDIS',
    to: 'CUS-MNS-DUMAI',
    km: 118,
    hours: 3.5,
    category: 'CPO',
    company: '1000',
    basis: 'KG',
    truckTypes: ['TANKER-25'],
    transporters: ['TRP001', 'TRP003', 'TRP004'],
    flow: 'SO CPO 1000 -> CUS001',
  },
  {
    from: 'PKS-SEI-ROKAN',
    to: 'CUS-MNS-DUMAI',
    km: 215,
    hours: 6.5,
    category: 'PK',
    company: '1000',
    basis: 'KG',
    truckTypes: ['TRONTON'],
    transporters: ['TRP001', 'TRP002', 'TRP005'],
    flow: 'SO PK 1000 -> CUS001',
  },
  // Intercompany: the mills' CPO to the group's refinery and bulking station (STO, freight paid by 2000).
  {
    from: 'PKS-SEI-ROKAN',
    to: 'REF-DUMAI',
    km: 212,
    hours: 6.5,
    category: 'CPO',
    company: '2000',
    basis: 'MT',
    truckTypes: ['TANKER-25'],
    transporters: ['TRP001', 'TRP002', 'TRP005'],
    flow: 'STO CPO 1101 -> 2101',
  },
  {
    from: 'PKS-KANDIS',
    to: 'REF-DUMAI',
    km: 115,
    hours: 3.5,
    category: 'CPO',
    company: '2000',
    basis: 'MT',
    truckTypes: ['TANKER-25'],
    transporters: ['TRP001', 'TRP003', 'TRP004'],
    flow: 'STO CPO 1102 -> 2101',
  },
  {
    from: 'PKS-KANDIS',
    to: 'BLK-DUMAI',
    km: 121,
    hours: 3.5,
    category: 'CPO',
    company: '2000',
    basis: 'MT',
    truckTypes: ['TANKER-25'],
    transporters: ['TRP002', 'TRP003', 'TRP004'],
    flow: 'STO CPO 1102 -> 2102 (export stock)',
  },
  // The refinery's olein to a domestic buyer and to the export jetty.
  {
    from: 'REF-DUMAI',
    to: 'CUS-CBN-PEKANBARU',
    km: 190,
    hours: 5.5,
    category: 'REFINED',
    material: 'FG-RBDOL',
    company: '2000',
    basis: 'KG',
    truckTypes: ['TANKER-25', 'TANKER-16'],
    transporters: ['TRP002', 'TRP003', 'TRP004'],
    flow: 'SO olein 2000 -> CUS003',
  },
  {
    from: 'REF-DUMAI',
    to: 'PORT-DUMAI',
    km: 12,
    hours: 1,
    category: 'REFINED',
    material: 'FG-RBDOL',
    company: '2000',
    basis: 'TRIP',
    truckTypes: ['TANKER-25'],
    transporters: ['TRP003', 'TRP004'],
    flow: 'IPB OUT olein 2000 -> CUS006 (FOB Dumai)',
  },
  {
    from: 'BLK-DUMAI',
    to: 'PORT-DUMAI',
    km: 9,
    hours: 1,
    category: 'CPO',
    company: '2000',
    basis: 'TRIP',
    truckTypes: ['TANKER-25'],
    transporters: ['TRP002', 'TRP003', 'TRP004'],
    flow: 'IPB OUT CPO 2000 -> CUS006 (FOB Dumai)',
  },
  // Fresh fruit bunches into the mills: own estates (TO) and outgrowers (PO / IPB IN).
  {
    from: 'KBN-SEI-ROKAN',
    to: 'PKS-SEI-ROKAN',
    km: 28,
    hours: 1.5,
    category: 'FFB',
    company: '1000',
    basis: 'KG',
    truckTypes: ['DUMP-TBS'],
    transporters: ['TRP005', 'TRP006', 'TRP013'],
    flow: 'TO IN FFB 1103 -> 1101',
  },
  {
    from: 'VEN-KUD-ROKAN',
    to: 'PKS-SEI-ROKAN',
    km: 36,
    hours: 2,
    category: 'FFB',
    company: '1000',
    basis: 'KG',
    truckTypes: ['DUMP-TBS'],
    transporters: ['TRP005', 'TRP006', 'TRP013'],
    flow: 'IPB IN FFB VEN001 -> 1101',
  },
  {
    from: 'KBN-TAPUNG',
    to: 'PKS-KANDIS',
    km: 64,
    hours: 2.5,
    category: 'FFB',
    company: '1000',
    basis: 'KG',
    truckTypes: ['DUMP-TBS'],
    transporters: ['TRP005', 'TRP006'],
    flow: 'TO IN FFB 1104 -> 1102',
  },
  {
    from: 'VEN-TM-LABUHANBATU',
    to: 'PKS-AEK-NABARA',
    km: 42,
    hours: 2,
    category: 'FFB',
    company: '1000',
    basis: 'KG',
    truckTypes: ['DUMP-TBS', 'TRONTON'],
    transporters: ['TRP007', 'TRP009'],
    flow: 'IPB IN FFB VEN003 -> 1105',
  },
  {
    from: 'KBN-OPHIR',
    to: 'PKS-PASAMAN',
    km: 18,
    hours: 1,
    category: 'FFB',
    company: '3000',
    basis: 'KG',
    truckTypes: ['DUMP-TBS'],
    transporters: ['TRP011', 'TRP012'],
    flow: 'TO IN FFB 3102 -> 3101',
  },
  {
    from: 'VEN-KOP-OPHIR',
    to: 'PKS-PASAMAN',
    km: 24,
    hours: 1,
    category: 'FFB',
    company: '3000',
    basis: 'KG',
    truckTypes: ['DUMP-TBS'],
    transporters: ['TRP011', 'TRP012'],
    flow: 'IPB IN FFB VEN002 -> 3101',
  },
  // Fertiliser: bought into the store at Pekanbaru, then sent to the estates.
  {
    from: 'VEN-PSN-DUMAI',
    to: 'GDG-PUPUK-PKU',
    km: 188,
    hours: 5.5,
    category: 'FERT',
    company: '1000',
    basis: 'MT',
    truckTypes: ['TRONTON', 'FUSO'],
    transporters: ['TRP001', 'TRP002', 'TRP003', 'TRP014'],
    flow: 'PO fertiliser VEN004 -> 1106',
  },
  {
    from: 'GDG-PUPUK-PKU',
    to: 'KBN-SEI-ROKAN',
    km: 182,
    hours: 5.5,
    category: 'FERT',
    company: '1000',
    basis: 'TRIP',
    tripType: 'ROUND_TRIP',
    truckTypes: ['FUSO', 'CDD'],
    transporters: ['TRP001', 'TRP006', 'TRP014'],
    flow: 'STO OUT fertiliser 1106 -> 1103',
  },
  {
    from: 'GDG-PUPUK-PKU',
    to: 'KBN-TAPUNG',
    km: 72,
    hours: 2.5,
    category: 'FERT',
    company: '1000',
    basis: 'TRIP',
    tripType: 'ROUND_TRIP',
    truckTypes: ['CDD', 'FUSO'],
    transporters: ['TRP006', 'TRP014'],
    flow: 'STO OUT fertiliser 1106 -> 1104',
  },
  // Diesel for the mills' boilers and gensets.
  {
    from: 'VEN-ESR-PEKANBARU',
    to: 'PKS-SEI-ROKAN',
    km: 178,
    hours: 5,
    category: 'FUEL',
    company: '1000',
    basis: 'TRIP',
    truckTypes: ['TANKER-16'],
    transporters: ['TRP002', 'TRP004'],
    flow: 'PO diesel VEN005 -> 1101',
  },
  {
    from: 'VEN-ESR-PEKANBARU',
    to: 'PKS-KANDIS',
    km: 85,
    hours: 2.5,
    category: 'FUEL',
    company: '1000',
    basis: 'TRIP',
    truckTypes: ['TANKER-16'],
    transporters: ['TRP002', 'TRP004'],
    flow: 'PO diesel VEN005 -> 1102',
  },
  // North Sumatra.
  {
    from: 'PKS-AEK-NABARA',
    to: 'REF-KUALA-TANJUNG',
    km: 168,
    hours: 5,
    category: 'CPO',
    company: '2000',
    basis: 'KG',
    truckTypes: ['TANKER-25'],
    transporters: ['TRP007', 'TRP008', 'TRP009'],
    flow: 'STO CPO 1105 -> 2104',
  },
  {
    from: 'PKS-AEK-NABARA',
    to: 'BLK-BELAWAN',
    km: 285,
    hours: 8,
    category: 'CPO',
    company: '1000',
    basis: 'KG',
    truckTypes: ['TANKER-25'],
    transporters: ['TRP007', 'TRP008', 'TRP009'],
    flow: 'STO CPO 1105 -> 2103',
  },
  {
    from: 'PKS-AEK-NABARA',
    to: 'CUS-KOM-BELAWAN',
    km: 282,
    hours: 8,
    category: 'PK',
    company: '1000',
    basis: 'KG',
    truckTypes: ['TRONTON', 'TRAILER'],
    transporters: ['TRP007', 'TRP009'],
    flow: 'SO PK 1000 -> CUS004',
  },
  {
    from: 'REF-KUALA-TANJUNG',
    to: 'CUS-SPM-MEDAN',
    km: 118,
    hours: 3.5,
    category: 'REFINED',
    material: 'FG-RBDOL',
    company: '2000',
    basis: 'KG',
    truckTypes: ['TANKER-25'],
    transporters: ['TRP007', 'TRP008'],
    flow: 'SO olein 2000 -> CUS002',
  },
  {
    from: 'BLK-BELAWAN',
    to: 'PORT-BELAWAN',
    km: 6,
    hours: 0.5,
    category: 'CPO',
    company: '2000',
    basis: 'TRIP',
    truckTypes: ['TANKER-25'],
    transporters: ['TRP007', 'TRP008'],
    flow: 'IPB OUT CPO 2000 (FOB Belawan)',
  },
  // West Sumatra.
  {
    from: 'PKS-PASAMAN',
    to: 'BLK-TELUK-BAYUR',
    km: 185,
    hours: 5.5,
    category: 'CPO',
    company: '3000',
    basis: 'KG',
    truckTypes: ['TANKER-25'],
    transporters: ['TRP010', 'TRP011', 'TRP012'],
    flow: 'STO CPO 3101 -> 3103',
  },
  {
    from: 'PKS-DHARMASRAYA',
    to: 'BLK-TELUK-BAYUR',
    km: 205,
    hours: 6,
    category: 'CPO',
    company: '3000',
    basis: 'KG',
    truckTypes: ['TANKER-25'],
    transporters: ['TRP010', 'TRP012'],
    flow: 'STO CPO 3104 -> 3103',
  },
  {
    from: 'PKS-PASAMAN',
    to: 'CUS-PMS-PADANG',
    km: 178,
    hours: 5,
    category: 'CPO',
    company: '3000',
    basis: 'MT',
    truckTypes: ['TANKER-25'],
    transporters: ['TRP010', 'TRP011', 'TRP012'],
    flow: 'SO CPO 3000 -> CUS005',
  },
  {
    from: 'PKS-PASAMAN',
    to: 'BLK-TELUK-BAYUR',
    km: 185,
    hours: 5.5,
    category: 'PK',
    company: '3000',
    basis: 'KG',
    truckTypes: ['TRONTON'],
    transporters: ['TRP010', 'TRP011', 'TRP012'],
    flow: 'STO PK 3101 -> 3103',
  },
  {
    from: 'BLK-TELUK-BAYUR',
    to: 'PORT-TELUK-BAYUR',
    km: 5,
    hours: 0.5,
    category: 'CPO',
    company: '3000',
    basis: 'TRIP',
    truckTypes: ['TANKER-25'],
    transporters: ['TRP010', 'TRP012'],
    flow: 'IPB OUT CPO 3000 (FOB Teluk Bayur)',
  },
];

const locationNames = new Map(LOCATIONS.map((l) => [l.Location_Code as string, l.Location_Name as string]));
const placeName = (code: string): string => {
  const name = locationNames.get(code);
  if (!name) throw new Error(`master demo: lane end ${code} is not a location`);
  return name.replace(/^(Pos Timbang|Gerbang|TPH Induk) /, '');
};

/** One road route per direction of every lane. */
export const ROUTES: SeedRecord[] = [
  ...new Map(DEMO_LANES.map((l) => [`${l.from}>${l.to}`, l])).values(),
].map((l, i) => ({
  Route_Code: `RT-${pad(i + 1, 3)}`,
  Route_Name: `${placeName(l.from)} - ${placeName(l.to)}`,
  Origin_Location_Code: l.from,
  Destination_Location_Code: l.to,
  Distance_Km: l.km,
  Lead_Time_Hours: l.hours,
}));

// Reference cost per KG of a lane: a fixed part (loading, waiting) plus a part per km, by what is carried.
const COST_BASE: Record<string, [fixed: number, perKm: number]> = {
  CPO: [40, 1.3],
  PKO: [40, 1.3],
  REFINED: [45, 1.3],
  PK: [35, 1.25],
  BYPROD: [35, 1.25],
  FFB: [25, 1.4],
  FERT: [30, 1.2],
  FUEL: [45, 1.35],
  PACKED: [50, 1.4],
};
// Small trucks cost more per KG, big ones less.
const TRUCK_FACTOR: Record<string, number> = {
  CDD: 1.25,
  'DUMP-TBS': 1.05,
  FUSO: 1.1,
  TRONTON: 1.0,
  'TANKER-16': 1.12,
  'TANKER-25': 1.0,
  TRAILER: 0.93,
};

const roundTo = (v: number, step: number) => Math.round(v / step) * step;

function buildRates(): SeedRecord[] {
  const capacity = new Map(TRUCK_TYPE_SPECS.map((t) => [t.code, t.capacityKg]));
  const carriers = new Map(TRANSPORTER_SPECS.map((t) => [t.code, t]));
  const rates: SeedRecord[] = [];
  const push = (
    lane: DemoLane,
    transporter: string,
    truckType: string,
    validFrom: string,
    validTo: string,
    priceLevel: number,
    code: string,
  ) => {
    const carrier = carriers.get(transporter)!;
    const [fixed, perKm] = COST_BASE[lane.category]!;
    const perKg = (fixed + perKm * lane.km) * TRUCK_FACTOR[truckType]! * carrier.costFactor * priceLevel;
    const cap = capacity.get(truckType)!;
    const cost =
      lane.basis === 'KG'
        ? Math.round(perKg)
        : lane.basis === 'MT'
          ? roundTo(perKg * 1000, 500)
          : roundTo(perKg * cap * (lane.tripType === 'ROUND_TRIP' ? 1.6 : 1), 25_000);
    rates.push({
      Freight_Code: code,
      Loading_Location_Code: lane.from,
      Destination_Location_Code: lane.to,
      Transporter_Code: transporter,
      Truck_Type_Code: truckType,
      Category_Code: lane.material ? null : lane.category,
      Material_Code: lane.material ?? null,
      Charge_OA_Company_Code: lane.company,
      Trip_Type: lane.tripType ?? 'ONE_WAY',
      Is_Value: lane.basis === 'TRIP',
      Cost: cost,
      Uom: lane.basis === 'MT' ? 'MT' : 'KG',
      Currency: 'IDR',
      Truck_Capacity_Kg: cap,
      Valid_From: validFrom,
      Valid_To: validTo,
      Remark:
        validFrom === VALID_FROM
          ? `Kontrak OA ${VALID_FROM.slice(0, 4)}-${VALID_TO.slice(0, 4)}`
          : `Kontrak OA ${validFrom.slice(0, 4)} (berakhir)`,
    });
  };
  let current = 0;
  let expired = 0;
  for (const lane of DEMO_LANES) {
    for (const transporter of lane.transporters) {
      const fleet = carriers.get(transporter);
      if (!fleet) throw new Error(`master demo: lane ${lane.from}->${lane.to} names unknown ${transporter}`);
      const types = lane.truckTypes.filter((t) => fleet.truckTypes.includes(t));
      if (!types.length)
        throw new Error(`master demo: ${transporter} has no truck for ${lane.from}->${lane.to}`);
      for (const truckType of types) {
        push(lane, transporter, truckType, VALID_FROM, VALID_TO, 1, `OA26-${pad(++current, 4)}`);
        // The busiest CPO lanes keep last year's (cheaper) contract, to show a rate's history.
        if (lane.category === 'CPO' && lane.from === 'PKS-SEI-ROKAN') {
          push(lane, transporter, truckType, '2025-01-01', '2025-12-31', 0.94, `OA25-${pad(++expired, 4)}`);
        }
      }
    }
  }
  return rates;
}

export const FREIGHT_RATES: SeedRecord[] = buildRates();

type Quota = [
  transporter: string,
  company: string | null,
  plant: string | null,
  category: string | null,
  period: 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY',
  by: 'ORDER_COUNT' | 'QUANTITY_SHARE',
  value: number,
  remark: string,
];

const QUOTAS: Quota[] = [
  ['TRP001', '1000', null, 'CPO', 'MONTHLY', 'QUANTITY_SHARE', 40, 'Porsi CPO Riau sesuai kontrak 2026'],
  ['TRP002', '1000', null, 'CPO', 'MONTHLY', 'QUANTITY_SHARE', 25, 'Porsi CPO Riau sesuai kontrak 2026'],
  ['TRP003', '1000', null, 'CPO', 'MONTHLY', 'QUANTITY_SHARE', 20, 'Porsi CPO Riau sesuai kontrak 2026'],
  ['TRP005', '1000', null, 'CPO', 'MONTHLY', 'QUANTITY_SHARE', 15, 'Porsi CPO Riau sesuai kontrak 2026'],
  [
    'TRP004',
    '2000',
    '2101',
    null,
    'WEEKLY',
    'ORDER_COUNT',
    30,
    'Maksimal 30 order per minggu dari Refinery Dumai',
  ],
  ['TRP005', '1000', '1101', 'FFB', 'DAILY', 'ORDER_COUNT', 12, 'Angkutan TBS Sei Rokan per hari'],
  ['TRP006', '1000', null, 'FFB', 'DAILY', 'ORDER_COUNT', 15, 'Angkutan TBS Riau per hari'],
  ['TRP007', '2000', null, null, 'MONTHLY', 'QUANTITY_SHARE', 50, 'Porsi Sumatera Utara'],
  ['TRP008', '2000', null, null, 'MONTHLY', 'QUANTITY_SHARE', 35, 'Porsi Sumatera Utara'],
  ['TRP009', '1000', '1105', null, 'MONTHLY', 'ORDER_COUNT', 80, 'PKS Aek Nabara'],
  ['TRP010', '3000', null, 'CPO', 'MONTHLY', 'QUANTITY_SHARE', 45, 'Porsi CPO Sumatera Barat'],
  ['TRP011', '3000', null, 'CPO', 'MONTHLY', 'QUANTITY_SHARE', 30, 'Porsi CPO Sumatera Barat'],
  ['TRP012', '3000', null, 'CPO', 'MONTHLY', 'QUANTITY_SHARE', 25, 'Porsi CPO Sumatera Barat'],
  ['TRP014', '1000', '1106', 'FERT', 'YEARLY', 'ORDER_COUNT', 400, 'Distribusi pupuk ke kebun'],
];

export const TRANSPORTER_QUOTAS: SeedRecord[] = QUOTAS.map(
  ([transporter, company, plant, category, period, by, value, remark], i) => ({
    Quota_Code: `TQ26-${pad(i + 1, 3)}`,
    Transporter_Code: transporter,
    Company_Code: company,
    Plant_Code: plant,
    Category_Code: category,
    Period_Type: period,
    Quota_By: by,
    Quota_Value: value,
    Valid_From: VALID_FROM,
    Valid_To: VALID_TO,
    Remark: remark,
  }),
);
