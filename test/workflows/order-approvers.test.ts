// Who decides each approval level once the requester is taken out (workflows/approvals/approvers.ts
// excludeRequester), the rule the order assignment and the SAP order approval share: nobody approves their own
// request; another approver of the level decides it, the active administrators when there is none, and a level
// left with nobody is dropped so the levels asked stay 1..n. Pure: no server needed.
import { excludeRequester } from '../../workflows/approvals/approvers';

const DEMO = [
  { username: 'logistic', level: 1 },
  { username: 'supervisor', level: 1 },
  { username: 'admin', level: 2 },
];

describe('excludeRequester', () => {
  test('given the demo matrix (logistic or supervisor, then admin), when logistic asks in any letter case, then supervisor decides level 1 and admin level 2', () => {
    expect(excludeRequester(DEMO, ' LOGISTIC ', ['admin'])).toEqual([
      { username: 'supervisor', level: 1 },
      { username: 'admin', level: 2 },
    ]);
  });

  test('given a level the requester alone holds, when they ask, then the administrators other than the requester stand in on it', () => {
    const matrix = [
      { username: 'logistic', level: 1 },
      { username: 'admin', level: 2 },
    ];
    expect(excludeRequester(matrix, 'logistic', ['root', 'admin'])).toEqual([
      { username: 'admin', level: 1 },
      { username: 'root', level: 1 },
      { username: 'admin', level: 2 },
    ]);
  });

  test('given the only administrator asks and holds the last level alone, when excluded, then that level is dropped and the levels stay 1..n', () => {
    expect(excludeRequester(DEMO, 'admin', ['admin'])).toEqual([
      { username: 'logistic', level: 1 },
      { username: 'supervisor', level: 1 },
    ]);
    const gapped = [
      { username: 'admin', level: 1 },
      { username: 'logistic', level: 3 },
    ];
    expect(excludeRequester(gapped, 'admin', ['admin'])).toEqual([{ username: 'logistic', level: 1 }]);
  });

  test('given someone who approves nothing asks, when excluded, then the matrix stands as it is, each name once', () => {
    const twice = [...DEMO, { username: 'Supervisor', level: 1 }];
    expect(excludeRequester(twice, 'warehouse', ['admin'])).toEqual(
      DEMO.slice().sort((a, b) => a.level - b.level || a.username.localeCompare(b.username)),
    );
  });
});
