// Where the embedded dev server's Temporal CLI comes from (workflows/devserver/cli.ts): TEMPORAL_CLI_PATH, PATH or
// the tools folder when it is there; else built with Go where Go is, else downloaded the way the SDK's own test
// server is. The build and the download are faked: no test builds anything or reaches the internet.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  downloadTemporalCli,
  ensureTemporalCli,
  TEMPORAL_CLI_VERSION,
  type CliSources,
  type SdkDownloadRequest,
} from '../../workflows/devserver/cli';

let root: string;
let binDir: string;
let savedPath: string | undefined;

/** An executable file at `file`. */
function executable(file: string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, '#!/bin/sh\nexit 0\n', { mode: 0o755 });
  return file;
}

/** Sources that record what was asked of them and make the binary they were asked for. */
function fakeSources(go: string | undefined) {
  const calls: string[] = [];
  const sources: CliSources = {
    findGo: () => go,
    build: (goPath, dir) => {
      calls.push(`build ${goPath} ${dir}`);
      return Promise.resolve(executable(path.join(dir, 'temporal')));
    },
    download: (dir) => {
      calls.push(`download ${dir}`);
      return Promise.resolve(executable(path.join(dir, 'temporal')));
    },
  };
  return { sources, calls };
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'tms-cli-'));
  binDir = path.join(root, '.tools', 'bin');
  // No `temporal` on PATH here, whatever the machine has.
  savedPath = process.env.PATH;
  process.env.PATH = path.join(root, 'empty-path');
});
afterEach(() => {
  process.env.PATH = savedPath;
  fs.rmSync(root, { recursive: true, force: true });
});

describe('the Temporal CLI source', () => {
  test('given no CLI anywhere and no Go, when the CLI is ensured, then it is downloaded into the tools folder, and Go is not asked', async () => {
    const { sources, calls } = fakeSources(undefined);
    const output: string[] = [];
    const cli = await ensureTemporalCli({}, { binDir, sources, onOutput: (c) => output.push(c) });
    expect(cli).toBe(path.join(binDir, 'temporal'));
    expect(calls).toEqual([`download ${binDir}`]);
    expect(output.join('')).toContain(
      `Go was not found: downloading the Temporal CLI ${TEMPORAL_CLI_VERSION}`,
    );
  });

  test('given no CLI anywhere and Go on the machine, when the CLI is ensured, then Go builds it as before and nothing is downloaded', async () => {
    const { sources, calls } = fakeSources('/usr/local/go/bin/go');
    expect(await ensureTemporalCli({}, { binDir, sources })).toBe(path.join(binDir, 'temporal'));
    expect(calls).toEqual([`build /usr/local/go/bin/go ${binDir}`]);
  });

  test('given TEMPORAL_CLI_PATH, a CLI on PATH or one in the tools folder, when the CLI is ensured, then that one is used, neither built nor downloaded', async () => {
    const { sources, calls } = fakeSources(undefined);
    const configured = executable(path.join(root, 'elsewhere', 'temporal'));
    expect(await ensureTemporalCli({ TEMPORAL_CLI_PATH: configured }, { binDir, sources })).toBe(configured);

    const onPath = executable(path.join(root, 'empty-path', 'temporal'));
    expect(await ensureTemporalCli({}, { binDir, sources })).toBe(onPath);
    fs.rmSync(onPath);

    const tools = executable(path.join(binDir, 'temporal'));
    expect(await ensureTemporalCli({}, { binDir, sources })).toBe(tools);
    expect(calls).toEqual([]);
  });

  test('given a TEMPORAL_CLI_PATH that is no executable, when the CLI is ensured, then it is an error, not a download', async () => {
    const { sources, calls } = fakeSources(undefined);
    await expect(
      ensureTemporalCli({ TEMPORAL_CLI_PATH: path.join(root, 'typo') }, { binDir, sources }),
    ).rejects.toThrow('TEMPORAL_CLI_PATH is set to');
    expect(calls).toEqual([]);
  });
});

describe("the SDK's download", () => {
  test('given the SDK test environment (faked), when the CLI is downloaded, then it is asked for the pinned release cached in the tools folder, its dev server is stopped, and the binary lands in .tools/bin', async () => {
    const requests: SdkDownloadRequest[] = [];
    let tornDown = 0;
    const cli = await downloadTemporalCli({
      binDir,
      createLocal: (request) => {
        requests.push(request);
        // What the SDK leaves behind: the release's binary, named by its version, in the download folder.
        executable(path.join(request.server.executable.downloadDir, `temporal-${TEMPORAL_CLI_VERSION}`));
        return Promise.resolve({ teardown: () => Promise.resolve(void tornDown++) });
      },
    });
    const downloadDir = path.join(root, '.tools', 'download');
    expect(requests).toEqual([
      {
        server: {
          executable: { type: 'cached-download', downloadDir, version: 'v1.5.1' },
          ip: '127.0.0.1',
          log: { format: 'pretty', level: 'error' },
        },
      },
    ]);
    expect(tornDown).toBe(1);
    expect(cli).toBe(path.join(binDir, 'temporal'));
    expect(fs.statSync(cli).mode & 0o111).not.toBe(0);
    expect(fs.readdirSync(downloadDir)).toEqual([]);
  });

  test('given a machine that cannot download (faked failure), when the CLI is downloaded, then the error says so and names both ways out: Go, or a CLI in TEMPORAL_CLI_PATH', async () => {
    await expect(
      downloadTemporalCli({
        binDir,
        createLocal: () =>
          Promise.reject(new Error('error sending request for url (https://temporal.download/)')),
      }),
    ).rejects.toThrow(
      /^Cannot download the Temporal CLI v1\.5\.1 through @temporalio\/testing \(error sending request.*\), and Go \(`go`\) was not found on PATH to build it\. Install Go .*TEMPORAL_CLI_PATH\.$/,
    );
    expect(fs.existsSync(path.join(binDir, 'temporal'))).toBe(false);
  });
});
