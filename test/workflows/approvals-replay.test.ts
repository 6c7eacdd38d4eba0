// Replay of recorded SAP order approval histories (test/replay/approvals/, written by sap-approval.test.ts and
// sap-approval-sweep.test.ts with RECORD_APPROVAL_REPLAY=1; the folder's README says when they may be recorded
// again): approved level by level, rejected at level 1, withdrawn while waiting, an approval whose order was never
// committed, and a run restarted by the sweep must take the same steps under the current workflow code, so a
// non-deterministic change to workflows/approvals/ fails here before it reaches running approvals.
import path from 'node:path';
import { replayFixtures } from '../support/temporal';

jest.setTimeout(120_000);

const PATHS = [
  'approved-all-levels',
  'rejected-level-1',
  'cancelled-while-waiting',
  'never-committed',
  'sweep-restart',
];

describe('replay of recorded SAP order approval histories', () => {
  test('given the histories in test/replay/approvals (approved through both levels, rejected at level 1, withdrawn while waiting, never committed, restarted by the sweep), when the current workflow code replays them, then each takes the same steps', async () => {
    const { files, outcomes } = await replayFixtures(path.join(__dirname, '../replay/approvals'));
    expect(files.sort()).toEqual(PATHS.map((p) => `${p}.json`).sort());
    expect(outcomes).toEqual(files.map((file) => [file, null]));
  });
});
