// Replay of recorded order histories (test/replay/orders/, written by orders.test.ts with RECORD_ORDER_REPLAY=1):
// every path of the order's first half (accept, transporter reject, auto-reject, approval rejected, edit assign
// after a rejection) must take the same steps under the current workflow code, so a non-deterministic change to
// workflows/orders/ fails here before it reaches running orders.
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from '@temporalio/worker';
import { workflowBundleOptions } from '../../workflows/worker';
import { historyFromFixture, quietTemporalRuntime } from '../support/temporal';

jest.setTimeout(120_000);

const PATHS = ['accept', 'reject', 'auto-reject', 'approval-rejected', 'edit-assign-after-reject'];

describe('replay of recorded order histories', () => {
  test('given the histories in test/replay/orders (accept, reject, auto-reject, approval rejected, edit assign after reject), when the current workflow code replays them, then each takes the same steps', async () => {
    quietTemporalRuntime();
    const dir = path.join(__dirname, '../replay/orders');
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.json'));
    expect(files.sort()).toEqual(PATHS.map((p) => `${p}.json`).sort());
    const histories = files.map((file) => ({
      workflowId: file,
      history: historyFromFixture(path.join(dir, file)),
    }));

    const outcomes: [string, string | null][] = [];
    for await (const result of Worker.runReplayHistories(
      { workflowsPath: workflowBundleOptions.workflowsPath },
      histories,
    )) {
      outcomes.push([result.workflowId, result.error?.message ?? null]);
    }

    expect(outcomes).toEqual(files.map((file) => [file, null]));
  });
});
