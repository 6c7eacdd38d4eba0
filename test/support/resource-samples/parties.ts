// Sample overrides for resources of the parties batch whose valid records the generic generator in
// test/api/resources.test.ts cannot make on its own (children with a minimum, values that depend on others).
// None needs one: their child lists (warehouse docks, vehicle helper locations) may be empty, generated codes
// are accepted when given, and every rule between fields (date order, unique combinations) holds for the
// generator's values.
import type { SampleOverrides } from './types';

export const PARTIES_SAMPLES: SampleOverrides = {};
