// Type-checked lint. The layers run one way, api/ → workflows/ → db/: nothing under workflows/ or db/ imports
// api/ (process entry points that wire configuration, database and ERP adapter live in api/, and hand the
// worker what it needs). Workflow code runs inside Temporal's deterministic sandbox, so workflow files may not
// reach for Node built-ins, the database layer or the API: they talk to the world through activities only.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import testingLibrary from 'eslint-plugin-testing-library';
import { builtinModules } from 'node:module';
import path from 'node:path';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];
// Migrations are history: what they create is read from the database, never by importing them at run time
// (only db/migrate.ts, which runs them, and the tests of the schema do).
const noMigrations = {
  group: ['**/db/migrations/**', '**/migrations/*'],
  message:
    'Runtime code never imports a migration: a migration is frozen history. Put what both need in db/ or ' +
    'db/resources/, or read it from the database.',
};
const noApi = {
  group: ['**/api/**', '**/api'],
  message:
    'workflows/ and db/ sit below the API and never import it: take what you need by injection ' +
    '(the entry points in api/ wire it) or from a module below both (db/, db/resources/).',
};

// Workflow code (the files Temporal bundles) talks to the world through activities only.
const workflowCodeFiles = ['**/*.workflow.ts', '**/messages.ts'];
const workflowCodePaths = nodeBuiltins.map((name) => ({
  name,
  message: 'Workflow code must be deterministic: no Node built-ins.',
}));
const workflowCodePatterns = [
  {
    group: ['knex', 'knex/*', 'objection', 'objection/*', 'pg'],
    message: 'Workflows reach the database only through activities.',
  },
  {
    group: ['**/api/**', '**/api', '**/db/**', '**/db'],
    message: 'Workflows may not import the API or the database layer.',
  },
];

// One domain, one name in every folder (DESIGN §2): a domain's folder is reached from outside it only through the
// domain's named module, the folder's index.ts (`../sap-orders`, `../../workflows/approvals`), which re-exports
// what others use of it. That holds for another domain's folder and for every shared mechanism alike (api/*.ts,
// api/services, api/middleware, api/temporal, api/bulk, api/seeds, workflows/kit, db/), which are no domain: a
// shared mechanism depends on no domain's internals, and what a domain and a mechanism both need lives in the
// mechanism. The same domain in another layer (api/orders → workflows/orders) is the same domain. Imports are read
// as the paths they resolve to, so `./erp/types`, `../erp/types` and `../../api/erp/types` are one file.
const domains = {
  api: [
    'orders',
    'sap-orders',
    'approvals',
    'erp',
    'resources',
    'admin',
    'auth',
    'dashboard',
    'shell',
    'health',
  ],
  workflows: ['orders', 'approvals', 'erp', 'maintenance', 'users'],
};
const domainFolders = Object.entries(domains).flatMap(([layer, names]) =>
  names.map((name) => ({ layer, name, folder: `${layer}/${name}` })),
);
/** The domain whose folder holds `file` (a path from the project's root), if any. */
const domainOf = (file) =>
  domainFolders.find(({ folder }) => file === folder || file.startsWith(`${folder}/`));
/** What an import statement, a re-export, an `import()` or an `import('…').T` type names. */
const importedName = (node) => node.source?.value ?? node.argument?.literal?.value ?? node.argument?.value;
const oneDomainOneName = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      internal:
        "{{file}} is inside {{folder}}, another domain's folder: import its named module ('…/{{name}}', its " +
        'index.ts) and export what you need from there, or move what a shared mechanism needs out of the domain ' +
        '(DESIGN §2 "One domain, one name in every folder").',
    },
  },
  create(context) {
    const file = path
      .relative(import.meta.dirname, context.filename)
      .split(path.sep)
      .join('/');
    const own = domainOf(file);
    const check = (node) => {
      const name = importedName(node);
      if (typeof name !== 'string' || !name.startsWith('.')) return;
      const target = path.posix.join(path.posix.dirname(file), name);
      const domain = domainOf(target);
      if (!domain || domain.name === own?.name) return;
      // The bare folder and its index are the named module.
      if (/^(\/index(\.[jt]s)?)?$/.test(target.slice(domain.folder.length))) return;
      context.report({
        node,
        messageId: 'internal',
        data: { file: target, folder: domain.folder, name: domain.name },
      });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
      TSImportType: check,
    };
  },
};
// The files that wire every domain into a process, and so name each domain's entry files (its route table, its
// workflows, its activities and sweep): the process entry points, the app and its dependencies, and the worker
// with the workflow bundle Temporal loads.
const compositionRoots = [
  'api/main.ts',
  'api/worker-main.ts',
  'api/app.ts',
  'api/deps.ts',
  'api/bootstrap.ts',
  'workflows/worker.ts',
  'workflows/workflows.ts',
  'workflows/activities.ts',
  'workflows/sweeps.ts',
];

export default tseslint.config(
  { ignores: ['node_modules', 'dist', '.data', '.tools', 'coverage', 'test-results', 'console/dist'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // knex answers `any`; `(await query) as Row` is how a query states its row shape here, which this
      // rule would have written as a generic argument that knex's types do not carry through.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
    },
  },
  {
    files: ['console/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The console's layers and domains (DESIGN §2 "One domain, one name"): components/ are shared by every screen
    // and import no page; one domain's screens reach another's only through its named module (its index.ts).
    files: ['console/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/pages/**'], message: 'components/ are shared by every screen and import no page.' },
          ],
        },
      ],
    },
  },
  {
    files: ['console/src/pages/orders/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/sap-orders/**'],
              message:
                "The order screens reach the SAP order screens only through their named module ('pages/sap-orders').",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['console/src/pages/sap-orders/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../../orders/**', '!../../orders/assign'],
              message:
                "The SAP order screens reach the order screens only through a named module ('pages/orders/assign').",
            },
          ],
        },
      ],
    },
  },
  {
    // Before the workflow files' own rule below, which repeats this pattern: a later block's options replace
    // an earlier one's for the same rule.
    files: ['workflows/**/*.ts', 'db/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [noApi, noMigrations],
        },
      ],
    },
  },
  {
    // The migration runner and the migrations themselves (which share helpers within their folder).
    files: ['db/migrate.ts', 'db/migrations/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noApi] }] },
  },
  {
    files: ['api/**/*.ts', 'console/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noMigrations] }] },
  },
  {
    files: [...workflowCodeFiles.map((f) => `workflows/${f}`), 'workflows/workflows.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: workflowCodePaths, patterns: workflowCodePatterns }],
    },
  },
  {
    files: ['api/**/*.ts', 'workflows/**/*.ts', 'db/**/*.ts'],
    ignores: compositionRoots,
    plugins: { tms: { rules: { 'one-domain-one-name': oneDomainOneName } } },
    rules: { 'tms/one-domain-one-name': 'error' },
  },
  {
    // A workflow is a pure state machine plus a thin shell (DESIGN §2 "Source of truth"): no function grows into a
    // lifecycle of its own.
    files: ['workflows/**/*.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 150, skipBlankLines: false, skipComments: false }] },
  },
  {
    // Input is read with the shared primitives (db/resources/input.ts): they refuse NUL and broken characters,
    // numbers spelled as hex, booleans or arrays, and dates that are not on the calendar, which plain zod takes.
    files: ['api/**/*.ts', 'db/resources/**/*.ts'],
    ignores: ['api/config.ts', 'api/openapi.ts', 'db/resources/input.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='z'][property.name='coerce']",
          message:
            'Read numbers with number() or integer() of db/resources/input.ts: z.coerce takes "0x10", true and [5].',
        },
        {
          selector: "CallExpression[callee.object.name='z'][callee.property.name='string']",
          message:
            'Read texts with text() of db/resources/input.ts (no NUL or broken characters, a maximum length).',
        },
        {
          selector: "MemberExpression[object.name='z'][property.name='iso']",
          message:
            'Read dates with date(), isoDate() or isoDateTime() of db/resources/input.ts (calendar dates only).',
        },
      ],
    },
  },
  {
    files: ['test/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // The console's tests query the screen as a user finds it and wait with the library's own helpers.
    files: ['test/console/**/*.{ts,tsx}'],
    ...testingLibrary.configs['flat/react'],
  },
  { files: ['**/*.mjs', '**/*.cjs'], ...tseslint.configs.disableTypeChecked },
);
