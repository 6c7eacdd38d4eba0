// Type-checked lint. The layers run one way, api/ → workflows/ → db/: nothing under workflows/ or db/ imports
// api/ (process entry points that wire configuration, database and ERP adapter live in api/, and hand the
// worker what it needs). Workflow code runs inside Temporal's deterministic sandbox, so workflow files may not
// reach for Node built-ins, the database layer or the API: they talk to the world through activities only.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import testingLibrary from 'eslint-plugin-testing-library';
import { builtinModules } from 'node:module';

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

// One domain, one name in every folder (DESIGN §2): a domain's folder imports another domain only through that
// domain's named module, the folder's index.ts (`../sap-orders`, `../../workflows/approvals`), which re-exports
// what other domains use of it. The same domain in a lower layer (api/orders → workflows/orders) is the same domain.
// Shared mechanisms (api/*.ts, api/services, api/middleware, api/temporal, api/bulk, workflows/kit, db/) are no
// domain. Patterns match the import as written: a sibling domain is `../<name>/…` (or deeper `../../<name>/…`),
// another layer's is `…/<layer>/<name>/…`; the bare folder (its index.ts) matches neither.
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
  names.map((name) => ({ layer, name })),
);
function otherDomains(own) {
  return domainFolders
    .filter(({ name }) => name !== own.name)
    .map(({ layer, name }) => ({
      regex: layer === own.layer ? `^(\\.\\./)+${name}/|(^|/)${layer}/${name}/` : `(^|/)${layer}/${name}/`,
      message:
        `${layer}/${name} is another domain's folder: import its named module ('…/${name}', its index.ts) and ` +
        'export what you need from there (DESIGN §2 "One domain, one name in every folder").',
    }));
}
const domainBoundaries = domainFolders.flatMap((own) => {
  const folder = `${own.layer}/${own.name}`;
  const others = otherDomains(own);
  if (own.layer === 'api') {
    return [
      {
        files: [`${folder}/**/*.ts`],
        rules: { 'no-restricted-imports': ['error', { patterns: [noMigrations, ...others] }] },
      },
    ];
  }
  return [
    {
      files: [`${folder}/**/*.ts`],
      rules: { 'no-restricted-imports': ['error', { patterns: [noApi, noMigrations, ...others] }] },
    },
    {
      files: workflowCodeFiles.map((f) => `${folder}/${f}`),
      rules: {
        'no-restricted-imports': [
          'error',
          { paths: workflowCodePaths, patterns: [...workflowCodePatterns, ...others] },
        ],
      },
    },
  ];
});

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
  // After the blocks above, whose patterns each domain block repeats (a later block's options replace an earlier
  // one's for the same rule).
  ...domainBoundaries,
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
