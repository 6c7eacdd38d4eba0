// Finding (or building) the `temporal` CLI that runs the embedded dev server.
//
// The SDK can download a CLI itself, but production-like machines here reach only the npm registry and the Go
// module proxy, so the project builds the CLI from source with `go install`. The version is pinned to v1.5.1:
// later tags carry a `replace` directive in their go.mod, which `go install pkg@version` refuses.
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
export function findTemporalCli(config: TemporalCliSettings): string | undefined {
  if (config.TEMPORAL_CLI_PATH) {
    const explicit = path.resolve(config.TEMPORAL_CLI_PATH);
    if (!isExecutable(explicit)) {
      throw new Error(`TEMPORAL_CLI_PATH is set to ${explicit}, which is not an executable file.`);
    }
    return explicit;
  }
  const onPath = findOnPath(exeName);
  if (onPath) return onPath;
  const local = path.join(toolsBinDir, exeName);
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
}

/** Builds the pinned CLI with `go install` into the tools folder and returns the binary's path. */
export async function installTemporalCli(options: InstallOptions = {}): Promise<string> {
  const go = findGo();
  if (!go) {
    throw new Error(
      'Cannot build the Temporal CLI: the Go toolchain (`go`) was not found on PATH. Install Go ' +
        '(https://go.dev/dl/), or install the `temporal` CLI yourself and put it on PATH or in TEMPORAL_CLI_PATH.',
    );
  }
  const binDir = options.binDir ?? toolsBinDir;
  fs.mkdirSync(binDir, { recursive: true });
  const onOutput = options.onOutput ?? ((chunk: string) => process.stderr.write(chunk));
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

/** The CLI's path, building it first when it is nowhere to be found. */
export async function ensureTemporalCli(config: TemporalCliSettings): Promise<string> {
  return findTemporalCli(config) ?? (await installTemporalCli());
}
