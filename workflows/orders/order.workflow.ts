// The life of one transport order, id `order:<Order_No>` (DESIGN §4 "Order states"): the thin shell around the
// order's rules. decide.ts says what each message does (its header draws the states); this file holds what needs
// Temporal: the handlers, the serialised apply, the deadline's timer, the loop and continue-as-new.
//
// Update validators refuse what the state does not allow before anything is written (DESIGN §2), with the same
// rules (refusalOf). Changes are made one at a time in the order they were accepted: an Update that waited behind
// another change is decided again against the state it left, so an accept that races the deadline, or two answers
// at once, decide once. Each accepted change is written by the local activity writeOrderChange (one writer per
// change kind, writers.ts) before the Update returns. Temporal holds an Update in memory until the workflow task
// that accepts it completes: a server restart (a shard moving) meanwhile forgets it, while its change, written
// inside that task, stays in PostgreSQL. The next write then finds the rows ahead of the workflow (BEHIND, with
// where they left the order): the workflow takes that state, as a run the sweep resumes does, and decides its own
// change again against it, so an ACCEPTED order whose accept Temporal lost is not auto-rejected, and nothing is
// written twice under one change number.
//
// A shipment's progress comes as a Signal (shipmentProgressSignal) and goes through the same serialised apply: the
// order keeps the latest report per shipment and its status follows them (shipments.ts deriveOrderStatus). The run
// stays open after ACCEPTED and ends when the order is cancelled; when Temporal suggests it (a long history), it
// continues as new with its state, once every handler has finished.
//
// The order's creation (DESIGN §2 "One way to change state"): the assignment starts the run with the order's rows in
// its input (`creation`) and, in the same call, the createOrder Update (update-with-start), which only waits to tell
// the API how the creation went. The run writes the rows with its first change (`assign`), in one transaction of
// the one activity, exactly as a run without them writes that change: the rows are part of the start, so an
// Update Temporal loses (a worker killed before the task that took it completed) loses no order, and the path
// (and its commands) is the one every earlier history took. A creation the ledger refuses (the quantity gone
// meanwhile) writes nothing; the Update answers the refusal and the run ends without an order.
import {
  allHandlersFinished,
  ApplicationFailure,
  condition,
  continueAsNew,
  log,
  proxyLocalActivities,
  setHandler,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import type { UpdateDefinition } from '@temporalio/common';
import { OrderNo, Status, TransporterCode } from '../search-attributes';
import type { OrderActivities } from './activities';
import {
  assignMessage,
  assignmentRefusal,
  awaitingTransporter,
  decide,
  initialState,
  refusalOf,
  stateFromRows,
  WAITING_APPROVAL,
  WAITING_EDIT_APPROVAL,
  type OrderMachineState,
  type OrderMessage,
  type Refusal,
} from './decide';
import type { OrderChange } from './changes';
import {
  cancelOrderUpdate,
  catchUpUpdate,
  changeStuffingDateUpdate,
  createOrderUpdate,
  decideApprovalUpdate,
  editAssignTransporterUpdate,
  editOrderUpdate,
  markCompleteUpdate,
  reassignDoUpdate,
  shipmentProgressSignal,
  unmarkCompleteUpdate,
  ORDER_REFUSAL,
  orderStateQuery,
  transporterAcceptUpdate,
  transporterRejectUpdate,
  type DispatchStatus,
  type OrderCatchUpResult,
  type OrderChangeResult,
  type OrderCreation,
  type OrderResume,
  type OrderState,
  type OrderStatus,
  type OrderWorkflowInput,
  type ShipmentProgressInput,
} from './messages';

const { writeOrderChange, readOrderAhead } = proxyLocalActivities<OrderActivities>({
  startToCloseTimeout: '10 seconds',
  // The user waits on the Update: retry quickly, and keep retrying while the database is away (a change that was
  // accepted must not be lost).
  retry: { initialInterval: '100 milliseconds', backoffCoefficient: 2, maximumInterval: '5 seconds' },
});

export interface OrderOutcome {
  status: OrderStatus | null;
  dispatchStatus: DispatchStatus | null;
}

const failure = (refusal: Refusal) => ApplicationFailure.nonRetryable(refusal.message, refusal.type);

/** Thrown by a write that found the rows ahead of the workflow; the workflow has taken their state meanwhile. */
class Behind extends Error {}
/** Writes of one change that may find the rows ahead before it gives up (each takes their state; one is enough). */
const BEHIND_TRIES = 3;

/** One run of the order workflow: its input, its state and the lock that makes its changes one at a time. */
interface OrderRun {
  readonly input: OrderWorkflowInput;
  readonly workflowId: string;
  state: OrderMachineState;
  /** The orders row is gone (its creation rolled back, or deleted): the run ends. */
  gone: boolean;
  /** Why the creation the run was started with wrote nothing (the createOrder Update answers it). */
  creationRefused?: ApplicationFailure;
  nextTicket: number;
  serving: number;
}

/**
 * One change at a time, in the order they asked: a ticket lock (a plain flag would let two waiters through when
 * both conditions are checked in the same pass).
 */
async function exclusive<T>(run: OrderRun, fn: () => Promise<T>): Promise<T> {
  const ticket = run.nextTicket++;
  await condition(() => run.serving === ticket);
  try {
    return await fn();
  } finally {
    run.serving++;
  }
}

const notFound = (run: OrderRun) =>
  ApplicationFailure.nonRetryable(
    `Order ${run.input.orderNo} does not exist.`,
    ORDER_REFUSAL.ORDER_NOT_FOUND,
  );

function upsertOrderAttributes(state: OrderMachineState): void {
  upsertSearchAttributes([
    { key: Status, value: state.status! },
    { key: TransporterCode, value: state.transporterCode },
  ]);
}

/** What a write that was not made answers: the refusal the activity gave. */
function writeRefusal(
  run: OrderRun,
  refusal: string | undefined,
  sapLineId: string | undefined,
): ApplicationFailure {
  const orderNo = run.input.orderNo;
  if (sapLineId !== undefined) {
    // The creation refused: the SAP line whose quantity is gone, for the API to name its item.
    return ApplicationFailure.create({
      message: `The SAP order lines of ${orderNo} no longer have the quantity it would reserve.`,
      type: ORDER_REFUSAL.QUANTITY_NOT_AVAILABLE,
      nonRetryable: true,
      details: [{ sapLineId }],
    });
  }
  if (refusal === 'QUANTITY_TOO_HIGH') {
    return ApplicationFailure.nonRetryable(
      `A line of ${orderNo} would give back more than its outstanding quantity.`,
      ORDER_REFUSAL.QUANTITY_TOO_HIGH,
    );
  }
  if (refusal === 'EDIT_NOT_FOUND') {
    return ApplicationFailure.nonRetryable(
      `Order ${orderNo} has no such edit waiting to be written.`,
      ORDER_REFUSAL.INVALID_INPUT,
    );
  }
  return ApplicationFailure.nonRetryable(
    `The SAP order lines of ${orderNo} no longer have the quantity it would reserve.`,
    ORDER_REFUSAL.QUANTITY_NOT_AVAILABLE,
  );
}

/** Writes a decided change and, once it is written, makes the decided state the run's. */
async function write(
  run: OrderRun,
  next: OrderMachineState,
  change: OrderChange,
): Promise<OrderChangeResult> {
  const { input, workflowId } = run;
  const outcome = await writeOrderChange({
    ...change,
    orderId: input.orderId,
    orderNo: input.orderNo,
    workflowId,
    sequence: run.state.sequence + 1,
    from: run.state.status,
  });
  if (!outcome.written && outcome.refusal === 'BEHIND' && outcome.resume) {
    run.state = stateFromRows(run.state, outcome.resume);
    upsertOrderAttributes(run.state);
    throw new Behind(`Order ${input.orderNo} has changes its workflow never recorded.`);
  }
  if (!outcome.found) {
    run.gone = true;
    throw notFound(run);
  }
  if (!outcome.written) throw writeRefusal(run, outcome.refusal, outcome.sapLineId);
  // The deadline as stored: a change written by an earlier attempt of this workflow task (its worker killed
  // before the task completed) keeps the deadline it wrote, not this attempt's later one.
  const stored = outcome.autoRejectDate !== undefined ? outcome.autoRejectDate : change.autoRejectDate;
  run.state = { ...next, deadline: stored ? Date.parse(stored) : null };
  upsertOrderAttributes(run.state);
  return {
    status: run.state.status!,
    dispatchStatus: run.state.dispatchStatus,
    autoRejectDate: stored,
    sequence: run.state.sequence,
    ...(outcome.unreserved ? { unreserved: outcome.unreserved } : {}),
  };
}

/**
 * Decides a message in its turn, against the state as it is then, and writes its change. Decided again when the
 * rows were found ahead: against the state they hold. Answers null when the message writes nothing.
 */
async function applyInTurn(run: OrderRun, message: OrderMessage): Promise<OrderChangeResult | null> {
  for (let tries = 1; ; tries++) {
    if (run.gone) throw notFound(run);
    const decision = decide(run.state, message, Date.now());
    if ('refusal' in decision) throw failure(decision.refusal);
    if (!decision.change) {
      run.state = decision.state;
      return null;
    }
    try {
      return await write(run, decision.state, decision.change);
    } catch (err) {
      if (!(err instanceof Behind)) throw err;
      if (tries >= BEHIND_TRIES) {
        throw ApplicationFailure.nonRetryable(err.message, ORDER_REFUSAL.NOT_ALLOWED);
      }
    }
  }
}

/** An Update's handler and validator: the same rules, the change made in its turn once the first is written. */
function handleUpdate<I>(
  run: OrderRun,
  update: UpdateDefinition<OrderChangeResult, [I]>,
  messageOf: (input: I) => OrderMessage,
): void {
  setHandler(
    update,
    async (input: I): Promise<OrderChangeResult> => {
      await condition(() => run.state.status !== null || run.gone);
      // Every Update's message makes a change to write.
      return exclusive(run, async () => (await applyInTurn(run, messageOf(input)))!);
    },
    {
      validator: (input: I) => {
        const refused = refusalOf(run.state, messageOf(input), Date.now());
        if (refused) throw failure(refused);
      },
    },
  );
}

/** A shipment's report: no answer to give, so a report the order drops (an older seq) or cannot write is logged. */
function handleShipmentProgress(run: OrderRun): void {
  setHandler(shipmentProgressSignal, async (report: ShipmentProgressInput) => {
    await condition(() => run.state.status !== null || run.gone);
    await exclusive(run, async () => {
      try {
        await applyInTurn(run, { type: 'shipmentProgress', input: report });
      } catch (err) {
        if (!(err instanceof ApplicationFailure)) throw err;
        log.info('Shipment report not applied', {
          shipmentNo: report?.shipmentNo,
          seq: report?.seq,
          why: err.message,
        });
      }
    });
  });
}

/** What a change's Update answers, from the state it left (a creation sent again answers the order as it is). */
function changeResult(state: OrderMachineState): OrderChangeResult {
  return {
    status: state.status!,
    dispatchStatus: state.dispatchStatus,
    autoRejectDate: state.deadline !== null ? new Date(state.deadline).toISOString() : null,
    sequence: state.sequence,
  };
}

/**
 * The createOrder Update: how the creation the run was started with went, once its first change is written (the
 * order as it is, also when sent again) or refused (the refusal). Refused by its validator in a run started
 * without rows.
 */
function handleCreate(run: OrderRun): void {
  setHandler(
    createOrderUpdate,
    async (): Promise<OrderChangeResult> => {
      await condition(() => run.state.status !== null || run.gone);
      if (run.creationRefused) throw run.creationRefused;
      if (run.state.status === null) throw notFound(run);
      return changeResult(run.state);
    },
    {
      validator: () => {
        if (!run.input.creation) {
          throw failure({
            type: ORDER_REFUSAL.NOT_ALLOWED,
            message: `Order ${run.input.orderNo} was not started with its rows to create.`,
          });
        }
      },
    },
  );
}

/**
 * The catchUp Update: the rows' state taken where they are ahead of the run (messages.ts catchUpUpdate), in turn
 * with the changes, so nothing is written meanwhile.
 */
function handleCatchUp(run: OrderRun): void {
  setHandler(catchUpUpdate, () =>
    exclusive(run, async (): Promise<OrderCatchUpResult> => {
      if (run.gone || run.state.status === null) throw notFound(run);
      const ahead = await readOrderAhead({
        orderId: run.input.orderId,
        orderNo: run.input.orderNo,
        workflowId: run.workflowId,
        sequence: run.state.sequence,
      });
      if (ahead) {
        run.state = stateFromRows(run.state, ahead);
        upsertOrderAttributes(run.state);
      }
      return { ...changeResult(run.state), caughtUp: ahead !== null };
    }),
  );
}

function orderState(state: OrderMachineState): OrderState {
  const { status, dispatchStatus, level, approvalLevels, approvers, deadline } = state;
  let awaiting: OrderState['awaiting'] = null;
  if (status === WAITING_APPROVAL || status === WAITING_EDIT_APPROVAL) {
    awaiting = {
      kind: 'approval',
      level,
      levels: approvalLevels,
      approvers: (approvers ?? []).filter((a) => a.level === level).map((a) => a.username),
    };
  } else if (awaitingTransporter(state) && deadline !== null) {
    awaiting = {
      kind: 'transporter',
      code: state.transporterCode,
      deadline: new Date(deadline).toISOString(),
    };
  }
  return { status, dispatchStatus, awaiting };
}

function setHandlers(run: OrderRun): void {
  handleUpdate(run, decideApprovalUpdate, (input) => ({ type: 'decideApproval', input }));
  handleUpdate(run, transporterAcceptUpdate, (input) => ({ type: 'transporterAccept', input }));
  handleUpdate(run, transporterRejectUpdate, (input) => ({ type: 'transporterReject', input }));
  handleUpdate(run, editAssignTransporterUpdate, (input) => ({ type: 'editAssignTransporter', input }));
  handleUpdate(run, editOrderUpdate, (input) => ({ type: 'editOrder', input }));
  handleUpdate(run, cancelOrderUpdate, (input) => ({ type: 'cancelOrder', input }));
  handleUpdate(run, markCompleteUpdate, (input) => ({ type: 'markComplete', input }));
  handleUpdate(run, unmarkCompleteUpdate, (input) => ({ type: 'unmarkComplete', input }));
  handleUpdate(run, changeStuffingDateUpdate, (input) => ({ type: 'changeStuffingDate', input }));
  handleUpdate(run, reassignDoUpdate, (input) => ({ type: 'reassignDo', input }));
  handleShipmentProgress(run);
  handleCreate(run);
  handleCatchUp(run);
  setHandler(orderStateQuery, () => orderState(run.state));
}

/** The order as a new run takes it up (continue-as-new): what the sweep's `resume` carries, from the state. */
function resumeOf(state: OrderMachineState): OrderResume {
  return {
    status: state.status!,
    dispatchStatus: state.dispatchStatus,
    autoRejectDate: state.deadline !== null ? new Date(state.deadline).toISOString() : null,
    transporterCode: state.transporterCode,
    sequence: state.sequence,
    approval: { level: state.level, levels: state.approvalLevels, approvers: state.approvers },
    autoRejectMs: state.autoRejectMs,
    ...(state.beforeComplete ? { beforeComplete: state.beforeComplete } : {}),
    ...(state.pendingEdit ? { edit: state.pendingEdit } : {}),
  };
}

const continueAsNewSuggested = () => workflowInfo().continueAsNewSuggested;

/** Waits for the next change: the transporter's deadline (auto-reject when it passes unanswered) or an Update. */
async function waitForChange(run: OrderRun): Promise<void> {
  const { deadline, sequence: seen } = run.state;
  const changed = () => run.state.sequence !== seen || continueAsNewSuggested();
  if (!(awaitingTransporter(run.state) && deadline !== null)) {
    // Approval pending, accepted or rejected: the next change comes from an Update or a Signal.
    await condition(() => changed() || run.gone);
    return;
  }
  if (await condition(changed, Math.max(1, deadline - Date.now()))) return;
  await exclusive(run, async () => {
    // An answer written while this waited for its turn wins; so does one that came before the deadline.
    if (run.state.sequence !== seen || !awaitingTransporter(run.state)) return;
    await applyInTurnOnce(run, { type: 'deadline' }).catch((err: unknown) => {
      // Rows ahead: their state is taken, and the loop looks again (an accept Temporal lost is kept).
      if (!(err instanceof Behind) && !run.gone) throw err;
    });
  });
}

export async function orderWorkflow(input: OrderWorkflowInput): Promise<OrderOutcome> {
  const invalid = assignmentRefusal(
    input.approvalLevels,
    input.autoRejectMs,
    input.transporterCode,
    input.approvers,
  );
  if (invalid) throw failure(invalid);
  const run: OrderRun = {
    input,
    workflowId: workflowInfo().workflowId,
    state: initialState(input),
    gone: false,
    nextTicket: 0,
    serving: 0,
  };
  for (const report of input.shipments ?? []) run.state.shipments[report.shipmentNo] = report;
  setHandlers(run);

  const resume = input.resume;
  // Started again by the sweep (or continued as new): the rows already say where the order is; nothing is
  // written twice.
  if (resume) run.state = stateFromRows(run.state, resume);
  upsertSearchAttributes([
    { key: OrderNo, value: input.orderNo },
    { key: TransporterCode, value: run.state.transporterCode },
    ...(run.state.status ? [{ key: Status, value: run.state.status }] : []),
  ]);
  if (!resume) {
    try {
      await exclusive(run, () => applyInTurnOnce(run, assignMessage(input), input.creation));
    } catch (err) {
      if (input.creation && run.state.status === null && err instanceof ApplicationFailure) {
        // The ledger refused the rows: nothing was written, there is no order (the Update answers why).
        run.creationRefused = err;
        run.gone = true;
      } else if (!(err instanceof Behind) && !run.gone) {
        // Rows ahead (this workflow id wrote before, a run that died): their state is taken. Only a vanished
        // order ends the run here; anything else is a bug to see in the UI.
        throw err;
      }
    }
  }

  // A cancelled order's life is over: the run ends (once every Update in the queue has had its answer).
  while (!run.gone && run.state.status !== 'CANCELLED') {
    if (continueAsNewSuggested() && run.state.status !== null) {
      // Every Update and Signal in progress answers in this run first; the next one starts from its state.
      await condition(allHandlersFinished);
      // The rows were written by the first run: the next one is given its state, not them.
      const { creation: _written, ...carried } = input;
      await continueAsNew<typeof orderWorkflow>({
        ...carried,
        resume: resumeOf(run.state),
        shipments: Object.values(run.state.shipments),
      });
    }
    await waitForChange(run);
  }
  await condition(allHandlersFinished);
  return { status: run.state.status, dispatchStatus: run.state.dispatchStatus };
}

/**
 * The first change: written once, not decided again when the rows are ahead (their state is the answer); with the
 * order's rows when the run creates them.
 */
async function applyInTurnOnce(
  run: OrderRun,
  message: OrderMessage,
  creation?: OrderCreation,
): Promise<void> {
  const decision = decide(run.state, message, Date.now());
  if ('refusal' in decision) throw failure(decision.refusal);
  const change = decision.change!;
  await write(run, decision.state, creation && change.kind === 'assign' ? { ...change, creation } : change);
}
