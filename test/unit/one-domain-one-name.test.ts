// One domain, one name in every folder (DESIGN §2): the project's own lint configuration refuses an import of a
// domain's internal file from outside the domain's folder, and lets its named module (index.ts) through. Each
// case lints a line of code as if it stood in a file of the project; only this rule runs, and without type
// information, which it does not read (the type-checked rules would build the whole program for one line).
import path from 'node:path';
import { ESLint } from 'eslint';

const RULE = 'tms/one-domain-one-name';
const eslint = new ESLint({
  cwd: path.resolve(__dirname, '../..'),
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === RULE,
});

/** The messages of the rule for `code` standing in `file` (a path from the project's root). */
async function refusals(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.resolve(__dirname, '../..', file) });
  expect(result!.messages.filter((m) => m.ruleId !== RULE)).toEqual([]);
  return result!.messages.map((m) => m.message);
}

describe('one domain, one name', () => {
  // Loading the configuration and the parser takes seconds on a busy machine: once, before the cases.
  beforeAll(async () => {
    await eslint.lintText('', { filePath: path.resolve(__dirname, '../../api/app.ts') });
  }, 120_000);

  test.each([
    [
      'a shared service',
      'api/services/permissions.ts',
      "import { plantAuthorization } from '../sap-orders/editor';",
    ],
    ['the envelope', 'api/middleware/envelope.ts', "import { ErpError } from '../erp/types';"],
    ['the configuration', 'api/config.ts', "import { isTimeZone } from './erp/odata/values';"],
    ['the bulk tasks', 'api/bulk/tasks.ts', "export { erpPush } from '../erp/routes';"],
    ['a seed of the API', 'api/seeds/living-demo.ts', "import type { ErpDocument } from '../erp/types';"],
    ['another domain', 'api/orders/assign.ts', "import { readLines } from '../sap-orders/fields';"],
    [
      'another layer of another domain',
      'api/sap-orders/approval.ts',
      "import '../../workflows/approvals/matrix';",
    ],
    ['the workflow kit', 'workflows/kit/sweep.ts', "import type { OrderSweepRow } from '../orders/sweep';"],
    [
      'a database seed',
      'db/seeds/demo.ts',
      "import { matrixApprovers } from '../../workflows/approvals/matrix';",
    ],
    ['a dynamic import', 'api/lookup.ts', "export const load = () => import('./resources/records');"],
  ])('given %s importing a domain internal file, then lint refuses it', async (_, file, code) => {
    const messages = await refusals(file, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(
      /is inside (api|workflows)\/[a-z-]+, another domain's folder: import its named module/,
    );
  });

  test.each([
    ['a shared service', 'api/services/permissions.ts', "import { isAuthorized } from '../sap-orders';"],
    ['the envelope', 'api/middleware/envelope.ts', "import { ErpError } from '../erp/index';"],
    ['the bulk tasks', 'api/bulk/tasks.ts', "import { importFile } from '../resources/index.ts';"],
    ['another domain', 'api/orders/assign.ts', "import { readLines } from '../sap-orders';"],
    ['the same domain in another layer', 'api/orders/assign.ts', "import '../../workflows/orders/messages';"],
    ['a file of its own domain', 'api/erp/routes.ts', "import { importErpDocuments } from './import';"],
    [
      'a shared module',
      'api/sap-orders/list.ts',
      "import { isAuthorized } from '../services/plant-authorization';",
    ],
    ['the app (it mounts every route table)', 'api/app.ts', "import { erpRoutes } from './erp/routes';"],
  ])('given %s importing a named module or its own, then lint lets it through', async (_, file, code) => {
    expect(await refusals(file, code)).toEqual([]);
  });

  test('the message names the file reached into and the named module to use instead', async () => {
    const [message] = await refusals(
      'api/middleware/envelope.ts',
      "import { ErpError } from '../erp/types';",
    );
    expect(message).toContain('api/erp/types is inside api/erp');
    expect(message).toContain("import its named module ('…/erp', its index.ts)");
  });
});
