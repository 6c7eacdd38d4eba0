// Why an assignment's freight asks for approval (DESIGN §4 "Freight, transporter choice and approval"; spec/2 §4
// "Edit order panel", §5.3): the criteria (the Approval Matrix Info1) of one transporter entry, each with the fact
// that makes it apply, said once for the server's check (api/orders/approval-check.ts) and the panels, which show
// the reason field as required and say why as soon as a transporter is chosen (before Check Approval).
//
// The facts are those of the Select Transporter dialog's option: the goods' KG, the trips the system counts for
// them (ceil(KG / truck capacity)) and those the user asked, the total cost by the user's trips, and the suggested
// option's total (the cheapest option at its own system trips, which is what the dialog offers by default).
//   HIGHER         the total by the user's trips is above the suggested option's total (COST_ABOVE_SUGGESTED),
//                  or the user's trips cannot carry the goods: the total KG differs from the recommended KG, the
//                  KG the user's trips can carry (TRIPS_CANNOT_CARRY);
//   DIFFERENT_NOT  the system's trips are fewer than the user's (MORE_TRIPS_THAN_SYSTEM);
//   EXCEED         the transporter goes over its quota (QUOTA);
//   DIFFERENT_OA   the freight is charged to another company than the order's (OTHER_COMPANY).
// None applies: LOWER, nothing is asked. So the suggested option at the system's trips goes straight to the
// transporter unless its quota or the charged company asks otherwise.
//
// Shared by the server and the browser: it imports nothing.

/** The Approval Matrix Info1 values a freight may be judged by (db/resources/order-assign.ts FREIGHT_CRITERIA). */
export type JudgedCriterion = 'HIGHER' | 'EXCEED' | 'DIFFERENT_NOT' | 'DIFFERENT_OA';

export const CRITERION_CAUSES = [
  'COST_ABOVE_SUGGESTED',
  'TRIPS_CANNOT_CARRY',
  'MORE_TRIPS_THAN_SYSTEM',
  'QUOTA',
  'OTHER_COMPANY',
] as const;
export type CriterionCause = (typeof CRITERION_CAUSES)[number];

/** A criterion that applies and what makes it apply; params fill its message (assign.why.<cause>). */
export interface CriterionFinding {
  criterion: JudgedCriterion;
  cause: CriterionCause;
  params: Record<string, string | number>;
}

export interface FreightFacts {
  totalKg: number;
  /** min(total KG, capacity × user trips): what the user's trips can carry of the goods. */
  recommendedKg: number;
  systemNot: number;
  userNot: number;
  /** The entry's total cost by the user's trips (at its cost, raised by hand or not). */
  totalCostUserNot: number;
  /** The suggested option's total at its system trips; null when unknown (nothing to compare with). */
  suggestedTotalCost: number | null;
  quotaExceeded?: boolean;
  /** The company the freight is charged to and the order's company; unknown ones are not compared. */
  chargeOaCompany?: string | null;
  orderCompany?: string | null;
}

const sameCode = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/** The criteria that apply to an entry, in the order the matrix names them (HIGHER first). */
export function freightCriteria(facts: FreightFacts): CriterionFinding[] {
  const found: CriterionFinding[] = [];
  if (facts.suggestedTotalCost !== null && facts.totalCostUserNot > facts.suggestedTotalCost + 0.005) {
    found.push({
      criterion: 'HIGHER',
      cause: 'COST_ABOVE_SUGGESTED',
      params: { total: facts.totalCostUserNot, suggested: facts.suggestedTotalCost },
    });
  }
  if (Math.abs(facts.totalKg - facts.recommendedKg) > 0.0005) {
    found.push({
      criterion: 'HIGHER',
      cause: 'TRIPS_CANNOT_CARRY',
      params: {
        trips: facts.userNot,
        kg: facts.recommendedKg,
        total: facts.totalKg,
        system: facts.systemNot,
      },
    });
  }
  if (facts.systemNot < facts.userNot) {
    found.push({
      criterion: 'DIFFERENT_NOT',
      cause: 'MORE_TRIPS_THAN_SYSTEM',
      params: { trips: facts.userNot, system: facts.systemNot },
    });
  }
  if (facts.quotaExceeded) found.push({ criterion: 'EXCEED', cause: 'QUOTA', params: {} });
  if (facts.chargeOaCompany && facts.orderCompany && !sameCode(facts.chargeOaCompany, facts.orderCompany)) {
    found.push({
      criterion: 'DIFFERENT_OA',
      cause: 'OTHER_COMPANY',
      params: { company: facts.chargeOaCompany, order: facts.orderCompany },
    });
  }
  return found;
}

/** The criteria once each, in the order found. */
export function criteriaOf(findings: readonly CriterionFinding[]): JudgedCriterion[] {
  return [...new Set(findings.map((f) => f.criterion))];
}
