// Which failed Update calls the order and approval routes report as WORKFLOW_TIMEOUT (504: it may still be applied,
// look again) rather than WORKFLOW_UNAVAILABLE (503: nothing happened, try again).
import { ServiceError, WorkflowUpdateRPCTimeoutOrCancelledError } from '@temporalio/client';
import { isUpdateTimeout } from '../../workflows/client';

const grpc = (code: number, message: string) => Object.assign(new Error(message), { code, details: message });

describe('an Update call that failed', () => {
  test('given the SDK says the call timed out or was cancelled (whichever gRPC code came first), then it is a timeout', () => {
    for (const code of [1, 4]) {
      const err = new WorkflowUpdateRPCTimeoutOrCancelledError('Workflow update call timeout or cancelled', {
        cause: grpc(code, 'deadline'),
      });
      expect(isUpdateTimeout(err, false)).toBe(true);
    }
  });

  test('given DEADLINE_EXCEEDED a few causes down, then it is a timeout', () => {
    const err = new ServiceError('Workflow Update failed', { cause: grpc(4, '4 DEADLINE_EXCEEDED') });
    expect(isUpdateTimeout(err, false)).toBe(true);
  });

  test('given UNAVAILABLE before the deadline (the server is not there), then it is not a timeout; the same answer once the deadline passed is', () => {
    const err = new ServiceError('Workflow Update failed', { cause: grpc(14, '14 UNAVAILABLE: busy') });
    expect(isUpdateTimeout(err, false)).toBe(false);
    expect(isUpdateTimeout(err, true)).toBe(true);
  });

  test('given a plain error with no gRPC code, then it is not a timeout', () => {
    expect(isUpdateTimeout(new Error('connection refused'), false)).toBe(false);
    expect(isUpdateTimeout(null, false)).toBe(false);
  });
});
