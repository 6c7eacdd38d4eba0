// Replay of recorded order histories (test/replay/orders/, written by orders.test.ts and order-sweep.test.ts with
// RECORD_ORDER_REPLAY=1; the folder's README says when they may be recorded again): every recorded path (accept,
// transporter reject, auto-reject, approval rejected, approval by two levels then accept, edit assign after a
// rejection, a run restarted by the sweep; stuffing date, reassign, mark and unmark complete; cancel while approval
// waits, the run ending; an edit written at once, an edit approved; an accept Temporal lost, found by a later reject
// and by the deadline; shipments reporting progress, a stale report dropped; a run continued as new; an edit assign whose rows travel with
// its Update, its worker killed once they were written; an order created by its run from the createOrder Update sent
// with the start, a creation refused, and a creation whose worker was killed once it was written) must take the same steps under the current workflow code, so a
// non-deterministic change to workflows/orders/ fails here before it reaches running orders.
import path from 'node:path';
import { replayFixtures } from '../support/temporal';

jest.setTimeout(120_000);

const PATHS = [
  'accept',
  'reject',
  'auto-reject',
  'approval-rejected',
  'approval-accept',
  'edit-assign-after-reject',
  'sweep-restart',
  'corrections',
  'cancel-waiting-approval',
  'edit-at-once',
  'edit-approved',
  'lost-accept-reject-refused',
  'lost-accept-deadline',
  'shipment-progress',
  'continue-as-new',
  'edit-assign-rows-worker-killed',
  'create-accept',
  'create-refused',
  'create-worker-killed',
  'catch-up',
];

describe('replay of recorded order histories', () => {
  test('given the histories in test/replay/orders (accept, reject, auto-reject, approval rejected, approval then accept, edit assign after reject, restart by the sweep, the corrections, cancel, the edits, shipment progress, continue-as-new), when the current workflow code replays them, then each takes the same steps', async () => {
    const { files, outcomes } = await replayFixtures(path.join(__dirname, '../replay/orders'));
    expect(files.sort()).toEqual(PATHS.map((p) => `${p}.json`).sort());
    expect(outcomes).toEqual(files.map((file) => [file, null]));
  });
});
