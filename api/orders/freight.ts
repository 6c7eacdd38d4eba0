// What carrying the goods of an assignment costs (DESIGN §4 "Quantities", "Freight, transporter choice and
// approval"; spec/2 §2.2 Select Transporter dialog, §7 list/transporter_freight, util/refresh_freight_cost,
// util/default_conversion_type): the lines weighed in KG through MaterialConversion, and every freight option of
// the lane priced for them.
//
// Weight: a line's KG = Qty × the factor of its material and unit, of the conversion type the line names, else
// the warehouse's, else the row marked Is_Default; a company's own factor wins over the group's. A line in KG
// needs no row.
//
// Options: one per transporter and truck type with an active rate valid on the freight date for the lane
// (loading and destination locations), the charge-OA company and the trip type, for every line (a material's own
// rate wins over its category's), leaving out inactive and excluded transporters and those the panel excludes.
// The rate of the heaviest line is the option's (its cost, basis and truck capacity). Trips and costs:
//   system_not          ceil(total KG / truck capacity): the trucks the goods fill.
//   user_not            the trips the user asked for (container); the system's when none were asked (the
//                       dialog's default, so that its suggested option needs no approval: freight-criteria.ts)
//                       and for an individual-truck shipment type, where the dialog locks the trips.
//   total_kg_user       capacity × user_not: what the user's trips can carry.
//   recommended_kg      min(total KG, total_kg_user): what the user's trips are recommended to carry. It differs
//                       from the total KG exactly when the trips cannot carry the goods, which is the HIGHER
//                       criterion (approval-check.ts); more trips than the system's is DIFFERENT_NOT.
//   total_cost          per KG / MT: Σ line KG × its rate (a weight-billed freight does not change with the
//                       number of trucks); per trip (is_value): cost × system_not.
//   total_cost_user_not per KG / MT: the same as total_cost; per trip: cost × user_not.
// Sorted by total cost at the system's trips (what the goods cost to carry), then by the user's, then transporter;
// the first is suggested, whatever trips the user asked for, so the suggested option and the approval criteria
// (approval-check.ts) name the same carrier.
import type { Knex } from 'knex';
import type { TransporterOption } from '../../db/resources/order-assign';
import { masterRead } from '../services/master-data';
import { NotFoundError, RuleError } from '../errors';

/** The shipment type whose trips the dialog locks (spec/2 §9): its trips are the system's. */
export const INDIVIDUAL_TRUCK = 'INDIVIDUAL_TRUCK';

const round2 = (n: number) => Math.round(n * 100) / 100;
const round3 = (n: number) => Math.round(n * 1000) / 1000;
const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').trim().toUpperCase() === (b ?? '').trim().toUpperCase();

/** A line to weigh: a SAP order line and the quantity the order takes of it. */
export interface LineToWeigh {
  Id: number;
  Qty: number;
  conversion_type?: string | null;
}

/** A line weighed: its material, category, unit, the conversion used and its KG. */
export interface WeighedLine {
  Id: number;
  sap_order_id: number;
  Material_Code: string;
  /** Materials.Material_Name, what the dialog shows; null when the material is not in the master. */
  material_name: string | null;
  category: string | null;
  Qty: number;
  UOM: string;
  conversion_type: string | null;
  factor: number;
  kg: number;
}

interface SapLineRow {
  id: string | number;
  sap_order_id: number;
  material_code: string;
  material_name: string | null;
  uom: string;
  category_code: string | null;
  company_code: string | null;
  warehouse_code: string | null;
  warehouse_conversion_type: string | null;
}

interface ConversionRow {
  material_code: string;
  from_uom: string;
  conversion_type: string;
  factor_kg: string;
  company_code: string | null;
  is_default: boolean;
}

/** The conversion type of a warehouse (Warehouse.Conversion_Type), else the company's (or group's) default one. */
export async function defaultConversionType(
  db: Knex,
  warehouse: string | null | undefined,
  company: string | null | undefined,
): Promise<string | null> {
  return masterRead(db, `default-conversion:${warehouse ?? ''}|${company ?? ''}`, async (db) => {
    if (warehouse) {
      const row = (await db('warehouses')
        .where('is_active', true)
        .whereRaw('lower(warehouse_code) = lower(?)', [warehouse])
        .first('conversion_type')) as { conversion_type: string | null } | undefined;
      if (row?.conversion_type) return row.conversion_type;
    }
    const q = db('material_conversions').where({ is_active: true, is_default: true });
    if (company)
      q.where(
        (w) => void w.whereNull('company_code').orWhereRaw('lower(company_code) = lower(?)', [company]),
      );
    else q.whereNull('company_code');
    // The company's own default before the group's; among equals the type most materials default to.
    const row = (await q
      .groupBy('conversion_type')
      .select('conversion_type')
      .orderByRaw('bool_or(company_code is not null) desc, count(*) desc, conversion_type')
      .first()) as { conversion_type: string } | undefined;
    return row?.conversion_type ?? null;
  });
}

/**
 * The factor of a material and unit: of `type` when given, else the default row; the company's row before the
 * group's. Undefined when none exists.
 */
function pickFactor(
  rows: readonly ConversionRow[],
  line: { material_code: string; uom: string },
  company: string | null,
  type: string | null,
): ConversionRow | undefined {
  const candidates = rows.filter(
    (r) =>
      same(r.material_code, line.material_code) &&
      same(r.from_uom, line.uom) &&
      (r.company_code === null || same(r.company_code, company)) &&
      (type ? same(r.conversion_type, type) : r.is_default),
  );
  return candidates.find((r) => r.company_code !== null) ?? candidates[0];
}

/** Weighs the lines in KG (see the header); a line that does not exist is a 404, one without a factor a 422. */
export async function weighLines(
  db: Knex,
  lines: readonly LineToWeigh[],
  options: { warehouse?: string | null } = {},
): Promise<WeighedLine[]> {
  if (!lines.length) return [];
  const ids = [...new Set(lines.map((l) => l.Id))];
  const rows = (await db('sap_order_details as l')
    .join('sap_orders as s', 's.id', 'l.sap_order_id')
    .leftJoin('materials as m', db.raw('lower(m.material_code) = lower(l.material_code)'))
    .leftJoin(
      'warehouses as w',
      db.raw('lower(w.warehouse_code) = lower(coalesce(?, s.warehouse_code))', [options.warehouse ?? null]),
    )
    .whereIn('l.id', ids)
    .where('l.mark_deleted', false)
    .select(
      'l.id',
      'l.sap_order_id',
      'l.material_code',
      'm.material_name',
      'l.uom',
      'm.category_code',
      's.company_code',
      's.warehouse_code',
      'w.conversion_type as warehouse_conversion_type',
    )) as SapLineRow[];
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  const missing = ids.find((id) => !byId.has(id));
  if (missing !== undefined) throw new NotFoundError('assign.lineNotFound', { id: missing });

  const materials = [...new Set(rows.map((r) => r.material_code.toLowerCase()))];
  const conversions = await masterRead(
    db,
    `conversions:${[...materials].sort().join('|')}`,
    async (db) =>
      (await db('material_conversions')
        .where('is_active', true)
        .whereRaw('lower(material_code) = any(?)', [materials])
        .select(
          'material_code',
          'from_uom',
          'conversion_type',
          'factor_kg',
          'company_code',
          'is_default',
        )) as ConversionRow[],
  );

  return lines.map((line) => {
    const row = byId.get(line.Id)!;
    const type = line.conversion_type || row.warehouse_conversion_type || null;
    let factor: number | undefined;
    let usedType: string | null = type;
    if (same(row.uom, 'KG')) factor = 1;
    else {
      const found =
        pickFactor(conversions, row, row.company_code, type) ??
        (line.conversion_type ? undefined : pickFactor(conversions, row, row.company_code, null));
      if (found) {
        factor = Number(found.factor_kg);
        usedType = found.conversion_type;
      }
    }
    if (factor === undefined) {
      throw new RuleError('NO_CONVERSION', 'assign.noConversion', {
        material: row.material_code,
        uom: row.uom,
        type: type ?? '-',
      });
    }
    return {
      Id: line.Id,
      sap_order_id: row.sap_order_id,
      Material_Code: row.material_code,
      material_name: row.material_name ?? null,
      category: row.category_code,
      Qty: line.Qty,
      UOM: row.uom,
      conversion_type: usedType,
      factor,
      kg: round3(line.Qty * factor),
    };
  });
}

/** What the freight options are asked for (list/transporter_freight, refresh, the approval check, the save). */
export interface FreightQuery {
  loading: number;
  destination: number;
  charge_oa_company: string;
  freight_date: string;
  trip_type?: string | null;
  shipment_type?: string | null;
  warehouse_code?: string | null;
  materials: readonly LineToWeigh[];
  /** The trips the user asked for; null or absent: each option's system trips. */
  container?: number | null;
  exclude_transporters?: readonly string[];
  /** Only these transporters (refresh of the chosen ones); empty or absent: all. */
  only_transporters?: readonly string[];
  truck_types?: readonly number[] | null;
}

interface RateRow {
  freight_code: string;
  transporter_code: string;
  transporter_name: string;
  truck_type_id: number;
  truck_type_name: string;
  category_code: string | null;
  material_code: string | null;
  is_value: boolean;
  cost: string;
  uom: string;
  truck_capacity_kg: string;
  valid_from: Date;
}

/** The Location code of a location id; a 422 naming the field when there is no such active location. */
async function locationCode(db: Knex, id: number, field: string): Promise<string> {
  const row = await masterRead(
    db,
    `location:${id}`,
    async (db) =>
      (await db('locations').where({ id, is_active: true }).first('location_code')) as
        { location_code: string } | undefined,
  );
  if (!row) throw new RuleError('LOCATION_NOT_FOUND', 'assign.locationNotFound', { field, id });
  return row.location_code;
}

/** What the rates of a lane are read by (freightOptions), every list sorted so that it names one question. */
interface RateQuery {
  from: string;
  to: string;
  chargeOa: string;
  freightDate: string;
  tripType: string | null;
  materials: string[];
  categories: string[];
  excluded: string[];
  only: string[];
  truckTypes: number[];
}

/** The active rates of the lane in force on the freight date, the newest contract first. */
async function readRates(db: Knex, lane: RateQuery): Promise<RateRow[]> {
  const q = db('freight_rates as r')
    .join('transporters as t', 't.transporter_code', 'r.transporter_code')
    .join('truck_types as tt', 'tt.truck_type_code', 'r.truck_type_code')
    .where({ 'r.is_active': true, 't.is_active': true, 't.excluded': false })
    .whereRaw('lower(r.loading_location_code) = lower(?)', [lane.from])
    .whereRaw('lower(r.destination_location_code) = lower(?)', [lane.to])
    .whereRaw('lower(r.charge_oa_company_code) = lower(?)', [lane.chargeOa])
    .where('r.valid_from', '<=', lane.freightDate)
    .where('r.valid_to', '>=', lane.freightDate)
    .where(
      (w) =>
        void w
          .whereRaw('lower(r.material_code) = any(?)', [lane.materials])
          .orWhere(
            (c) =>
              void c
                .whereNull('r.material_code')
                .whereRaw('lower(r.category_code) = any(?)', [lane.categories]),
          ),
    );
  if (lane.tripType) q.whereRaw('lower(r.trip_type) = lower(?)', [lane.tripType]);
  if (lane.excluded.length) q.whereRaw('not (lower(r.transporter_code) = any(?))', [lane.excluded]);
  if (lane.only.length) q.whereRaw('lower(r.transporter_code) = any(?)', [lane.only]);
  if (lane.truckTypes.length) q.whereIn('tt.id', lane.truckTypes);
  return (
    (await q
      // The newest contract first, so the first rate met per option and line is the one in force.
      .orderBy([{ column: 'r.valid_from', order: 'desc' }, { column: 'r.freight_code' }])
      .select(
        'r.freight_code',
        't.transporter_code',
        't.transporter_name',
        'tt.id as truck_type_id',
        'tt.truck_type_name',
        'r.category_code',
        'r.material_code',
        'r.is_value',
        'r.cost',
        'r.uom',
        'r.truck_capacity_kg',
        'r.valid_from',
      )) as RateRow[]
  );
}

/** Every freight option of the lane for the lines, cheapest first (see the header). */
export async function freightOptions(db: Knex, query: FreightQuery): Promise<TransporterOption[]> {
  const from = await locationCode(db, query.loading, 'loading');
  const to = await locationCode(db, query.destination, 'destination');
  const lines = await weighLines(db, query.materials, { warehouse: query.warehouse_code });
  const materials = [...new Set(lines.map((l) => l.Material_Code.toLowerCase()))];
  const categories = [...new Set(lines.flatMap((l) => (l.category ? [l.category.toLowerCase()] : [])))];

  const excluded = (query.exclude_transporters ?? []).map((c) => c.toLowerCase());
  const only = (query.only_transporters ?? []).map((c) => c.toLowerCase());
  const lane: RateQuery = {
    from,
    to,
    chargeOa: query.charge_oa_company,
    freightDate: query.freight_date,
    tripType: query.trip_type || null,
    materials: [...materials].sort(),
    categories: [...categories].sort(),
    excluded: [...excluded].sort(),
    only: [...only].sort(),
    truckTypes: [...(query.truck_types ?? [])].sort((a, b) => a - b),
  };
  const rates = await masterRead(db, `rates:${JSON.stringify(lane)}`, (db) => readRates(db, lane));

  const groups = new Map<string, RateRow[]>();
  for (const rate of rates) {
    const key = `${rate.transporter_code}|${rate.truck_type_id}`;
    const list = groups.get(key);
    if (list) list.push(rate);
    else groups.set(key, [rate]);
  }
  // The heaviest line decides the option's rate.
  const heaviestFirst = [...lines].sort((a, b) => b.kg - a.kg);
  const totalKg = round3(lines.reduce((sum, l) => sum + l.kg, 0));
  const options: TransporterOption[] = [];
  for (const group of groups.values()) {
    const rateOf = (line: WeighedLine) =>
      group.find((r) => same(r.material_code, line.Material_Code)) ??
      group.find((r) => r.material_code === null && same(r.category_code, line.category));
    const perLine = heaviestFirst.map((line) => ({ line, rate: rateOf(line) }));
    if (perLine.some((p) => !p.rate)) continue;
    const primary = perLine[0]!.rate!;
    // One basis per option: a per-trip rate and a weight rate cannot be added up into one freight.
    if (perLine.some((p) => p.rate!.is_value !== primary.is_value)) continue;
    options.push(priceOption(primary, perLine as { line: WeighedLine; rate: RateRow }[], totalKg, query));
  }
  options.sort(
    (a, b) =>
      a.total_cost - b.total_cost ||
      a.total_cost_user_not - b.total_cost_user_not ||
      a.transporter_code.localeCompare(b.transporter_code) ||
      a.key.localeCompare(b.key),
  );
  options.forEach((o, i) => (o.suggested = i === 0));
  return options;
}

function priceOption(
  primary: RateRow,
  perLine: { line: WeighedLine; rate: RateRow }[],
  totalKg: number,
  query: FreightQuery,
): TransporterOption {
  const capacity = Number(primary.truck_capacity_kg);
  const cost = Number(primary.cost);
  const systemNot = totalKg > 0 ? Math.ceil(round3(totalKg / capacity)) : 0;
  const userNot =
    same(query.shipment_type, INDIVIDUAL_TRUCK) || !query.container
      ? Math.max(systemNot, 1)
      : query.container;
  const totalKgUser = round3(capacity * userNot);
  const weightCost = perLine.reduce(
    (sum, { line, rate }) =>
      sum + line.kg * (same(rate.uom, 'MT') ? Number(rate.cost) / 1000 : Number(rate.cost)),
    0,
  );
  const totalCost = round2(primary.is_value ? cost * systemNot : weightCost);
  const totalCostUser = round2(primary.is_value ? cost * userNot : weightCost);
  return {
    key: `${primary.transporter_code}|${primary.truck_type_id}|${primary.freight_code}`,
    transporter_code: primary.transporter_code,
    transporter_name: primary.transporter_name,
    truck_type_id: primary.truck_type_id,
    truck_type_name: primary.truck_type_name,
    freight_master: primary.freight_code,
    is_value: primary.is_value,
    per: primary.is_value ? 'TRIP' : primary.uom,
    uom: primary.uom,
    numtrip: systemNot,
    cost,
    master_cost: cost,
    total_cost: totalCost,
    total_cost_user_not: totalCostUser,
    total_kg: totalKg,
    total_kg_user: totalKgUser,
    recommended_kg: round3(Math.min(totalKg, totalKgUser)),
    system_not: systemNot,
    user_not: userNot,
    freight_capacity: capacity,
    suggested: false,
    materials: perLine.map(({ line }) => ({
      Material_Code: line.Material_Code,
      material_name: line.material_name,
      Qty: line.Qty,
      UOM: line.UOM,
      kg: line.kg,
    })),
  };
}

/**
 * An option priced with another cost (the user edited the rate): the same basis, trips and KG, the totals at
 * `cost`. Weight rates scale by the ratio, so a mixed-material option keeps its lines' proportions.
 */
export function repriced(option: TransporterOption, cost: number): TransporterOption {
  if (cost === option.cost) return option;
  const ratio = option.cost > 0 ? cost / option.cost : 0;
  return {
    ...option,
    cost,
    total_cost: round2(option.is_value ? cost * option.system_not : option.total_cost * ratio),
    total_cost_user_not: round2(
      option.is_value ? cost * option.user_not : option.total_cost_user_not * ratio,
    ),
  };
}
