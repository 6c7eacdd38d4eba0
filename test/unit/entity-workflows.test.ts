// The Temporal kit's client side (api/temporal/entity-workflows.ts) without a Temporal server: how each way an
// Update can fail becomes an outcome, and how an outcome becomes the envelope's error. The order and approval
// routes answer with these, so the codes and HTTP statuses are the API's contract.
import {
  WorkflowNotFoundError,
  WorkflowUpdateFailedError,
  WorkflowUpdateRPCTimeoutOrCancelledError,
  type Client,
} from '@temporalio/client';
import { ApplicationFailure, type SearchAttributePair } from '@temporalio/common';
import { defineUpdate } from '@temporalio/workflow';
import { SAP_APPROVAL_WORKFLOWS } from '../../api/approvals/workflows';
import { updateFailure } from '../../api/orders/workflows';
import { createEntityWorkflows, type EntityWorkflowsDeclaration } from '../../api/temporal/entity-workflows';
import { sapApprovalEntity } from '../../workflows/approvals/entity';
import { orderEntity } from '../../workflows/orders/entity';
import * as workflowBundle from '../../workflows/workflows';

const echo = defineUpdate<string, [string]>('echo');

const declaration: EntityWorkflowsDeclaration<{ no: string }, string, 'NOT_YOURS' | 'FINISHED'> = {
  workflowType: 'orderWorkflow',
  keyOf: (input) => input.no,
  idOf: (no) => `thing:${no}`,
  idPrefix: 'thing:',
  searchAttributes: (): SearchAttributePair[] => [],
  refusals: { NOT_YOURS: 'NOT_YOURS', FINISHED: 'FINISHED' },
};

/** A client whose every Update fails with `failure` and whose workflow describes as `status`. */
function failingClient(failure: Error, status = 'RUNNING') {
  const asked: string[] = [];
  const handle = {
    executeUpdate: () => Promise.reject(failure),
    describe: () => Promise.resolve({ status: { name: status } }),
  };
  const client = {
    connection: { withDeadline: (_deadline: number, fn: () => Promise<unknown>) => fn() },
    workflow: {
      getHandle: (workflowId: string) => {
        asked.push(workflowId);
        return handle;
      },
    },
  } as unknown as Client;
  return { client, asked };
}

const refused = (type: string) =>
  new WorkflowUpdateFailedError('Workflow Update failed', ApplicationFailure.nonRetryable('no', type));

describe('an Update through the kit', () => {
  test('given the workflow refuses with one of its declared refusals, then the outcome carries that code, sent to the id of the key', async () => {
    const { client, asked } = failingClient(refused('NOT_YOURS'));
    const things = createEntityWorkflows(client, declaration, { taskQueue: 'q' });
    expect(await things.update('T1', echo, 'x')).toEqual({ ok: false, code: 'NOT_YOURS' });
    expect(asked).toEqual(['thing:T1']);
  });

  test('given a failure type the workflow does not declare, then it is WORKFLOW_UNAVAILABLE with its detail; an unknown workflow is WORKFLOW_NOT_FOUND; a late answer is WORKFLOW_TIMEOUT', async () => {
    const cases: [Error, string][] = [
      [refused('SOMETHING_ELSE'), 'WORKFLOW_UNAVAILABLE'],
      [new WorkflowNotFoundError('gone', 'thing:T1', undefined), 'WORKFLOW_NOT_FOUND'],
      [new WorkflowUpdateRPCTimeoutOrCancelledError('late'), 'WORKFLOW_TIMEOUT'],
    ];
    for (const [failure, code] of cases) {
      const things = createEntityWorkflows(failingClient(failure).client, declaration, { taskQueue: 'q' });
      expect(await things.updateWorkflow('thing:T1', echo, 'x')).toMatchObject({
        ok: false,
        code,
        detail: expect.any(String) as unknown,
      });
    }
  });

  test('given a declaration with a refusal for a closed workflow, when an Update fails without a refusal and the run is closed, then that refusal is the answer; while it runs, the failure is reported as it is', async () => {
    const closing = { ...declaration, closedRefusal: 'FINISHED' as const };
    const failure = new Error('update admitted, run completed');
    const closed = createEntityWorkflows(failingClient(failure, 'COMPLETED').client, closing, {
      taskQueue: 'q',
    });
    expect(await closed.update('T1', echo, 'x')).toEqual({ ok: false, code: 'FINISHED' });
    const open = createEntityWorkflows(failingClient(failure, 'RUNNING').client, closing, { taskQueue: 'q' });
    expect(await open.update('T1', echo, 'x')).toMatchObject({ ok: false, code: 'WORKFLOW_UNAVAILABLE' });
    expect(SAP_APPROVAL_WORKFLOWS.closedRefusal).toBe('APPROVAL_FINISHED');
  });
});

describe("an order action's failure as the API answers it", () => {
  test('given each kind of failure, then its HTTP status is unreachable 503, late 504, gone workflow 409, gone order 404, any refusal 422, with the order list words for it', () => {
    const expected: [Parameters<typeof updateFailure>[0], number][] = [
      ['WORKFLOW_UNAVAILABLE', 503],
      ['WORKFLOW_TIMEOUT', 504],
      ['WORKFLOW_NOT_FOUND', 409],
      ['ORDER_NOT_FOUND', 404],
      ['NOT_ALLOWED', 422],
      ['DEADLINE_PASSED', 422],
    ];
    for (const [code, status] of expected) {
      const error = updateFailure(code);
      expect([error.status, error.messageCode, error.messageKey]).toEqual([
        status,
        code,
        `order.action.${code}`,
      ]);
    }
  });
});

describe('the declared entity workflows', () => {
  test('given every entity the kit starts, then its workflow type is a workflow function the bundle exports', () => {
    const bundle = workflowBundle as Record<string, unknown>;
    for (const entity of [orderEntity, sapApprovalEntity]) {
      expect({ type: entity.workflowType, exported: typeof bundle[entity.workflowType] }).toEqual({
        type: entity.workflowType,
        exported: 'function',
      });
    }
  });
});
