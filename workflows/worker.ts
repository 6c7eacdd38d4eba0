// The worker: runs the bundled workflows and the activities against one database. The embedded `npm start`
// runs it in the API process; production runs it alone (api/worker-main.ts), as many replicas as needed.
import type { Client } from '@temporalio/client';
import { Worker, type NativeConnection, type WorkflowBundle } from '@temporalio/worker';
import type { Db } from '../db/connection';
import { createActivities, type Activities } from './activities';
import type { ErpPullPort } from './erp/port';

/** Inputs for bundleWorkflowCode, for a build step that wants to ship a prebuilt bundle. */
export const workflowBundleOptions = { workflowsPath: require.resolve('./workflows') };

export interface CreateWorkerOptions {
  connection: NativeConnection;
  namespace: string;
  taskQueue: string;
  db: Db;
  /** The ERP the pull talks to and the import it uses (api/erp/pull.ts erpPullPort of the configured adapter). */
  erp?: ErpPullPort;
  /** A client of the same namespace, for the activities that start workflows (the order sweep). */
  client?: Client;
  /** A prebuilt bundle; without it the workflows are bundled at start (a few seconds). */
  workflowBundle?: WorkflowBundle;
  /** The activities, when not the product's own built from db, erp and client (a test's wrapped ones). */
  activities?: Activities;
}

export async function createWorker(options: CreateWorkerOptions): Promise<Worker> {
  return Worker.create({
    connection: options.connection,
    namespace: options.namespace,
    taskQueue: options.taskQueue,
    ...(options.workflowBundle
      ? { workflowBundle: options.workflowBundle }
      : { workflowsPath: workflowBundleOptions.workflowsPath }),
    activities:
      options.activities ?? createActivities({ db: options.db, erp: options.erp, client: options.client }),
  });
}
