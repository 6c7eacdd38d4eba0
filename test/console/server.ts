// The msw server for console tests, with the calls every screen makes answered by default. Each test adds the
// answers it is about with server.use(...).
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { act } from '@testing-library/react';
import { setupServer } from 'msw/node';

export const API = 'http://localhost/api';

export function envelope(data?: JsonBodyType, extra: Record<string, JsonBodyType> = {}) {
  return { success: true, message: '', message_code: '', ...(data === undefined ? {} : { data }), ...extra };
}

export const zeroCounts = {
  sap_order_total: 0,
  sap_order_waiting_approval: 0,
  sap_order_approved: 0,
  order_total: 0,
  order_waiting_approval: 0,
  order_assigned: 0,
  order_cancelled: 0,
  order_rejected: 0,
  order_completed: 0,
  shipment_total: 0,
  shipment_new: 0,
  shipment_appointment: 0,
  shipment_regis_in: 0,
  shipment_regis_out: 0,
  shipment_completed: 0,
};

export const defaultHandlers = [
  http.get(`${API}/util/version`, () =>
    HttpResponse.json(envelope({ version: '1.2.3', environment: 'TEST', product: 'TMS' })),
  ),
  http.get(`${API}/auth/get_privacy_consent_url`, () =>
    HttpResponse.json({
      success: true,
      message: '/privacy-policy.html',
      message_code: '/terms-of-service.html',
    }),
  ),
  http.get(`${API}/auth/captcha`, () =>
    HttpResponse.json(envelope({ captcha_id: 'cap-1', image: 'data:image/svg+xml;base64,PHN2Zy8+' })),
  ),
  http.get(`${API}/util/important_notice`, () => HttpResponse.json(envelope(''))),
  http.get(`${API}/util/changelog`, () => HttpResponse.json(envelope([]))),
  http.get(`${API}/dashboard/status_count`, () => HttpResponse.json(envelope(zeroCounts))),
  http.get(`${API}/dashboard/completed`, () =>
    HttpResponse.json(envelope([{ date: '2025-01-01', total: 0 }])),
  ),
  http.post(`${API}/logout`, () => HttpResponse.json(envelope())),
];

export const server = setupServer(...defaultHandlers);

// Requests msw has seen start and not yet finish. A request the console aborts (a query whose answer is no longer
// wanted) never reaches msw's request:end, so its abort counts as its end; each request ends once.
const open = new Set<string>();
server.events.on('request:start', ({ requestId, request }) => {
  open.add(requestId);
  request.signal.addEventListener('abort', () => open.delete(requestId), { once: true });
});
server.events.on('request:end', ({ requestId }) => {
  open.delete(requestId);
});

/**
 * The request cycle has finished: no request is on its way, and none started while React handled the last
 * answers (two quiet turns of the event loop in a row). A test waits for this, a positive signal, before it says
 * that a request was not made, instead of sleeping for a while.
 */
export async function requestsSettled(): Promise<void> {
  for (let quiet = 0; quiet < 2;) {
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
    quiet = open.size === 0 ? quiet + 1 : 0;
  }
}

/** The screen-permission answer for every controller: View/Create/Edit/Delete as given. */
export function permissionHandler(flags: {
  View?: boolean;
  Create?: boolean;
  Edit?: boolean;
  Delete?: boolean;
}) {
  return http.post(`${API}/auth/permission`, () =>
    HttpResponse.json(
      envelope({
        View: flags.View ?? true,
        Create: flags.Create ?? false,
        Edit: flags.Edit ?? false,
        Delete: flags.Delete ?? false,
      }),
    ),
  );
}
