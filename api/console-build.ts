// The API serves the built console from dist/console. A fresh clone has no build yet, so `npm start` (and
// the end-to-end tests) build it when it is missing or older than its sources.
import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from './config';

function newestMtime(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

export const consoleOutDir = path.join(projectRoot, 'dist', 'console');

export function consoleNeedsBuild(): boolean {
  const index = path.join(consoleOutDir, 'index.html');
  const built = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  const sources = Math.max(
    newestMtime(path.join(projectRoot, 'console')),
    newestMtime(path.join(projectRoot, 'locales')),
    // The console bundles the resource definitions and the menu tree.
    newestMtime(path.join(projectRoot, 'db', 'resources')),
  );
  return built < sources;
}

export async function ensureConsoleBuilt(info: (message: string) => void = () => undefined): Promise<string> {
  const outDir = consoleOutDir;
  if (consoleNeedsBuild()) {
    info('building the console (first start, or its sources changed)...');
    const { build } = await import('vite');
    await build({ configFile: path.join(projectRoot, 'console', 'vite.config.mts'), logLevel: 'warn' });
  }
  return outDir;
}
