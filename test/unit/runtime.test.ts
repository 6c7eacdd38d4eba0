// api/runtime.ts: the API's processes allocate short-lived objects in the young generation even where V8 has
// seen most objects of the same allocation site survive (as an ERP push teaches it), and api/main.ts and the
// worker's api/worker-main.ts apply that before they load anything else.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { V8_FLAGS } from '../../api/runtime';

const root = path.resolve(__dirname, '..', '..');

/**
 * Runs, in a Node process of its own, one allocation site whose objects are kept by the millions (as a push keeps
 * its documents), then asks V8 where that site's next thousand objects were allocated. `flags` are set at run time
 * first, as api/runtime.ts sets them. Answers how many of the thousand are in the young generation.
 */
function youngAfterSurvivors(flags: readonly string[]): number {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tms-runtime-'));
  try {
    const script = path.join(dir, 'probe.mjs');
    fs.writeFileSync(
      script,
      `import v8 from 'node:v8';
       for (const flag of ${JSON.stringify(flags)}) v8.setFlagsFromString(flag);
       function make(i) { return { id: i, name: 'document ' + i, lines: [i] }; }
       const kept = [];
       for (let i = 0; i < 2000000; i++) kept.push(make(i));
       let young = 0;
       for (let i = 0; i < 1000; i++) if (%InYoungGeneration(make(i))) young++;
       process.stdout.write(String(young) + ' ' + kept.length);`,
    );
    const out = execFileSync(process.execPath, ['--allow-natives-syntax', script], {
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    const [young, kept] = out.trim().split(' ').map(Number);
    expect(kept).toBe(2_000_000);
    return young!;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('API runtime (api/runtime.ts)', () => {
  it('without it, V8 moves a site whose objects survive to the old generation (what the push caused)', () => {
    // When V8 decides it depends on the timing of its collections: in a loaded full test run it once had not yet
    // by the probe's end (all 1,000 young), so the probe gets up to three runs to show it.
    const runs: number[] = [];
    while (runs.length < 3 && !runs.includes(0)) runs.push(youngAfterSurvivors([]));
    expect(runs).toContain(0);
  }, 90_000);

  it('with its flags, the same site still allocates young', () => {
    expect(youngAfterSurvivors(V8_FLAGS)).toBe(1000);
  }, 30_000);

  it.each([
    ['api/main.ts', "import './runtime';"],
    ['api/worker-main.ts', "import './runtime';"],
  ])('%s imports it before any other module', (file, expected) => {
    const source = fs.readFileSync(path.join(root, file), 'utf8');
    const firstImport = /^import [^\n]*$/m.exec(source)?.[0];
    expect(firstImport).toBe(expected);
  });
});
