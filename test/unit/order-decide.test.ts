// The order's rules without Temporal (workflows/orders/decide.ts, DESIGN §4 "Order states"): every transition the
// order workflow makes and every refusal its Update validators give, as decide(state, message, now) answers them.
import {
  ASSIGNED,
  decide,
  initialState,
  refusalOf,
  stateFromRows,
  WAITING_APPROVAL,
  WAITING_EDIT_APPROVAL,
  type Decision,
  type OrderMachineState,
  type OrderMessage,
} from '../../workflows/orders/decide';
import type { ApproverRef, EditOrderInput } from '../../workflows/orders/messages';

const NOW = Date.parse('2026-03-01T08:00:00.000Z');
const HOUR = 3_600_000;
const APPROVERS: ApproverRef[] = [
  { username: 'Ana', level: 1 },
  { username: 'budi', level: 2 },
];

/** The decision's state and change, failing the test when it is a refusal. */
function accepted(decision: Decision) {
  if ('refusal' in decision) throw new Error(`refused: ${decision.refusal.type} ${decision.refusal.message}`);
  return decision;
}

/** The refusal's type, or null when the message is allowed. */
const refusedAs = (decision: Decision) => ('refusal' in decision ? decision.refusal.type : null);

function start(approvalLevels = 0, named: ApproverRef[] | null = APPROVERS): OrderMachineState {
  const approvers = named ?? undefined;
  const state = initialState({
    transporterCode: ' TRP001 ',
    approvalLevels,
    autoRejectMs: 24 * HOUR,
    approvers,
  });
  return accepted(
    decide(
      state,
      { type: 'assign', by: 'logistic', approvalLevels, autoRejectMs: 24 * HOUR, approvers },
      NOW,
    ),
  ).state;
}

const step = (state: OrderMachineState, message: OrderMessage, now = NOW) =>
  accepted(decide(state, message, now));

const accept = (by = 'trp-user', transporterCode = 'TRP001'): OrderMessage => ({
  type: 'transporterAccept',
  input: { by, transporterCode },
});
const reject = (remark = 'No truck', transporterCode = 'TRP001'): OrderMessage => ({
  type: 'transporterReject',
  input: { by: 'trp-user', transporterCode, remark },
});
const approve = (
  level: number,
  by = level === 1 ? 'ana' : 'BUDI',
  remark: string | null = null,
): OrderMessage => ({
  type: 'decideApproval',
  input: { level, approve: true, by, remark },
});
const disapprove = (level: number, remark: string | null = 'Too dear', by = 'ana'): OrderMessage => ({
  type: 'decideApproval',
  input: { level, approve: false, by, remark },
});
const editOrder = (fields: Partial<EditOrderInput> = {}): OrderMessage => ({
  type: 'editOrder',
  input: {
    by: 'logistic',
    editId: 7,
    approvalLevels: 0,
    autoRejectMs: 2 * HOUR,
    transporterCode: 'TRP001',
    transporterChanged: false,
    summary: ' Qty 10 → 8 ',
    ...fields,
  },
});
const by = { by: 'logistic' };

describe('decide: the assignment', () => {
  test('given no approval, when the order is assigned, then ASSIGNED TO TRANSPORTER, WAITING, with Auto_Reject_Date now + the AutoRejectSetting and change 1', () => {
    const state = initialState({ transporterCode: 'TRP001', approvalLevels: 0, autoRejectMs: 24 * HOUR });
    const { state: next, change } = step(state, {
      type: 'assign',
      by: ' logistic ',
      approvalLevels: 0,
      autoRejectMs: 24 * HOUR,
    });
    expect(change).toEqual({
      kind: 'assign',
      to: ASSIGNED,
      dispatchStatus: 'WAITING',
      dispatchRemark: null,
      autoRejectDate: new Date(NOW + 24 * HOUR).toISOString(),
      remark: null,
      by: 'logistic',
      at: new Date(NOW).toISOString(),
    });
    expect(next).toMatchObject({
      status: ASSIGNED,
      dispatchStatus: 'WAITING',
      deadline: NOW + 24 * HOUR,
      sequence: 1,
    });
  });

  test('given two approval levels, when the order is assigned, then WAITING FOR ASSIGN TO TRANSPORTER APPROVAL opens a round of two levels, level 1 asked, no deadline', () => {
    const state = initialState({
      transporterCode: 'TRP001',
      approvalLevels: 2,
      autoRejectMs: HOUR,
      approvers: APPROVERS,
    });
    const { state: next, change } = step(state, {
      type: 'assign',
      by: '',
      approvalLevels: 2,
      autoRejectMs: HOUR,
      approvers: APPROVERS,
    });
    expect(change).toMatchObject({
      kind: 'assign',
      to: WAITING_APPROVAL,
      dispatchStatus: null,
      autoRejectDate: null,
      by: 'system',
      approval: { kind: 'open', levels: 2, approvers: APPROVERS },
    });
    expect(next).toMatchObject({ status: WAITING_APPROVAL, level: 1, approvalLevels: 2, deadline: null });
  });

  test.each([
    ['levels not an integer', { approvalLevels: 1.5 }],
    ['levels above 20', { approvalLevels: 21 }],
    ['a level nobody decides', { approvalLevels: 3 }],
    ['an approver without a name', { approvers: [{ username: ' ', level: 1 }] }],
    ['no auto-reject time', { autoRejectMs: 0 }],
  ])('given %s, when the order is assigned, then INVALID_INPUT', (_name, fields) => {
    const state = initialState({ transporterCode: 'TRP001', approvalLevels: 0, autoRejectMs: HOUR });
    const message = {
      type: 'assign' as const,
      by: 'x',
      approvalLevels: 1,
      autoRejectMs: HOUR,
      approvers: APPROVERS,
      ...fields,
    };
    expect(refusedAs(decide(state, message, NOW))).toBe('INVALID_INPUT');
  });

  test('given no transporter, when the order is assigned, then INVALID_INPUT', () => {
    const state = initialState({ transporterCode: '  ', approvalLevels: 0, autoRejectMs: HOUR });
    expect(
      refusedAs(decide(state, { type: 'assign', by: 'x', approvalLevels: 0, autoRejectMs: HOUR }, NOW)),
    ).toBe('INVALID_INPUT');
  });
});

describe('decide: approval levels', () => {
  test('given level 1 of 2 asked, when its approver (any letter case) approves, then the level moves to 2, the status stays, and the log names the approver as the list spells it', () => {
    const { state, change } = step(start(2), approve(1, ' ANA ', ' fine '));
    expect(change).toMatchObject({
      kind: 'approve',
      to: WAITING_APPROVAL,
      by: 'Ana',
      remark: 'Level 1 approved: fine',
      approval: {
        kind: 'decide',
        level: 1,
        username: 'Ana',
        action: 'APPROVED',
        remark: 'fine',
        final: false,
      },
    });
    expect(state).toMatchObject({ status: WAITING_APPROVAL, level: 2, sequence: 2 });
  });

  test('given level 2 of 2 asked, when it approves, then ASSIGNED TO TRANSPORTER, WAITING, with a deadline from now', () => {
    const later = NOW + HOUR;
    const { state, change } = step(step(start(2), approve(1)).state, approve(2), later);
    expect(change).toMatchObject({
      kind: 'approve',
      to: ASSIGNED,
      dispatchStatus: 'WAITING',
      remark: 'Level 2 approved',
      autoRejectDate: new Date(later + 24 * HOUR).toISOString(),
      approval: { level: 2, action: 'APPROVED', final: true },
    });
    expect(state).toMatchObject({ status: ASSIGNED, dispatchStatus: 'WAITING', deadline: later + 24 * HOUR });
  });

  test('given level 1 asked, when it rejects with a remark, then REJECTED, the round ended REJECTED', () => {
    const { state, change } = step(start(2), disapprove(1));
    expect(change).toMatchObject({
      kind: 'approval-reject',
      to: 'REJECTED',
      dispatchStatus: null,
      remark: 'Level 1 rejected: Too dear',
      approval: { level: 1, action: 'REJECTED', final: true },
    });
    expect(state.status).toBe('REJECTED');
  });

  test('given a run started without approvers, when anyone decides the level, then it is taken', () => {
    expect(step(start(1, null), approve(1, 'whoever')).change).toMatchObject({
      kind: 'approve',
      to: ASSIGNED,
      by: 'whoever',
    });
  });

  test.each([
    ['a rejection without a remark', disapprove(1, '  '), 'REMARK_REQUIRED'],
    ['no approver', approve(1, ' '), 'INVALID_INPUT'],
    ['level 0', approve(0), 'INVALID_INPUT'],
    ['level 2 while level 1 is asked', approve(2), 'WRONG_LEVEL'],
    ['someone who is not an approver of level 1', approve(1, 'budi'), 'NOT_AN_APPROVER'],
  ])('given level 1 of 2 asked, when %s decides, then %s', (_name, message, type) => {
    expect(refusedAs(decide(start(2), message, NOW))).toBe(type);
  });

  test('given level 1 approved, when level 1 decides again, then ALREADY_DECIDED', () => {
    expect(refusedAs(decide(step(start(2), approve(1)).state, approve(1), NOW))).toBe('ALREADY_DECIDED');
  });

  test('given an order without approval, when an approver decides, then ALREADY_DECIDED', () => {
    expect(refusedAs(decide(start(0), approve(1), NOW))).toBe('ALREADY_DECIDED');
  });

  test('given approval pending, when the transporter answers, then NOT_ALLOWED (waiting for approval)', () => {
    expect(refusedAs(decide(start(1), accept(), NOW))).toBe('NOT_ALLOWED');
  });
});

describe("decide: the transporter's answer and the deadline", () => {
  test('given the transporter asked, when it accepts (any letter case) before the deadline, then ACCEPTED, no deadline', () => {
    const { state, change } = step(start(), accept(' trp-user ', 'trp001'));
    expect(change).toMatchObject({
      kind: 'accept',
      to: 'ACCEPTED',
      dispatchStatus: 'ACCEPTED',
      dispatchRemark: null,
      autoRejectDate: null,
      by: 'trp-user',
    });
    expect(state).toMatchObject({ status: 'ACCEPTED', deadline: null, sequence: 2 });
  });

  test('given the transporter asked, when it rejects with a remark, then REJECTED / REJECTED with the remark kept on the row and the history', () => {
    const { state, change } = step(start(), reject('  No truck  '));
    expect(change).toMatchObject({
      kind: 'reject',
      to: 'REJECTED',
      dispatchStatus: 'REJECTED',
      dispatchRemark: 'No truck',
      remark: 'No truck',
    });
    expect(state.status).toBe('REJECTED');
  });

  test('given the transporter asked, when a remark longer than 1000 characters is given, then it is kept cut to 1000', () => {
    const { change } = step(start(), reject('x'.repeat(1200)));
    expect(change!.remark).toHaveLength(1000);
  });

  test.each([
    ['a reject without a remark', reject(' '), NOW, 'REMARK_REQUIRED'],
    ['another transporter', accept('u', 'TRP002'), NOW, 'NOT_THIS_TRANSPORTER'],
    ['no user', accept(' '), NOW, 'INVALID_INPUT'],
    ['no transporter', accept('u', ''), NOW, 'INVALID_INPUT'],
    ['an answer at the deadline', accept(), NOW + 24 * HOUR, 'DEADLINE_PASSED'],
  ])('given the transporter asked, when %s comes, then %s', (_name, message, now, type) => {
    expect(refusedAs(decide(start(), message, now))).toBe(type);
  });

  test('given an answer just before the deadline, then it is taken', () => {
    expect(refusedAs(decide(start(), accept(), NOW + 24 * HOUR - 1))).toBeNull();
  });

  test('given the order accepted, when the transporter answers again, then ALREADY_DECIDED', () => {
    const acceptedState = step(start(), accept()).state;
    expect(refusedAs(decide(acceptedState, accept(), NOW))).toBe('ALREADY_DECIDED');
    expect(refusedAs(decide(acceptedState, reject(), NOW))).toBe('ALREADY_DECIDED');
  });

  test('given the transporter asked, when the deadline comes, then REJECTED / AUTO REJECTED by system', () => {
    const { state, change } = step(start(), { type: 'deadline' }, NOW + 24 * HOUR);
    expect(change).toMatchObject({
      kind: 'auto-reject',
      to: 'REJECTED',
      dispatchStatus: 'AUTO REJECTED',
      dispatchRemark: null,
      by: 'system',
      autoRejectDate: null,
    });
    expect(state).toMatchObject({ status: 'REJECTED', dispatchStatus: 'AUTO REJECTED' });
  });

  test('given the order accepted, when the deadline comes, then it changes nothing (ALREADY_DECIDED)', () => {
    expect(refusedAs(decide(step(start(), accept()).state, { type: 'deadline' }, NOW + 24 * HOUR))).toBe(
      'ALREADY_DECIDED',
    );
  });
});

describe('decide: edit assign transporter after a rejection', () => {
  const editAssign = (
    fields: Partial<{ approvalLevels: number; transporterCode: string; approvers: ApproverRef[] }> = {},
  ): OrderMessage => ({
    type: 'editAssignTransporter',
    input: {
      by: 'logistic',
      transporterCode: ' TRP002 ',
      approvalLevels: 0,
      autoRejectMs: 2 * HOUR,
      ...fields,
    },
  });

  test('given a rejected order, when it is assigned to another transporter without approval, then ASSIGNED TO TRANSPORTER with a new deadline, the new transporter kept for the sweep', () => {
    const { state, change } = step(step(start(), reject()).state, editAssign());
    expect(change).toEqual({
      kind: 'edit-assign',
      to: ASSIGNED,
      dispatchStatus: 'WAITING',
      dispatchRemark: null,
      autoRejectDate: new Date(NOW + 2 * HOUR).toISOString(),
      remark: 'Assigned to TRP002',
      by: 'logistic',
      at: new Date(NOW).toISOString(),
      transporterCode: 'TRP002',
      assignment: {
        transporterCode: 'TRP002',
        approvalLevels: 0,
        approvers: undefined,
        autoRejectMs: 2 * HOUR,
      },
    });
    expect(state).toMatchObject({ status: ASSIGNED, transporterCode: 'TRP002', autoRejectMs: 2 * HOUR });
    // The new transporter is the one asked now.
    expect(refusedAs(decide(state, accept('u', 'TRP001'), NOW))).toBe('NOT_THIS_TRANSPORTER');
    expect(refusedAs(decide(state, accept('u', 'TRP002'), NOW))).toBeNull();
  });

  test('given a rejected order, when it is assigned again with one approval level, then a new round from level 1', () => {
    const rejected = step(step(start(2), approve(1)).state, disapprove(2, 'no', 'budi')).state;
    const { state, change } = step(
      rejected,
      editAssign({ approvalLevels: 1, approvers: [{ username: 'cici', level: 1 }] }),
    );
    expect(change).toMatchObject({
      kind: 'edit-assign',
      to: WAITING_APPROVAL,
      approval: { kind: 'open', levels: 1 },
    });
    expect(state).toMatchObject({ level: 1, approvalLevels: 1 });
    expect(refusedAs(decide(state, approve(1, 'ana'), NOW))).toBe('NOT_AN_APPROVER');
    expect(step(state, approve(1, 'CICI')).change).toMatchObject({ to: ASSIGNED, by: 'cici' });
  });

  test('given an order that is not rejected, when it is assigned again, then NOT_ALLOWED', () => {
    expect(refusedAs(decide(start(), editAssign(), NOW))).toBe('NOT_ALLOWED');
  });

  test('given a rejected order, when the new assignment has a level nobody decides, then INVALID_INPUT', () => {
    expect(
      refusedAs(
        decide(
          step(start(), reject()).state,
          editAssign({ approvalLevels: 2, approvers: [{ username: 'cici', level: 1 }] }),
          NOW,
        ),
      ),
    ).toBe('INVALID_INPUT');
  });
});

describe('decide: edit order', () => {
  const acceptedState = () => step(start(), accept()).state;

  test('given an accepted order, when an edit needs no approval and keeps the transporter, then it is written at once, the status stays', () => {
    const { state, change } = step(acceptedState(), editOrder());
    expect(change).toMatchObject({
      kind: 'edit',
      to: 'ACCEPTED',
      dispatchStatus: 'ACCEPTED',
      remark: 'Qty 10 → 8',
      edit: { id: 7, action: 'apply' },
      autoRejectDate: null,
    });
    expect(change).not.toHaveProperty('transporterCode');
    expect(state.status).toBe('ACCEPTED');
  });

  test('given an order whose transporter is asked, when an edit beside it is written, then the running deadline stays', () => {
    const { change } = step(start(), editOrder(), NOW + HOUR);
    expect(change).toMatchObject({
      kind: 'edit',
      to: ASSIGNED,
      autoRejectDate: new Date(NOW + 24 * HOUR).toISOString(),
    });
  });

  test('given an accepted order, when an edit gives it to another transporter, then ASSIGNED TO TRANSPORTER, asked again with its deadline', () => {
    const { state, change } = step(
      acceptedState(),
      editOrder({ transporterChanged: true, transporterCode: 'TRP002' }),
    );
    expect(change).toMatchObject({
      kind: 'edit',
      to: ASSIGNED,
      dispatchStatus: 'WAITING',
      transporterCode: 'TRP002',
      assignment: { transporterCode: 'TRP002', approvalLevels: 0, autoRejectMs: 2 * HOUR },
      autoRejectDate: new Date(NOW + 2 * HOUR).toISOString(),
    });
    expect(state).toMatchObject({ transporterCode: 'TRP002', autoRejectMs: 2 * HOUR });
  });

  test('given an accepted order, when an edit needs approval, then WAITING FOR ORDER APPROVAL with the edit set aside; the transporter cannot act meanwhile', () => {
    const { state, change } = step(
      acceptedState(),
      editOrder({ approvalLevels: 1, approvers: [{ username: 'ana', level: 1 }] }),
    );
    expect(change).toMatchObject({
      kind: 'edit-request',
      to: WAITING_EDIT_APPROVAL,
      dispatchStatus: 'ACCEPTED',
      approval: { kind: 'open', levels: 1 },
      edit: { id: 7, action: 'request' },
    });
    expect(state.pendingEdit).toEqual({
      id: 7,
      before: 'ACCEPTED',
      beforeDispatch: 'ACCEPTED',
      transporterChanged: false,
      transporterCode: 'TRP001',
      autoRejectMs: 2 * HOUR,
    });
    expect(refusedAs(decide(state, accept(), NOW))).toBe('NOT_ALLOWED');
    expect(refusedAs(decide(state, editOrder(), NOW))).toBe('NOT_ALLOWED');
  });

  test('given an edit waiting with two levels, when level 1 approves, then it still waits at level 2; when level 2 approves, then the edit is written and the order is ACCEPTED again', () => {
    const waiting = step(acceptedState(), editOrder({ approvalLevels: 2, approvers: APPROVERS })).state;
    const level2 = step(waiting, approve(1));
    expect(level2.change).toMatchObject({
      kind: 'approve',
      to: WAITING_EDIT_APPROVAL,
      approval: { final: false },
    });
    const { state, change } = step(level2.state, approve(2));
    expect(change).toMatchObject({
      kind: 'edit-approve',
      to: 'ACCEPTED',
      dispatchStatus: 'ACCEPTED',
      edit: { id: 7, action: 'apply' },
      approval: { final: true },
    });
    expect(state.pendingEdit).toBeUndefined();
  });

  test('given an edit that changes the transporter waiting, when it is approved, then the new transporter is asked with its deadline', () => {
    const waiting = step(
      acceptedState(),
      editOrder({
        approvalLevels: 1,
        transporterChanged: true,
        transporterCode: 'TRP002',
        approvers: APPROVERS,
      }),
    ).state;
    const { state, change } = step(waiting, approve(1));
    expect(change).toMatchObject({
      kind: 'edit-approve',
      to: ASSIGNED,
      dispatchStatus: 'WAITING',
      transporterCode: 'TRP002',
      autoRejectDate: new Date(NOW + 2 * HOUR).toISOString(),
    });
    expect(state).toMatchObject({ transporterCode: 'TRP002', autoRejectMs: 2 * HOUR });
  });

  test('given an edit waiting, when a level rejects it, then it is dropped and the order is back where it was', () => {
    const waiting = step(acceptedState(), editOrder({ approvalLevels: 1, approvers: APPROVERS })).state;
    const { state, change } = step(waiting, disapprove(1));
    expect(change).toMatchObject({
      kind: 'edit-reject',
      to: 'ACCEPTED',
      dispatchStatus: 'ACCEPTED',
      edit: { id: 7, action: 'reject' },
      approval: { action: 'REJECTED', final: true },
    });
    expect(state.pendingEdit).toBeUndefined();
  });

  test('given an edit asked while the transporter had not answered, when it is rejected, then the transporter is asked again with the current setting', () => {
    const waiting = step(start(), editOrder({ approvalLevels: 1, approvers: APPROVERS })).state;
    expect(waiting.deadline).toBeNull();
    const { change } = step(waiting, disapprove(1), NOW + HOUR);
    expect(change).toMatchObject({
      kind: 'edit-reject',
      to: ASSIGNED,
      dispatchStatus: 'WAITING',
      autoRejectDate: new Date(NOW + HOUR + 24 * HOUR).toISOString(),
    });
  });

  test('given an order ASSIGNED TO DRIVER, when an edit changes the transporter, then NOT_ALLOWED', () => {
    const driver = { ...acceptedState(), status: 'ASSIGNED TO DRIVER' as const };
    expect(refusedAs(decide(driver, editOrder({ transporterChanged: true }), NOW))).toBe('NOT_ALLOWED');
    expect(refusedAs(decide(driver, editOrder(), NOW))).toBeNull();
  });

  test.each([
    ['a rejected order', 'REJECTED', {}, 'NOT_ALLOWED'],
    ['no edit id', 'ACCEPTED', { editId: 0 }, 'INVALID_INPUT'],
    ['no user', 'ACCEPTED', { by: '' }, 'INVALID_INPUT'],
  ] as const)('given %s, when it is edited, then %s', (_name, status, fields, type) => {
    expect(refusedAs(decide({ ...acceptedState(), status }, editOrder(fields), NOW))).toBe(type);
  });
});

describe('decide: cancel', () => {
  test('given an accepted order, when it is cancelled with a reason, then CANCELLED, nothing else ends', () => {
    const { state, change } = step(step(start(), accept()).state, {
      type: 'cancelOrder',
      input: { by: 'logistic', reason: ' Plant closed ' },
    });
    expect(change).toEqual(
      expect.objectContaining({
        kind: 'cancel',
        to: 'CANCELLED',
        dispatchStatus: 'ACCEPTED',
        remark: 'Plant closed',
      }),
    );
    expect(change).not.toHaveProperty('approval');
    expect(state.status).toBe('CANCELLED');
  });

  test('given approval waiting, when the order is cancelled, then its round ends too', () => {
    expect(step(start(2), { type: 'cancelOrder', input: { by: 'x', reason: 'r' } }).change).toMatchObject({
      kind: 'cancel',
      approval: { kind: 'cancel' },
    });
  });

  test('given an edit waiting for approval, when the order is cancelled, then the edit and its round end with it', () => {
    const waiting = step(
      step(start(), accept()).state,
      editOrder({ approvalLevels: 1, approvers: APPROVERS }),
    ).state;
    const { state, change } = step(waiting, { type: 'cancelOrder', input: { by: 'x', reason: 'r' } });
    expect(change).toMatchObject({
      kind: 'cancel',
      approval: { kind: 'cancel' },
      edit: { id: 7, action: 'cancel' },
    });
    expect(state.pendingEdit).toBeUndefined();
  });

  test('given a rejected order, when it is cancelled, then CANCELLED', () => {
    expect(
      step(step(start(), reject()).state, { type: 'cancelOrder', input: { by: 'x', reason: 'r' } }).change!
        .to,
    ).toBe('CANCELLED');
  });

  test.each([
    ['without a reason', 'ACCEPTED', { by: 'x', reason: ' ' }, 'REMARK_REQUIRED'],
    ['IN PROGRESS (a shipment registered in)', 'IN PROGRESS', { by: 'x', reason: 'r' }, 'NOT_ALLOWED'],
    ['COMPLETED', 'COMPLETED', { by: 'x', reason: 'r' }, 'NOT_ALLOWED'],
    ['CANCELLED', 'CANCELLED', { by: 'x', reason: 'r' }, 'NOT_ALLOWED'],
  ] as const)('given an order, when it is cancelled %s, then %s', (_name, status, input, type) => {
    expect(refusedAs(decide({ ...start(), status }, { type: 'cancelOrder', input }, NOW))).toBe(type);
  });
});

describe('decide: mark and unmark complete', () => {
  test('given an accepted order, when it is marked complete, then COMPLETED; when unmarked, then ACCEPTED again', () => {
    const marked = step(step(start(), accept()).state, { type: 'markComplete', input: by });
    expect(marked.change).toMatchObject({
      kind: 'mark-complete',
      to: 'COMPLETED',
      dispatchStatus: 'ACCEPTED',
    });
    expect(marked.state.beforeComplete).toBe('ACCEPTED');
    const unmarked = step(marked.state, { type: 'unmarkComplete', input: by });
    expect(unmarked.change).toMatchObject({
      kind: 'unmark-complete',
      to: 'ACCEPTED',
      dispatchStatus: 'ACCEPTED',
    });
    expect(unmarked.state).toMatchObject({ status: 'ACCEPTED', beforeComplete: undefined });
  });

  test('given an order IN PROGRESS, when it is marked complete and unmarked, then it goes back to IN PROGRESS', () => {
    const marked = step(
      { ...start(), status: 'IN PROGRESS', dispatchStatus: 'ACCEPTED' },
      { type: 'markComplete', input: by },
    );
    expect(step(marked.state, { type: 'unmarkComplete', input: by }).change!.to).toBe('IN PROGRESS');
  });

  test.each([
    ['mark an order the transporter has not accepted', start(), { type: 'markComplete', input: by }],
    ['unmark an order that is not COMPLETED', start(), { type: 'unmarkComplete', input: by }],
    [
      'unmark an order its shipments completed (not marked)',
      { ...start(), status: 'COMPLETED' },
      { type: 'unmarkComplete', input: by },
    ],
  ] as [string, OrderMachineState, OrderMessage][])(
    'given the order, when staff %s, then NOT_ALLOWED',
    (_name, state, message) => {
      expect(refusedAs(decide(state, message, NOW))).toBe('NOT_ALLOWED');
    },
  );

  test('given an accepted order, when mark complete comes without a user, then INVALID_INPUT', () => {
    expect(
      refusedAs(decide(step(start(), accept()).state, { type: 'markComplete', input: { by: ' ' } }, NOW)),
    ).toBe('INVALID_INPUT');
  });
});

describe('decide: stuffing date and reassign delivery order', () => {
  test('given an order whose transporter is asked, when the stuffing date changes, then the range is written beside the status and the deadline stays', () => {
    const { change, state } = step(start(), {
      type: 'changeStuffingDate',
      input: { by: 'logistic', from: '2026-03-02', to: '2026-03-04' },
    });
    expect(change).toMatchObject({
      kind: 'stuffing-date',
      to: ASSIGNED,
      dispatchStatus: 'WAITING',
      remark: '02/03/2026 – 04/03/2026',
      stuffing: { from: '2026-03-02', to: '2026-03-04' },
      autoRejectDate: new Date(NOW + 24 * HOUR).toISOString(),
    });
    expect(change).not.toHaveProperty('dispatchRemark', null);
    expect(state.deadline).toBe(NOW + 24 * HOUR);
  });

  test.each([
    ['the range backwards', { from: '2026-03-04', to: '2026-03-02' }, 'INVALID_INPUT'],
    ['a date that is not ISO', { from: '02/03/2026', to: '2026-03-04' }, 'INVALID_INPUT'],
  ])('given an accepted order, when the stuffing date has %s, then %s', (_name, range, type) => {
    expect(
      refusedAs(
        decide(
          step(start(), accept()).state,
          { type: 'changeStuffingDate', input: { by: 'x', ...range } },
          NOW,
        ),
      ),
    ).toBe(type);
  });

  test('given a rejected order, when the stuffing date changes, then NOT_ALLOWED', () => {
    expect(
      refusedAs(
        decide(
          step(start(), reject()).state,
          { type: 'changeStuffingDate', input: { by: 'x', from: '2026-03-02', to: '2026-03-02' } },
          NOW,
        ),
      ),
    ).toBe('NOT_ALLOWED');
  });

  test('given an accepted order, when part of a line is reassigned, then the lines go to the writer and the status stays', () => {
    const { change } = step(step(start(), accept()).state, {
      type: 'reassignDo',
      input: { by: 'x', lines: [{ orderDetailId: 3, qty: 2.5 }] },
    });
    expect(change).toMatchObject({
      kind: 'reassign-do',
      to: 'ACCEPTED',
      remark: null,
      reassign: [{ orderDetailId: 3, qty: 2.5 }],
    });
  });

  test.each([
    ['no lines', [], 'ACCEPTED', 'INVALID_INPUT'],
    ['a quantity of 0', [{ orderDetailId: 3, qty: 0 }], 'ACCEPTED', 'INVALID_INPUT'],
    ['an order whose transporter has not accepted', [{ orderDetailId: 3, qty: 1 }], ASSIGNED, 'NOT_ALLOWED'],
  ] as const)('given %s, when reassign comes, then %s', (_name, lines, status, type) => {
    expect(
      refusedAs(
        decide({ ...start(), status }, { type: 'reassignDo', input: { by: 'x', lines: [...lines] } }, NOW),
      ),
    ).toBe(type);
  });
});

describe('decide: before the first change and after a restart', () => {
  test('given no change written yet, when an Update is checked, then only the message itself is judged', () => {
    const state = initialState({ transporterCode: 'TRP001', approvalLevels: 0, autoRejectMs: HOUR });
    expect(refusalOf(state, accept(), NOW)).toBeNull();
    expect(refusalOf(state, reject(' '), NOW)).toMatchObject({ type: 'REMARK_REQUIRED' });
  });

  test('given the rows of an order ahead of the workflow, when their state is taken, then the workflow decides against it (the stored deadline, the edit waiting, the change number)', () => {
    const rows = stateFromRows(start(), {
      status: ASSIGNED,
      dispatchStatus: 'WAITING',
      autoRejectDate: new Date(NOW + 5 * HOUR).toISOString(),
      transporterCode: 'TRP009',
      sequence: 6,
      autoRejectMs: 5 * HOUR,
    });
    expect(rows).toMatchObject({
      status: ASSIGNED,
      transporterCode: 'TRP009',
      sequence: 6,
      deadline: NOW + 5 * HOUR,
    });
    expect(refusedAs(decide(rows, accept('u', 'TRP001'), NOW))).toBe('NOT_THIS_TRANSPORTER');
    expect(step(rows, accept('u', 'trp009')).state.sequence).toBe(7);
    expect(refusedAs(decide(rows, accept('u', 'TRP009'), NOW + 5 * HOUR))).toBe('DEADLINE_PASSED');
  });

  test('given the rows of an order whose approval waits at level 2, when their state is taken, then level 2 is the one asked', () => {
    const rows = stateFromRows(start(0), {
      status: WAITING_APPROVAL,
      dispatchStatus: null,
      autoRejectDate: null,
      transporterCode: '',
      sequence: 2,
      autoRejectMs: HOUR,
      approval: { level: 2, levels: 2, approvers: APPROVERS },
    });
    expect(rows).toMatchObject({ transporterCode: 'TRP001', level: 2, deadline: null });
    expect(refusedAs(decide(rows, approve(1), NOW))).toBe('ALREADY_DECIDED');
    expect(step(rows, approve(2)).change).toMatchObject({
      to: ASSIGNED,
      autoRejectDate: new Date(NOW + HOUR).toISOString(),
    });
  });
});

describe('decide: shipment progress', () => {
  const report = (
    shipmentNo: string,
    seq: number,
    status: string,
    progress: string | null = null,
  ): OrderMessage => ({
    type: 'shipmentProgress',
    input: { shipmentNo, seq, status, progress },
  });
  const acceptedState = () => step(start(), accept()).state;

  test('given an accepted order, when its first shipment is created, then ASSIGNED TO DRIVER is written by system', () => {
    const { state, change } = step(acceptedState(), report('SHP1', 1, 'NEW'));
    expect(change).toMatchObject({
      kind: 'shipment-progress',
      to: 'ASSIGNED TO DRIVER',
      dispatchStatus: 'ACCEPTED',
      by: 'system',
      remark: 'Shipment SHP1: NEW',
    });
    expect(state).toMatchObject({
      status: 'ASSIGNED TO DRIVER',
      sequence: 3,
      shipments: { SHP1: { seq: 1, status: 'NEW' } },
    });
  });

  test('given two shipments, when one registers in, then IN PROGRESS; when both complete, then COMPLETED (not unmarkable)', () => {
    let state = step(step(acceptedState(), report('SHP1', 1, 'NEW')).state, report('SHP2', 1, 'NEW')).state;
    const registered = step(state, report('SHP2', 2, 'IN PROGRESS', 'REGISTRATION IN'));
    expect(registered.change!.to).toBe('IN PROGRESS');
    state = step(registered.state, report('SHP1', 2, 'COMPLETED')).state;
    expect(state.status).toBe('IN PROGRESS');
    const done = step(state, report('SHP2', 5, 'COMPLETED'));
    expect(done.change!.to).toBe('COMPLETED');
    expect(refusedAs(decide(done.state, { type: 'unmarkComplete', input: by }, NOW))).toBe('NOT_ALLOWED');
  });

  test('given a shipment that reported seq 3, when seq 3 or an older one comes, then it is dropped', () => {
    const state = step(
      step(acceptedState(), report('SHP1', 1, 'NEW')).state,
      report('SHP1', 3, 'IN PROGRESS', 'REGISTRATION IN'),
    ).state;
    expect(refusedAs(decide(state, report('SHP1', 2, 'NEW'), NOW))).toBe('ALREADY_DECIDED');
    expect(refusedAs(decide(state, report('SHP1', 3, 'CANCELLED'), NOW))).toBe('ALREADY_DECIDED');
    expect(refusedAs(decide(state, report('SHP1', 4, 'CANCELLED'), NOW))).toBeNull();
  });

  test('given a report that moves no status, then it is kept and nothing is written', () => {
    const state = step(acceptedState(), report('SHP1', 1, 'NEW')).state;
    const { state: next, change } = step(state, report('SHP1', 2, 'IN PROGRESS', 'APPOINTMENT CREATED'));
    expect(change).toBeNull();
    expect(next).toMatchObject({
      status: 'ASSIGNED TO DRIVER',
      sequence: state.sequence,
      shipments: { SHP1: { seq: 2 } },
    });
  });

  test('given its only shipment cancelled, then the order is ACCEPTED again', () => {
    const state = step(acceptedState(), report('SHP1', 1, 'NEW')).state;
    expect(step(state, report('SHP1', 2, 'CANCELLED')).change!.to).toBe('ACCEPTED');
  });

  test('given an order not shipping (cancelled, marked complete, waiting for approval), when a shipment reports, then the report is kept and the status stays', () => {
    const cancelled = step(acceptedState(), { type: 'cancelOrder', input: { by: 'x', reason: 'r' } }).state;
    const { state, change } = step(cancelled, report('SHP1', 1, 'NEW'));
    expect(change).toBeNull();
    expect(state.shipments.SHP1).toMatchObject({ seq: 1 });
  });

  test.each([
    ['no Shipment_No', { shipmentNo: ' ', seq: 1, status: 'NEW' }],
    ['a seq that is not an integer', { shipmentNo: 'S', seq: 1.5, status: 'NEW' }],
    ['no status', { shipmentNo: 'S', seq: 1 } as never],
  ])('given a report with %s, then INVALID_INPUT', (_name, input) => {
    expect(refusedAs(decide(acceptedState(), { type: 'shipmentProgress', input }, NOW))).toBe(
      'INVALID_INPUT',
    );
  });
});
