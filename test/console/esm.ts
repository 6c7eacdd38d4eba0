// msw 2 depends on three packages that ship only as ES modules (rettime, @open-draft/deferred-promise,
// until-async). The shared jest config transpiles TypeScript only, so those modules cannot be require()d in the
// commonjs test runtime. setup.ts replaces them with this loader, which compiles them to commonjs with swc on the
// fly. Harmless once the jest config transforms them itself (then the loader is just another way to load them).
import fs from 'node:fs';
import path from 'node:path';

interface LoadedModule {
  exports: Record<string, unknown>;
}

const cache = new Map<string, LoadedModule>();

function evaluate(file: string, hostRequire: NodeJS.Require): Record<string, unknown> {
  const cached = cache.get(file);
  if (cached) return cached.exports;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const swc = require('@swc/core') as typeof import('@swc/core');
  const { code } = swc.transformSync(fs.readFileSync(file, 'utf8'), {
    filename: file,
    module: { type: 'commonjs' },
    jsc: { target: 'es2022', parser: { syntax: 'ecmascript' } },
  });
  const module: LoadedModule = { exports: {} };
  cache.set(file, module);
  const localRequire = (id: string) =>
    id.startsWith('.') ? evaluate(path.resolve(path.dirname(file), id), hostRequire) : hostRequire(id);
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const run = new Function('exports', 'require', 'module', '__filename', '__dirname', code) as (
    ...args: unknown[]
  ) => void;
  run(module.exports, localRequire, module, file, path.dirname(file));
  return module.exports;
}

/** The exports of an ESM-only package, found from the project's node_modules. */
export function loadEsmPackage(name: string, hostRequire: NodeJS.Require): Record<string, unknown> {
  const root = path.resolve(__dirname, '../../node_modules', name);
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    main?: string;
    exports?: unknown;
  };
  const dot = (manifest.exports as Record<string, unknown> | undefined)?.['.'];
  const entry =
    typeof dot === 'string'
      ? dot
      : typeof (dot as { default?: unknown } | undefined)?.default === 'string'
        ? (dot as { default: string }).default
        : (manifest.main ?? 'index.js');
  return evaluate(path.join(root, entry), hostRequire);
}
