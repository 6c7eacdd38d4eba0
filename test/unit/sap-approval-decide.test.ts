// The SAP order approval's rules without Temporal (workflows/approvals/decide.ts): every transition the approval
// workflow makes and every refusal its Update validators give, as decide(state, message) answers them, and the
// decision inputs the activity's writers are picked by (workflows/approvals/changes.ts).
import { decisionInputOf, decisionKindOf, type DecisionChange } from '../../workflows/approvals/changes';
import {
  awaiting,
  decide,
  initialState,
  refusalOf,
  settle,
  WAITING,
  type ApprovalMachineState,
  type ApprovalMessage,
  type Decision,
  type ResolvedAnswer,
} from '../../workflows/approvals/decide';
import type { ApproverRef } from '../../workflows/approvals/messages';

/** Three levels as an Approval Matrix gives them (two approvers on level 1). */
const MATRIX: ApproverRef[] = [
  { username: 'Ana', level: 1 },
  { username: 'supervisor', level: 1 },
  { username: 'budi', level: 2 },
  { username: 'admin', level: 3 },
];

function accepted(decision: Decision) {
  if ('refusal' in decision) throw new Error(`refused: ${decision.refusal.type} ${decision.refusal.message}`);
  return decision;
}

const refusedAs = (decision: Decision) => ('refusal' in decision ? decision.refusal : null);

const answer = (over: Partial<ResolvedAnswer> = {}): ResolvedAnswer => ({
  found: true,
  status: WAITING,
  currentLevel: 1,
  maxLevel: 3,
  approvers: MATRIX,
  ...over,
});

/** A run whose approvers are resolved. */
const waiting = (over: Partial<ResolvedAnswer> = {}): ApprovalMachineState =>
  accepted(decide(initialState(), { type: 'resolved', answer: answer(over) })).state;

const approve = (username: string, remark?: string | null): ApprovalMessage => ({
  type: 'approve',
  input: { username, remark },
});
const reject = (username: string, remark?: string | null): ApprovalMessage => ({
  type: 'reject',
  input: { username, remark },
});

const step = (state: ApprovalMachineState, message: ApprovalMessage) => accepted(decide(state, message));

describe('resolving the approvers', () => {
  test('given a new run, when nothing is known yet, then it is RESOLVING at level 1 of 1 with nobody awaited', () => {
    const state = initialState();
    expect(state).toEqual({
      status: 'RESOLVING',
      approvers: [],
      currentLevel: 1,
      maxLevel: 1,
      cancel: null,
      decisions: [],
    });
    expect(awaiting(state)).toEqual([]);
  });

  test('given the approvers written, when the answer comes, then the approval waits at level 1 for its approvers and nothing is written', () => {
    const { state, change } = step(initialState(), { type: 'resolved', answer: answer() });
    expect(change).toBeNull();
    expect(state).toMatchObject({ status: WAITING, currentLevel: 1, maxLevel: 3, approvers: MATRIX });
    expect(awaiting(state)).toEqual(['Ana', 'supervisor']);
  });

  test('given a run the sweep started again after level 1 was approved, when the stored rows answer level 2, then level 2 is asked and level 1 may no longer decide', () => {
    const state = waiting({ currentLevel: 2 });
    expect(awaiting(state)).toEqual(['budi']);
    expect(refusedAs(decide(state, approve('Ana')))?.type).toBe('NOT_AN_APPROVER');
    expect(step(state, approve('budi')).change).toMatchObject({ kind: 'advance', level: 2, nextLevel: 3 });
  });

  test('given an approval already decided in the rows, when the run resolves it, then it takes that status and refuses decisions', () => {
    const state = waiting({ status: 'APPROVED', currentLevel: 3 });
    expect(state.status).toBe('APPROVED');
    expect(refusedAs(decide(state, approve('admin')))).toEqual({
      type: 'APPROVAL_FINISHED',
      message: 'The approval is APPROVED.',
    });
  });

  test('given no approvals row or no SAP order, when the answer says not found, then the approval is CANCELLED and a cancel by system is written whatever the rows answer', () => {
    const before = initialState();
    const decided = step(before, {
      type: 'resolved',
      answer: answer({ found: false, status: 'CANCELLED', maxLevel: 1, approvers: [] }),
    });
    expect(decided.change).toEqual({ kind: 'cancel', by: 'system', cause: 'gone' });
    expect(decided.state.status).toBe('CANCELLED');
    expect(settle(before, decided, { found: true, status: 'WAITING FOR APPROVAL' }).status).toBe('CANCELLED');
  });
});

describe('deciding level by level', () => {
  test('given three levels, when each level approves in turn, then levels 1 and 2 ask the next level, level 3 makes the approval APPROVED, and the decisions are listed in order', () => {
    let state = waiting();
    const first = step(state, approve('supervisor'));
    expect(first.change).toEqual({
      kind: 'advance',
      level: 1,
      username: 'supervisor',
      remark: null,
      nextLevel: 2,
    });
    expect(first.state).toMatchObject({ status: WAITING, currentLevel: 2 });
    expect(awaiting(first.state)).toEqual(['budi']);
    state = first.state;

    const second = step(state, approve('budi', '  ok  '));
    expect(second.change).toEqual({
      kind: 'advance',
      level: 2,
      username: 'budi',
      remark: 'ok',
      nextLevel: 3,
    });
    state = second.state;

    const third = step(state, approve('admin'));
    expect(third.change).toEqual({ kind: 'approve', level: 3, username: 'admin', remark: null });
    expect(third.state).toMatchObject({ status: 'APPROVED', currentLevel: 3 });
    expect(third.state.decisions).toEqual([
      { level: 1, username: 'supervisor', action: 'APPROVED' },
      { level: 2, username: 'budi', action: 'APPROVED' },
      { level: 3, username: 'admin', action: 'APPROVED' },
    ]);
    expect(awaiting(third.state)).toEqual(['admin']);
  });

  test('given one level, when an approver of it approves, then the approval is APPROVED at once', () => {
    const state = waiting({ maxLevel: 1, approvers: [{ username: 'admin', level: 1 }] });
    const { state: after, change } = step(state, approve('admin'));
    expect(change).toEqual({ kind: 'approve', level: 1, username: 'admin', remark: null });
    expect(after).toMatchObject({ status: 'APPROVED', currentLevel: 1 });
  });

  test.each([1, 2, 3])(
    'given the approval at level %i, when an approver of that level rejects with a remark, then the approval is REJECTED at that level with the remark trimmed',
    (level) => {
      let state = waiting();
      for (const username of ['supervisor', 'budi'].slice(0, level - 1)) {
        state = step(state, approve(username)).state;
      }
      const username = MATRIX.find((a) => a.level === level)!.username;
      const { state: after, change } = step(state, reject(username, ' Customer belum bayar '));
      expect(change).toEqual({ kind: 'reject', level, username, remark: 'Customer belum bayar' });
      expect(after).toMatchObject({ status: 'REJECTED', currentLevel: level });
      expect(after.decisions.at(-1)).toEqual({ level, username, action: 'REJECTED' });
    },
  );

  test('given an approver named in another letter case, when they decide, then the decision carries the name as the approvers list spells it', () => {
    const { change } = step(waiting(), approve('ANA'));
    expect(change).toMatchObject({ username: 'Ana' });
  });

  test('given a decision, when it is decided, then the state it was decided from is left as it was', () => {
    const state = waiting();
    const copy = structuredClone(state);
    step(state, approve('supervisor'));
    expect(state).toEqual(copy);
  });
});

describe('refusals', () => {
  test('given level 1 asked, when a level-2 approver, the level-3 approver or someone not on the matrix decides, then each is refused as not an approver of level 1', () => {
    const state = waiting();
    for (const username of ['budi', 'admin', 'logistic']) {
      expect(refusedAs(decide(state, approve(username)))).toEqual({
        type: 'NOT_AN_APPROVER',
        message: `${username} is not an approver of level 1.`,
      });
      expect(refusedAs(decide(state, reject(username, 'no')))?.type).toBe('NOT_AN_APPROVER');
    }
  });

  test.each([undefined, null, '', '   '])(
    'given a rejection with remark %p, when it is checked (waiting, resolving, or finished), then it is refused as needing a remark before anything else',
    (remark) => {
      const expected = { type: 'REMARK_REQUIRED', message: 'A rejection needs a remark.' };
      expect(refusedAs(decide(waiting(), reject('supervisor', remark)))).toEqual(expected);
      expect(refusalOf(initialState(), reject('supervisor', remark))).toEqual(expected);
      const approved = step(waiting({ maxLevel: 1 }), approve('supervisor')).state;
      expect(refusedAs(decide(approved, reject('logistic', remark)))).toEqual(expected);
    },
  );

  test('given an approval APPROVED or REJECTED, when anyone decides again, then it is refused as finished with its status', () => {
    const approved = step(waiting({ maxLevel: 1 }), approve('Ana')).state;
    const rejected = step(waiting(), reject('Ana', 'no')).state;
    expect(refusedAs(decide(approved, approve('supervisor')))).toEqual({
      type: 'APPROVAL_FINISHED',
      message: 'The approval is APPROVED.',
    });
    expect(refusedAs(decide(rejected, reject('supervisor', 'too')))).toEqual({
      type: 'APPROVAL_FINISHED',
      message: 'The approval is REJECTED.',
    });
  });

  test('given two approvers of one level whose Updates were both accepted, when the second is decided again after the first was written, then it is refused as finished', () => {
    const state = waiting({ maxLevel: 1 });
    expect(refusalOf(state, approve('Ana'))).toBeNull();
    expect(refusalOf(state, approve('supervisor'))).toBeNull();
    const first = step(state, approve('Ana')).state;
    expect(refusedAs(decide(first, approve('supervisor')))?.type).toBe('APPROVAL_FINISHED');
  });

  test('given the approvers not known yet, when a decision is validated, then only its remark is checked (the handler waits), and decide itself takes none', () => {
    expect(refusalOf(initialState(), approve('anyone'))).toBeNull();
    expect(refusedAs(decide(initialState(), approve('anyone')))?.type).toBe('APPROVAL_FINISHED');
  });

  test('given the resolved answer and the withdrawal, when refusalOf is asked, then they are never refused', () => {
    expect(refusalOf(initialState(), { type: 'resolved', answer: answer() })).toBeNull();
    expect(refusalOf(waiting(), { type: 'withdraw' })).toBeNull();
  });
});

describe('withdrawal (the cancel Signal)', () => {
  test('given a waiting approval, when the cancel Signal comes twice, then the first is kept, decisions are refused as CANCELLED, and the withdrawal writes a cancel by its sender', () => {
    const state = waiting();
    const once = step(state, { type: 'cancelRequested', input: { by: 'logistic', reason: 'deleted' } });
    expect(once.change).toBeNull();
    const twice = step(once.state, { type: 'cancelRequested', input: { by: 'someone else' } });
    expect(twice.state.cancel).toEqual({ by: 'logistic', reason: 'deleted' });
    expect(twice.state.status).toBe(WAITING);
    expect(refusedAs(decide(twice.state, approve('Ana')))).toEqual({
      type: 'APPROVAL_FINISHED',
      message: 'The approval is CANCELLED.',
    });

    const withdrawn = step(twice.state, { type: 'withdraw' });
    expect(withdrawn.change).toEqual({ kind: 'cancel', by: 'logistic', cause: 'withdrawn' });
    expect(withdrawn.state.status).toBe('CANCELLED');
    expect(settle(twice.state, withdrawn, { found: true, status: 'CANCELLED' }).status).toBe('CANCELLED');
  });

  test('given a withdrawal whose rows were decided meanwhile, when the write answers their status, then the approval takes it', () => {
    const state = step(waiting(), { type: 'cancelRequested', input: { by: 'logistic' } }).state;
    const withdrawn = step(state, { type: 'withdraw' });
    expect(settle(state, withdrawn, { found: true, status: 'APPROVED' }).status).toBe('APPROVED');
  });

  test('given an approval that is no longer waiting, or waiting with no cancel asked, when the run closes, then nothing is withdrawn', () => {
    const approved = step(waiting({ maxLevel: 1 }), approve('Ana')).state;
    const decided = step({ ...approved, cancel: { by: 'logistic' } }, { type: 'withdraw' });
    expect(decided.change).toBeNull();
    expect(decided.state.status).toBe('APPROVED');
    expect(step(waiting(), { type: 'withdraw' }).change).toBeNull();
  });
});

describe('a decision whose write finds no approvals row', () => {
  test('given the order deleted while the decision was written, when the write answers not found, then the approval is CANCELLED with no decision taken and the level unchanged', () => {
    const before = waiting();
    const decided = step(before, approve('supervisor'));
    const after = settle(before, decided, { found: false, status: 'CANCELLED' });
    expect(after).toMatchObject({ status: 'CANCELLED', currentLevel: 1, decisions: [] });
    expect(settle(before, decided, { found: true, status: WAITING })).toBe(decided.state);
  });
});

describe('decision inputs and their writers', () => {
  const cases: [DecisionChange, ReturnType<typeof decisionInputOf>][] = [
    [
      { kind: 'advance', level: 1, username: 'Ana', remark: null, nextLevel: 2 },
      { level: 1, username: 'Ana', action: 'APPROVED', remark: null, final: null, nextLevel: 2 },
    ],
    [
      { kind: 'approve', level: 3, username: 'admin', remark: 'ok' },
      { level: 3, username: 'admin', action: 'APPROVED', remark: 'ok', final: 'APPROVED', nextLevel: 3 },
    ],
    [
      { kind: 'reject', level: 2, username: 'budi', remark: 'no' },
      { level: 2, username: 'budi', action: 'REJECTED', remark: 'no', final: 'REJECTED', nextLevel: 2 },
    ],
  ];
  test.each(cases)(
    'given the change %o, when it is sent to the activity, then its input is the one recorded histories carry and picks the same kind of writer',
    (change, input) => {
      expect(decisionInputOf(change)).toEqual(input);
      expect(Object.keys(decisionInputOf(change))).toEqual([
        'level',
        'username',
        'action',
        'remark',
        'final',
        'nextLevel',
      ]);
      expect(decisionKindOf(input)).toBe(change.kind);
    },
  );
});
