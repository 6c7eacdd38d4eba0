// Replay of recorded order histories (test/replay/orders/, written by orders.test.ts with RECORD_ORDER_REPLAY=1):
// every path of the order's first half (accept, transporter reject, auto-reject, approval rejected, edit assign
// after a rejection) must take the same steps under the current workflow code, so a non-deterministic change to
// workflows/orders/ fails here before it reaches running orders.
import path from 'node:path';
import { replayFixtures } from '../support/temporal';

jest.setTimeout(120_000);

const PATHS = ['accept', 'reject', 'auto-reject', 'approval-rejected', 'edit-assign-after-reject'];

describe('replay of recorded order histories', () => {
  test('given the histories in test/replay/orders (accept, reject, auto-reject, approval rejected, edit assign after reject), when the current workflow code replays them, then each takes the same steps', async () => {
    const { files, outcomes } = await replayFixtures(path.join(__dirname, '../replay/orders'));
    expect(files.sort()).toEqual(PATHS.map((p) => `${p}.json`).sort());
    expect(outcomes).toEqual(files.map((file) => [file, null]));
  });
});
