// Every entity whose workflow the sweep keeps running (DESIGN §2), by the name its schedule passes
// (schedules.ts), and the one activity that sweeps any of them (kit/sweep.ts). A new entity is one entry here and
// one schedule entry.
import { ApplicationFailure } from '@temporalio/common';
import { sapApprovalSweep } from './approvals/sweep';
import {
  runEntitySweep,
  type EntitySweep,
  type EntitySweepActivities,
  type EntitySweepInput,
  type SweepDeps,
  type SweepInput,
  type SweepResult,
} from './kit/sweep';
import { orderSweep } from './orders/sweep';

type Sweeper = (deps: SweepDeps, input: SweepInput) => Promise<SweepResult>;
const sweeper =
  <Row, Input, Key>(sweep: EntitySweep<Row, Input, Key>): Sweeper =>
  (deps, input) =>
    runEntitySweep(sweep, deps, input);

export const ENTITY_SWEEPS = {
  order: sweeper(orderSweep),
  'sap-approval': sweeper(sapApprovalSweep),
} satisfies Record<string, Sweeper>;

export type SweptEntity = keyof typeof ENTITY_SWEEPS;

export function createEntitySweepActivities(deps: SweepDeps): EntitySweepActivities {
  return {
    /** Starts the entity's workflows that never started and starts again those that died (kit/sweep.ts). */
    async sweepEntityWorkflows(input: EntitySweepInput): Promise<SweepResult> {
      const sweep = (ENTITY_SWEEPS as Partial<Record<string, Sweeper>>)[input.entity];
      if (!sweep) {
        throw ApplicationFailure.nonRetryable(`No sweep is declared for ${input.entity}.`, 'UNKNOWN_SWEEP');
      }
      return sweep(deps, input);
    },
  };
}
