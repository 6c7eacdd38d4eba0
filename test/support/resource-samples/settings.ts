// Sample overrides for resources of the settings batch whose valid records the generic generator in
// test/api/resources.test.ts cannot make on its own (children with a minimum, values that depend on others).
import type { SampleOverrides } from './types';

export const SETTINGS_SAMPLES: SampleOverrides = {
  // At least one approver (minRows 1); seeded demo accounts, on two levels.
  ApprovalMatrix: () => ({
    Approvers: [
      { Username: 'logistic', Level: 1 },
      { Username: 'admin', Level: 2 },
    ],
  }),
  // Slots are optional, but a matrix without any says nothing; two ordered, non-overlapping hours.
  AppointmentMatrix: (n) => ({
    Slots: [
      { Hour_Start: 8, Hour_End: 9, Capacity_Truck: 1 + (n % 5) },
      { Hour_Start: 9, Hour_End: 10, Capacity_Truck: 2 },
    ],
  }),
  // A code is unique within its group only: one group for every sample, so "the same code in other letter
  // case" is a duplicate as the suite expects.
  Lookup: () => ({ Lookup_Group: 'TEST_GROUP' }),
};
