// Whether an assignment needs approval, and whose (DESIGN §4 "Freight, transporter choice and approval"; spec/2
// §4 "Assign panel", §5.3, §7 util/check_approval). The panel's Check Approval and the save both call
// evaluateAssignment, so the save asks exactly the levels the check showed, computed again from the database and
// never taken from the client's approval_matrix.
//
// Per transporter entry, priced on the lane as the Select Transporter dialog priced it (freight.ts) at the user's
// trips, or at the system's when the entry names none (the dialog's default), the criteria that apply (the
// Approval Matrix Info1, db/resources/freight-criteria.ts, the rules the panels show before the check):
//   HIGHER         the total by the user's trips is above the suggested option's (the cheapest at its system
//                  trips), or the total KG differs from the recommended KG (the user's trips cannot carry it);
//   DIFFERENT_NOT  the system's trips are fewer than the user's;
//   EXCEED         the transporter goes over its quota (assign-quota.ts);
//   DIFFERENT_OA   the freight is charged to another company than the order's.
// Any of them needs a reason (require_reason) and asks its matrix's approvers; criteria_detail says why each one
// applies. None: LOWER, the cost is excluded from approval (nothing is asked): the suggested option at the
// system's trips goes straight to the transporter. A relation (the customer or vendor collects) has no freight
// and no approval.
//
// Who approves: for each criterion that applies, the Approval Matrix of that Info1 chosen for the first SAP order
// as every approval chooses one (workflows/approvals/matrix.ts). Their active approvers are merged level by level
// across matrices, then the requester is taken out (workflows/approvals/approvers.ts excludeRequester: nobody approves
// their own request; administrators stand in on a level the requester alone held).
import type { Knex } from 'knex';
import {
  APPROVAL_CRITERIA,
  type Approver,
  type AssignModel,
  type AssignTransporter,
  type FreightCriterion,
  type TransporterOption,
} from '../../db/resources/order-assign';
import { criteriaOf, freightCriteria, type CriterionFinding } from '../../db/resources/freight-criteria';
import {
  excludeRequester,
  findApprovalMatrix,
  matrixApprovers as activeApprovers,
  type ApproverRef,
} from '../../workflows/approvals';
import { RuleError } from '../errors';
import { masterRead } from '../services/master-data';
import type { AuthUser } from '../services/session';
import type { AssignSapOrder, ShipmentTypeCategory } from './assign-context';
import { checkQuota } from './assign-quota';
import { freightOptions, repriced } from './freight';

/** The order a rule fails in: the first four checks of spec/2 §5.2, also asked of a check of approval. */
export function requireLane(model: AssignModel): {
  loading: number;
  destination: number;
  chargeOa: string;
  freightDate: string;
} {
  const { loading_destination_from_id: loading, loading_destination_to_id: destination } = model;
  if (!loading) throw new RuleError('REQUIRE_LOADING', 'assign.require_loading');
  if (!destination) throw new RuleError('REQUIRE_DESTINATION', 'assign.require_destination');
  if (!model.charge_oa_company) {
    throw new RuleError('REQUIRE_CHARGE_OA_COMPANY', 'assign.require_charge_oa_company');
  }
  if (!model.freight_date) throw new RuleError('REQUIRE_FREIGHT_DATE', 'assign.require_freight_date');
  return { loading, destination, chargeOa: model.charge_oa_company, freightDate: model.freight_date };
}

/** The lines the order takes (include_merge); at least one (spec/2 §5.3). */
export function includedLines(model: AssignModel): AssignModel['details'] {
  const lines = model.details.filter((d) => d.include_merge);
  if (!lines.length) throw new RuleError('REQUIRE_LINE', 'assign.require_line');
  return lines;
}

/** A transporter entry as the server priced and judged it. */
export interface EvaluatedTransporter {
  /** The entry with the server's figures, criteria and require_reason (transporter_data of check_approval). */
  entry: AssignTransporter;
  /** The freight option it was priced with; null for a relation. */
  option: TransporterOption | null;
  /** The criteria that ask for approval (APPROVAL_CRITERIA). */
  criteria: FreightCriterion[];
  /** Why each of them applies. */
  findings: CriterionFinding[];
  exceedMessage: { key: string; params: Record<string, string | number> } | null;
}

export interface AssignmentEvaluation {
  transporters: EvaluatedTransporter[];
  /** Who decides which level, the requester taken out (the workflow's input). */
  approvers: ApproverRef[];
  /** The same, as check_approval answers them. */
  approvalList: Approver[];
  approvalLevels: number;
}

export interface EvaluationContext {
  db: Knex;
  user: AuthUser;
  now: Date;
  /** The SAP orders of the assignment, the first one fixing the scope. */
  sapOrders: readonly AssignSapOrder[];
  category: ShipmentTypeCategory;
}

const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').trim().toUpperCase() === (b ?? '').trim().toUpperCase();

/** Prices and judges every transporter entry and finds the approvers (see the header). */
export async function evaluateAssignment(
  ctx: EvaluationContext,
  model: AssignModel,
): Promise<AssignmentEvaluation> {
  const first = ctx.sapOrders[0]!;
  if (ctx.category === 'RELATION') {
    return {
      transporters: model.transporters.map((entry) => ({
        entry: { ...entry, freight_criteria: null, require_reason: false },
        option: null,
        criteria: [],
        findings: [],
        exceedMessage: null,
      })),
      approvers: [],
      approvalList: [],
      approvalLevels: 0,
    };
  }
  const lane = requireLane(model);
  const lines = includedLines(model).map((d) => ({
    Id: d.Id,
    Qty: d.Qty,
    conversion_type: d.conversion_type,
  }));
  // By the trips asked; 0: each option at its system trips.
  const optionsByTrips = new Map<number, TransporterOption[]>();
  const optionsFor = async (trips: number) => {
    let options = optionsByTrips.get(trips);
    if (!options) {
      options = await freightOptions(ctx.db, {
        loading: lane.loading,
        destination: lane.destination,
        charge_oa_company: lane.chargeOa,
        freight_date: lane.freightDate,
        trip_type: model.trip_type,
        shipment_type: model.shipment_type,
        warehouse_code: model.warehouse_code,
        materials: lines,
        container: trips || null,
      });
      optionsByTrips.set(trips, options);
    }
    return options;
  };

  const transporters: EvaluatedTransporter[] = [];
  for (const [i, entry] of model.transporters.entries()) {
    if (!entry.transporter_code) {
      throw new RuleError('REQUIRE_TRANSPORTER', 'assign.item_require_transporter', { n: i + 1 });
    }
    // The user's trips; none named: the system's, as the dialog offers them by default.
    const options = await optionsFor(entry.user_not ?? entry.freight_container ?? 0);
    const ofTransporter = options.filter((o) => same(o.transporter_code, entry.transporter_code));
    const option =
      ofTransporter.find((o) => same(o.freight_master, entry.freight_master)) ??
      ofTransporter.find((o) => o.truck_type_id === entry.truck_type_id) ??
      ofTransporter[0];
    if (!option) {
      throw new RuleError('NO_FREIGHT_OPTION', 'assign.noFreightOption', {
        n: i + 1,
        transporter: entry.transporter_code,
      });
    }
    // The suggested option is the cheapest at its system trips, whatever trips were asked (freight.ts).
    const suggested = (await optionsFor(0))[0] ?? options[0]!;
    const priced = entry.freight_cost != null ? repriced(option, entry.freight_cost) : option;
    const quota = await checkQuota(ctx.db, {
      transporterCode: option.transporter_code,
      sapOrder: first,
      kg: priced.total_kg,
      now: ctx.now,
    });
    const findings = freightCriteria({
      totalKg: priced.total_kg,
      recommendedKg: priced.recommended_kg,
      systemNot: priced.system_not,
      userNot: priced.user_not,
      totalCostUserNot: priced.total_cost_user_not,
      suggestedTotalCost: suggested.total_cost,
      quotaExceeded: quota.exceed,
      chargeOaCompany: lane.chargeOa,
      orderCompany: first.company_code ?? '',
    });
    const criteria: FreightCriterion[] = criteriaOf(findings);
    transporters.push({
      entry: {
        ...entry,
        transporter_code: option.transporter_code,
        transporter_name: option.transporter_name,
        truck_type_id: option.truck_type_id,
        freight_cost: priced.cost,
        freight_total_cost: priced.total_cost,
        freight_total_cost_user_not: priced.total_cost_user_not,
        freight_suggested: suggested.cost,
        freight_container: entry.freight_container ?? priced.user_not,
        freight_uom: priced.uom,
        freight_value: priced.is_value,
        freight_master: priced.freight_master,
        freight_criteria: criteria[0] ?? 'LOWER',
        system_not: priced.system_not,
        user_not: priced.user_not,
        require_reason: criteria.length > 0,
        freight_date: lane.freightDate,
      },
      option: priced,
      criteria,
      findings,
      exceedMessage: quota.message,
    });
  }

  const applying = APPROVAL_CRITERIA.filter((c) => transporters.some((t) => t.criteria.includes(c)));
  const approvers = await matrixApprovers(ctx.db, first, applying);
  const administrators = await masterRead(
    ctx.db,
    'administrators',
    async (db) =>
      (await db('users')
        .where({ is_admin: true, is_active: true })
        .orderBy('username')
        .pluck('username')) as string[],
  );
  // Level by level, so each level that stays keeps the criteria it was asked for.
  const levels = [...new Set(approvers.map((a) => a.level))].sort((a, b) => a - b);
  const refs: ApproverRef[] = [];
  const approvalList: Approver[] = [];
  const names = await fullNames(ctx.db, [...approvers.map((a) => a.username), ...administrators]);
  for (const level of levels) {
    const onLevel = approvers.filter((a) => a.level === level);
    const kept = excludeRequester(
      onLevel.map((a) => ({ username: a.username, level: 1 })),
      ctx.user.username,
      administrators,
    );
    if (!kept.length) continue;
    const renumbered = new Set(refs.map((r) => r.level)).size + 1;
    for (const k of kept) {
      refs.push({ username: k.username, level: renumbered });
      const own = onLevel.find((a) => same(a.username, k.username));
      approvalList.push({
        Username: k.username,
        fullname: names.get(k.username.toLowerCase()) ?? null,
        Level: renumbered,
        Info1: own?.info1 ?? onLevel[0]!.info1,
      });
    }
  }
  return {
    transporters,
    approvers: refs,
    approvalList,
    approvalLevels: new Set(refs.map((r) => r.level)).size,
  };
}

interface MatrixApprover {
  username: string;
  level: number;
  info1: FreightCriterion;
}

/**
 * The approvers of the most specific active matrix per criterion, each matrix's levels renumbered 1..n over its
 * active users, merged across matrices (one row per level and person; the first criterion names it).
 */
async function matrixApprovers(
  db: Knex,
  order: AssignSapOrder,
  criteria: readonly FreightCriterion[],
): Promise<MatrixApprover[]> {
  const merged = new Map<string, MatrixApprover>();
  if (!order.company_code) return [];
  for (const criterion of criteria) {
    const matrix = await masterRead(
      db,
      `matrix:${criterion}|${[
        order.company_code,
        order.order_type,
        order.product_category,
        order.purchase_organization,
        order.document_type,
        order.distribution,
      ].join('|')}`,
      (db) => findApprovalMatrix(db, order, criterion),
    );
    if (!matrix) continue;
    // Levels renumbered 1..n over the matrix's active users.
    const rows = await masterRead(db, `matrix-approvers:${matrix.id}`, (db) =>
      activeApprovers(db, matrix.id),
    );
    for (const r of rows) {
      const level = r.level;
      const key = `${level}|${r.username.toLowerCase()}`;
      if (!merged.has(key)) merged.set(key, { username: r.username, level, info1: criterion });
    }
  }
  return [...merged.values()].sort((a, b) => a.level - b.level || a.username.localeCompare(b.username));
}

async function fullNames(db: Knex, usernames: readonly string[]): Promise<Map<string, string>> {
  const lower = [...new Set(usernames.map((u) => u.toLowerCase()))].sort();
  if (!lower.length) return new Map();
  const rows = await masterRead(
    db,
    `full-names:${lower.join('|')}`,
    async (db) =>
      (await db('users').whereRaw('lower(username) = any(?)', [lower]).select('username', 'full_name')) as {
        username: string;
        full_name: string;
      }[],
  );
  return new Map(rows.map((r) => [r.username.toLowerCase(), r.full_name]));
}
