// The transporter block's total by the user's trips is the server's (api/orders/freight.ts): per KG or MT it is
// the cost times the KG of the goods, whatever the trucks could carry; per trip, the cost times the trips. A
// freshly chosen option and the same option after a refresh (util/refresh_freight_cost) show the same total.
import type { TransporterOption } from '../../db/resources/order-assign';
import {
  entryFromOption,
  totalByUserTrips,
  withRefreshedFreight,
} from '../../console/src/pages/orders/assign/model';

/** 51 TON of goods on two 35 TON trucks at 100 per KG: the goods weigh less than the trucks could carry. */
const perKg: TransporterOption = {
  key: 'TRP001|3|FR-1',
  transporter_code: 'TRP001',
  transporter_name: 'PT Angkut Satu',
  truck_type_id: 3,
  truck_type_name: 'Tronton',
  freight_master: 'FR-1',
  is_value: false,
  per: 'KG',
  uom: 'KG',
  numtrip: 2,
  cost: 100,
  master_cost: 100,
  total_cost: 5_100_000,
  total_cost_user_not: 5_100_000,
  total_kg: 51_000,
  total_kg_user: 70_000,
  recommended_kg: 51_000,
  system_not: 2,
  user_not: 2,
  freight_capacity: 35_000,
  suggested: true,
  materials: [{ Material_Code: 'FG-CPO', Qty: 51, UOM: 'TON', kg: 51_000 }],
};

describe('assign panel freight figures', () => {
  it('given a per-KG option whose trucks could carry more than the goods, when it is chosen, then the total by user trips is the server’s: the cost times the goods’ KG', () => {
    const entry = entryFromOption(perKg, perKg, 2, false, '2026-11-20');
    expect(totalByUserTrips(entry)).toBe(perKg.total_cost_user_not);
  });

  it('given a chosen per-KG option, when the same figures come back from a refresh, then the total by user trips does not move', () => {
    const chosen = entryFromOption(perKg, perKg, 2, false, '2026-11-20');
    const refreshed = withRefreshedFreight(chosen, perKg);
    expect(totalByUserTrips(refreshed)).toBe(totalByUserTrips(chosen));
  });

  it('given a per-MT option, when it is chosen, then the total is the cost times the goods’ tonnes', () => {
    const perMt = {
      ...perKg,
      per: 'MT',
      uom: 'MT',
      cost: 100_000,
      total_cost: 5_100_000,
      total_cost_user_not: 5_100_000,
    };
    expect(totalByUserTrips(entryFromOption(perMt, perMt, 2, false, null))).toBe(5_100_000);
  });
});
