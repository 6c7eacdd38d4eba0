// The bulk tasks (runner.ts): what a thread is asked to do, by name, with plain data in and out.
import type { Db } from '../../db/connection';
import { RESOURCES } from '../../db/resources/master';
import { erpPush } from '../erp';
import { importFile } from '../resources';
import { asError, type BulkOutcome, type BulkTask } from './types';

export async function runBulkTask(db: Db, task: BulkTask): Promise<BulkOutcome> {
  switch (task.kind) {
    case 'import': {
      const def = RESOURCES.find((r) => r.name === task.resource);
      if (!def) return { error: new Error(`bulk import: no resource ${task.resource}`) };
      try {
        return { value: await importFile(db, def, task.input) };
      } catch (thrown) {
        return { error: asError(thrown) };
      }
    }
    case 'erpPush':
      return erpPush(db, task.input);
  }
}
