// The codes an assignment names, held to their master data before anything is written (issue 27; DESIGN §3 "bad
// input gets a clear error and changes nothing"): the assign saves, edit order and edit assign transporter all
// ask checkCodes of what their body carries, and checkTransporters of the parties it gives the order to.
//
//   warehouse          an active warehouse of the SAP order's company (through its plant)
//   document type, shipment type, trip type, assign reason   an active value of its Lookup group
//   vessel             an active vessel
//   charge-OA company  an active company (another company than the order's is a criterion, DIFFERENT_OA)
//   LN type            an LN type an active incoterm rule names, or a DISTRIBUTION value
//   incoterm rule      an active incoterm rule, of the line's (or the order's) LN type when it names one
//   truck type         an active truck type
// Each wrong code is a 400 naming its field (as the body names it) and the value.
//
// The parties: a transporter document goes to transporters (each code an existing, active transporter, never a
// customer or vendor); a relation document only to its own customer or vendor (assign-context.ts, assign.ts).
import type { Knex } from 'knex';
import { RuleError, ValidationError, type FieldErrors } from '../errors';
import { masterRead } from '../services/master-data';

export type CodeKind =
  | 'warehouse_code'
  | 'document_type'
  | 'shipment_type'
  | 'trip_type'
  | 'assign_reason'
  | 'vessel'
  | 'charge_oa_company'
  | 'ln_type'
  | 'incoterm_rule'
  | 'truck_type';

/** One code of a body: where it is (the field as the body names it), what it names, and its value. */
export interface NamedCode {
  field: string;
  kind: CodeKind;
  value: string | number | null | undefined;
  /** For an incoterm rule: the LN type it must be a rule of (the line's, else the order's). */
  lnType?: string | null;
}

const LOOKUP_GROUPS: Partial<Record<CodeKind, string>> = {
  document_type: 'DOCUMENT_TYPE',
  shipment_type: 'SHIPMENT_TYPE',
  trip_type: 'FREIGHT_TRIP_TYPE',
  assign_reason: 'ASSIGN_TRANSPORTER_REASON',
};

const present = (v: string | number | null | undefined): v is string | number =>
  v !== null && v !== undefined && String(v).trim() !== '';

async function exists(db: Knex, key: string, query: (db: Knex) => Knex.QueryBuilder): Promise<boolean> {
  return masterRead(db, `assign-code:${key}`, async (db) => !!(await query(db).first(db.raw('1 as found'))));
}

/** Why a code is refused (its message), or null when it is good. */
async function problemOf(
  db: Knex,
  code: NamedCode,
  company: string | null,
): Promise<{ key: string; params?: Record<string, string> } | null> {
  const value = String(code.value).trim();
  const lower = value.toLowerCase();
  const unknown = { key: `assign.unknownCode.${code.kind}`, params: { value } };
  const group = LOOKUP_GROUPS[code.kind];
  if (group) {
    const found = await exists(db, `lookup:${group}|${lower}`, (db) =>
      db('lookups')
        .where({ lookup_group: group, is_active: true })
        .whereRaw('lower(lookup_code) = ?', [lower]),
    );
    return found ? null : unknown;
  }
  switch (code.kind) {
    case 'warehouse_code': {
      const row = await masterRead(
        db,
        `assign-code:warehouse|${lower}`,
        async (db) =>
          (await db('warehouses as w')
            .leftJoin('plants as p', 'p.plant_code', 'w.plant_code')
            .where('w.is_active', true)
            .whereRaw('lower(w.warehouse_code) = ?', [lower])
            .first('p.company_code')) as { company_code: string | null } | undefined,
      );
      if (!row) return unknown;
      if (company && (row.company_code ?? '').toLowerCase() !== company.toLowerCase()) {
        return { key: 'assign.otherCompanyWarehouse', params: { value, company } };
      }
      return null;
    }
    case 'vessel':
      return (await exists(db, `vessel|${lower}`, (db) =>
        db('vessels').where('is_active', true).whereRaw('lower(vessel_code) = ?', [lower]),
      ))
        ? null
        : unknown;
    case 'charge_oa_company':
      return (await exists(db, `company|${lower}`, (db) =>
        db('companies').where('is_active', true).whereRaw('lower(company_code) = ?', [lower]),
      ))
        ? null
        : unknown;
    case 'ln_type': {
      const ofRule = await exists(db, `ln-type|${lower}`, (db) =>
        db('incoterm_rules').where('is_active', true).whereRaw('lower(ln_type) = ?', [lower]),
      );
      const distribution = await exists(db, `lookup:DISTRIBUTION|${lower}`, (db) =>
        db('lookups')
          .where({ lookup_group: 'DISTRIBUTION', is_active: true })
          .whereRaw('lower(lookup_code) = ?', [lower]),
      );
      return ofRule || distribution ? null : unknown;
    }
    case 'incoterm_rule': {
      const row = await masterRead(
        db,
        `assign-code:incoterm-rule|${lower}`,
        async (db) =>
          (await db('incoterm_rules')
            .where('is_active', true)
            .whereRaw('lower(incoterm_rule_code) = ?', [lower])
            .first('ln_type')) as { ln_type: string | null } | undefined,
      );
      if (!row) return unknown;
      const lnType = code.lnType?.trim();
      if (lnType && row.ln_type && row.ln_type.toLowerCase() !== lnType.toLowerCase()) {
        return { key: 'assign.incotermRuleOtherLnType', params: { value, ln_type: lnType } };
      }
      return null;
    }
    case 'truck_type': {
      const id = Number(code.value);
      if (!Number.isInteger(id)) return unknown;
      return (await exists(db, `truck-type|${id}`, (db) => db('truck_types').where({ id, is_active: true })))
        ? null
        : unknown;
    }
    default:
      return null;
  }
}

/**
 * Refuses the body when one of its codes is not in its master data (see the header): a 400 with every wrong code
 * named under its field. `company` is the SAP order's (the order's) company, which the warehouse must belong to.
 */
export async function checkCodes(
  db: Knex,
  codes: readonly NamedCode[],
  company: string | null,
): Promise<void> {
  const errors: FieldErrors = {};
  for (const code of codes) {
    if (!present(code.value)) continue;
    const problem = await problemOf(db, code, company);
    if (!problem) continue;
    (errors[code.field] ??= []).push(problem);
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

/** The codes of an assign model (spec/2 §3 "Assign model"), its fields named as the body names them. */
export function assignModelCodes(
  model: {
    warehouse_code?: string | null;
    document_type?: string | null;
    shipment_type?: string | null;
    trip_type?: string | null;
    vessel?: string | null;
    vessel_code?: string | null;
    charge_oa_company?: string | null;
    ln_type?: string | null;
    ln_inco_rule?: string | null;
    relation_truck_type_id?: number | null;
    details?: readonly {
      charge_oa_company?: string | null;
      ln_type?: string | null;
      incoterm_rule?: string | null;
    }[];
    transporters?: readonly { assign_reason?: string | null; truck_type_id?: number | null }[];
  },
  prefix = '',
): NamedCode[] {
  const at = (field: string) => `${prefix}${field}`;
  const codes: NamedCode[] = [
    { field: at('warehouse_code'), kind: 'warehouse_code', value: model.warehouse_code },
    { field: at('document_type'), kind: 'document_type', value: model.document_type },
    { field: at('shipment_type'), kind: 'shipment_type', value: model.shipment_type },
    { field: at('trip_type'), kind: 'trip_type', value: model.trip_type },
    { field: at('vessel'), kind: 'vessel', value: model.vessel },
    { field: at('vessel_code'), kind: 'vessel', value: model.vessel_code },
    { field: at('charge_oa_company'), kind: 'charge_oa_company', value: model.charge_oa_company },
    { field: at('ln_type'), kind: 'ln_type', value: model.ln_type },
    { field: at('ln_inco_rule'), kind: 'incoterm_rule', value: model.ln_inco_rule, lnType: model.ln_type },
    { field: at('relation_truck_type_id'), kind: 'truck_type', value: model.relation_truck_type_id },
  ];
  (model.details ?? []).forEach((d, i) => {
    codes.push(
      { field: at(`details.${i}.charge_oa_company`), kind: 'charge_oa_company', value: d.charge_oa_company },
      { field: at(`details.${i}.ln_type`), kind: 'ln_type', value: d.ln_type },
      {
        field: at(`details.${i}.incoterm_rule`),
        kind: 'incoterm_rule',
        value: d.incoterm_rule,
        lnType: d.ln_type ?? model.ln_type,
      },
    );
  });
  (model.transporters ?? []).forEach((t, i) => {
    codes.push(
      { field: at(`transporters.${i}.assign_reason`), kind: 'assign_reason', value: t.assign_reason },
      { field: at(`transporters.${i}.truck_type_id`), kind: 'truck_type', value: t.truck_type_id },
    );
  });
  return codes;
}

/**
 * The transporters an order on a transporter document is given to (issue 27): each code an existing, active
 * transporter, never a customer's or vendor's code (a relation goes with Assign customer/vendor). Whether it has a
 * valid rate on the lane is the freight's question (approval-check.ts, NO_FREIGHT_OPTION).
 */
export async function checkTransporters(
  db: Knex,
  entries: readonly { transporter_code?: string | null }[],
): Promise<void> {
  for (const [i, entry] of entries.entries()) {
    const code = entry.transporter_code?.trim();
    if (!code) continue;
    const params = { n: i + 1, transporter: code };
    // Master data, read through its cache as the codes above are (the transporters table is on the change feed).
    const row = await masterRead(
      db,
      `assign-code:transporter|${code.toLowerCase()}`,
      async (db) =>
        ((await db('transporters')
          .whereRaw('lower(transporter_code) = lower(?)', [code])
          .first('is_active')) as { is_active: boolean } | undefined) ?? null,
    );
    if (row?.is_active) continue;
    if (row) throw new RuleError('TRANSPORTER_INACTIVE', 'assign.transporterInactive', params);
    const party = (await db.raw<{ rows: unknown[] }>(
      `select 1 from customers where lower(customer_code) = lower(?)
       union all select 1 from vendors where lower(vendor_code) = lower(?) limit 1`,
      [code, code],
    )) as { rows: unknown[] };
    if (party.rows.length) {
      throw new RuleError('RELATION_NOT_TRANSPORTER', 'assign.relationNotTransporter', params);
    }
    throw new RuleError('TRANSPORTER_NOT_FOUND', 'assign.transporterNotFound', params);
  }
}
