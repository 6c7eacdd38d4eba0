// Finding (or getting) the `temporal` CLI that runs the embedded dev server.
//
// In order: TEMPORAL_CLI_PATH, `temporal` on PATH, the project's tools folder (`.tools/bin`). When it is nowhere,
// the pinned version is got once into the tools folder: built from source with `go install` where Go is (the
// machines that reach only the npm registry and the Go module proxy), else downloaded the way the SDK's own test
// server gets it (`@temporalio/testing`: a cached download of that exact CLI release for this platform), since
// a newcomer's machine has Node.js but seldom Go. The version is pinned to v1.5.1: later tags carry a `replace`
// directive in their go.mod, which `go install pkg@version` refuses.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Where the CLI may be configured to be (TEMPORAL_CLI_PATH of api/config.ts). */
export interface TemporalCliSettings {
  TEMPORAL_CLI_PATH?: string;
}

const projectRoot = path.resolve(__dirname, '..', '..');

export const TEMPORAL_CLI_MODULE = 'github.com/temporalio/cli/cmd/temporal';
export const TEMPORAL_CLI_VERSION = 'v1.5.1';

const exeName = process.platform === 'win32' ? 'temporal.exe' : 'temporal';

/** The project's ignored tools folder, where `npm run temporal:install` puts the binary. */
export const toolsBinDir = path.join(projectRoot, '.tools', 'bin');

function isExecutable(file: string): boolean {
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile()) return false;
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function findOnPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

/**
 * Where the CLI is: TEMPORAL_CLI_PATH, then `temporal` on PATH, then the project's tools folder.
 * An explicit TEMPORAL_CLI_PATH that does not point at an executable is an error rather than a silent
 * fall-through, so a typo does not end up running some other binary.
 */
export function findTemporalCli(config: TemporalCliSettings, binDir = toolsBinDir): string | undefined {
  if (config.TEMPORAL_CLI_PATH) {
    const explicit = path.resolve(config.TEMPORAL_CLI_PATH);
    if (!isExecutable(explicit)) {
      throw new Error(`TEMPORAL_CLI_PATH is set to ${explicit}, which is not an executable file.`);
    }
    return explicit;
  }
  const onPath = findOnPath(exeName);
  if (onPath) return onPath;
  const local = path.join(binDir, exeName);
  return isExecutable(local) ? local : undefined;
}

// Go's official installer puts the toolchain here without always adding it to PATH of non-login shells.
const goDefaultLocations = process.platform === 'win32' ? [] : ['/usr/local/go/bin/go'];

function findGo(): string | undefined {
  const onPath = findOnPath(process.platform === 'win32' ? 'go.exe' : 'go');
  if (onPath) return onPath;
  return goDefaultLocations.find(isExecutable);
}

export interface InstallOptions {
  /** Defaults to the project's tools folder. */
  binDir?: string;
  /** Receives go's progress output; defaults to stderr so a long build is visibly alive. */
  onOutput?: (chunk: string) => void;
  /** The ways of getting the CLI; tests fake them, so that none builds or downloads. */
  sources?: Partial<CliSources>;
}

/** How the CLI is got when it is nowhere to be found. */
export interface CliSources {
  /** The Go toolchain, when there is one. */
  findGo(): string | undefined;
  /** Builds the pinned CLI with `go` into `binDir`; answers the binary's path. */
  build(go: string, binDir: string, onOutput: (chunk: string) => void): Promise<string>;
  /** Downloads the pinned CLI into `binDir` (through the SDK); answers the binary's path. */
  download(binDir: string): Promise<string>;
}

/** Builds the pinned CLI with `go install` into `binDir` and returns the binary's path. */
async function goInstall(go: string, binDir: string, onOutput: (chunk: string) => void): Promise<string> {
  fs.mkdirSync(binDir, { recursive: true });
  const target = `${TEMPORAL_CLI_MODULE}@${TEMPORAL_CLI_VERSION}`;

  await new Promise<void>((resolve, reject) => {
    const child = spawn(go, ['install', target], {
      env: { ...process.env, GOBIN: binDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let tail = '';
    const collect = (data: Buffer) => {
      const text = data.toString();
      tail = (tail + text).slice(-4000);
      onOutput(text);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', (err) => reject(new Error(`Could not run ${go}: ${err.message}`)));
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else
        reject(new Error(`go install ${target} failed (${signal ?? `exit code ${code}`}):\n${tail.trim()}`));
    });
  });

  const built = path.join(binDir, exeName);
  if (!isExecutable(built)) throw new Error(`go install finished but ${built} is missing.`);
  return built;
}

/** What the SDK's test environment is asked for: a dev server from a cached download of a fixed CLI release. */
export interface SdkDownloadRequest {
  server: {
    executable: { type: 'cached-download'; downloadDir: string; version: string };
    ip: string;
    log: { format: string; level: string };
  };
}

/** `TestWorkflowEnvironment.createLocal` of `@temporalio/testing`, or a fake of it. */
export type CreateLocalEnvironment = (request: SdkDownloadRequest) => Promise<{ teardown(): Promise<void> }>;

const withoutGo =
  'Go (`go`) was not found on PATH to build it. Install Go (https://go.dev/dl/), or install the `temporal` ' +
  'CLI yourself and put it on PATH or in TEMPORAL_CLI_PATH.';

/** The SDK's test environment, a development dependency: absent from an install without those. */
async function sdkCreateLocal(): Promise<CreateLocalEnvironment> {
  let testing: typeof import('@temporalio/testing');
  try {
    testing = await import('@temporalio/testing');
  } catch {
    throw new Error(
      'Cannot get the Temporal CLI: it is downloaded through @temporalio/testing, a development dependency ' +
        `that is not installed (run npm install without --omit=dev), and ${withoutGo}`,
    );
  }
  return (request) => testing.TestWorkflowEnvironment.createLocal(request);
}

/**
 * Downloads the pinned CLI as the SDK's own test server does: `createLocal` with a `cached-download` executable
 * fetches that release for this platform into `downloadDir` (as `temporal-<version>`) and starts a dev server
 * from it, which is stopped at once. The binary is then moved into `binDir`, where it is found from then on
 * (the SDK's cache would expire it after a day).
 */
export async function downloadTemporalCli(
  options: { binDir?: string; downloadDir?: string; createLocal?: CreateLocalEnvironment } = {},
): Promise<string> {
  const binDir = options.binDir ?? toolsBinDir;
  const downloadDir = options.downloadDir ?? path.join(path.dirname(binDir), 'download');
  const createLocal = options.createLocal ?? (await sdkCreateLocal());
  fs.mkdirSync(downloadDir, { recursive: true });
  try {
    const env = await createLocal({
      server: {
        executable: { type: 'cached-download', downloadDir, version: TEMPORAL_CLI_VERSION },
        ip: '127.0.0.1',
        log: { format: 'pretty', level: 'error' },
      },
    });
    await env.teardown();
  } catch (err) {
    throw new Error(
      `Cannot download the Temporal CLI ${TEMPORAL_CLI_VERSION} through @temporalio/testing ` +
        `(${err instanceof Error ? err.message : String(err)}), and ${withoutGo}`,
    );
  }
  const downloaded = path.join(downloadDir, `temporal-${TEMPORAL_CLI_VERSION}${path.extname(exeName)}`);
  if (!isExecutable(downloaded)) {
    throw new Error(`The Temporal CLI download finished but ${downloaded} is missing.`);
  }
  fs.mkdirSync(binDir, { recursive: true });
  const target = path.join(binDir, exeName);
  fs.renameSync(downloaded, target);
  return target;
}

const defaultSources: CliSources = {
  findGo,
  build: goInstall,
  download: (binDir) => downloadTemporalCli({ binDir }),
};

/** Which way `installTemporalCli` gets the CLI: Go's build where Go is, else the SDK's download. */
export function cliSource(go: string | undefined): 'go' | 'download' {
  return go ? 'go' : 'download';
}

/**
 * Gets the pinned CLI into the tools folder and returns the binary's path: built with `go install` where Go is
 * found, else downloaded through the SDK.
 */
export async function installTemporalCli(options: InstallOptions = {}): Promise<string> {
  const sources = { ...defaultSources, ...options.sources };
  const binDir = options.binDir ?? toolsBinDir;
  const onOutput = options.onOutput ?? ((chunk: string) => process.stderr.write(chunk));
  const go = sources.findGo();
  if (cliSource(go) === 'go') return sources.build(go!, binDir, onOutput);
  onOutput(
    `Go was not found: downloading the Temporal CLI ${TEMPORAL_CLI_VERSION} through @temporalio/testing into ${binDir}\n`,
  );
  return sources.download(binDir);
}

/** The CLI's path, getting it first (Go's build or the SDK's download) when it is nowhere to be found. */
export async function ensureTemporalCli(
  config: TemporalCliSettings,
  options: InstallOptions = {},
): Promise<string> {
  return findTemporalCli(config, options.binDir) ?? (await installTemporalCli(options));
}
