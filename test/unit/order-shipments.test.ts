// What an order derives from its shipments (workflows/orders/shipments.ts, DESIGN §4 "Shipments"): one pure function
// of the latest report of every shipment.
import { deriveOrderStatus, registeredIn } from '../../workflows/orders/shipments';

const s = (status: string, progress: string | null = null) => ({ status, progress });

describe('deriveOrderStatus', () => {
  test.each([
    ['no shipment', [], 'ACCEPTED'],
    ['only cancelled shipments', [s('CANCELLED'), s('CANCELLED')], 'ACCEPTED'],
    ['a NEW shipment', [s('NEW')], 'ASSIGNED TO DRIVER'],
    [
      'an appointment booked or waiting for approval',
      [s('IN PROGRESS', 'APPOINTMENT CREATED'), s('WAITING FOR APPOINTMENT APPROVAL')],
      'ASSIGNED TO DRIVER',
    ],
    [
      'one shipment registered in beside a NEW one',
      [s('NEW'), s('IN PROGRESS', 'REGISTRATION IN')],
      'IN PROGRESS',
    ],
    ['one in the warehouse', [s('IN PROGRESS', 'IN WAREHOUSE')], 'IN PROGRESS'],
    ['one registered out', [s('IN PROGRESS', 'REGISTRATION OUT')], 'IN PROGRESS'],
    ['one COMPLETED beside a NEW one', [s('COMPLETED'), s('NEW')], 'IN PROGRESS'],
    ['every shipment COMPLETED', [s('COMPLETED'), s('COMPLETED')], 'COMPLETED'],
    ['every live shipment COMPLETED, one cancelled', [s('COMPLETED'), s('CANCELLED')], 'COMPLETED'],
  ])('given %s, then the order is %s', (_name, shipments, status) => {
    expect(deriveOrderStatus(shipments)).toBe(status);
  });

  test('given the same reports in any order, then the same status', () => {
    const reports = [s('NEW'), s('COMPLETED'), s('CANCELLED'), s('IN PROGRESS', 'APPOINTMENT CREATED')];
    expect(deriveOrderStatus([...reports].reverse())).toBe(deriveOrderStatus(reports));
  });
});

describe('registeredIn', () => {
  test('given the progress before and after the gate, then only from REGISTRATION IN on (or COMPLETED) counts', () => {
    expect(registeredIn(s('IN PROGRESS', 'APPOINTMENT CREATED'))).toBe(false);
    expect(registeredIn(s('NEW'))).toBe(false);
    expect(registeredIn(s('IN PROGRESS', 'REGISTRATION IN'))).toBe(true);
    expect(registeredIn(s('COMPLETED'))).toBe(true);
  });
});
