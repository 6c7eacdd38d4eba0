// The API Log screens are the generic resource pages on a read-only definition: a call opens in view mode with
// its request and answer pretty-printed in read-only monospace boxes (the `json` field type), and the list has
// no create, edit or delete action.
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import ResourceEditorPage from '../../console/src/pages/resources/ResourceEditorPage';
import { ROUTES } from '../../console/src/routes/routeTable';
import { renderScreen } from './render';
import { API, envelope, permissionHandler, server } from './server';

const CALL = {
  Id: 5,
  Request_Id: 'req-5',
  Method: 'POST',
  Path: '/api/erp/sap_orders',
  Client: 'sap-demo',
  Remote_Address: '10.0.0.7',
  Status_Code: 400,
  Success: false,
  Message: 'The batch was refused: 1 of its documents have errors. Nothing was saved.',
  Documents: 1,
  Written: 0,
  Duration_Ms: 12,
  Request: { documents: [{ Document_No: '8000000600', Company_Code: '9999' }] },
  // api_response_logs keeps answers as text: the same box shows them.
  Response: '{"success":false,"message_code":"VALIDATION"}',
  Is_Active: true,
  Created_Date: '2026-03-02T01:00:00.000Z',
  Created_By: 'sap-demo',
  Edited_Date: null,
  Edited_By: null,
};

describe('API Log', () => {
  it('given a logged call, when it is opened, then the request and the answer show as indented JSON that cannot be edited', async () => {
    server.use(
      permissionHandler({ View: true, Create: true, Edit: true, Delete: true }),
      http.get(`${API}/api_log/5/view`, () => HttpResponse.json(envelope(CALL))),
    );
    const route = ROUTES.find((r) => r.path === '/APILog/Editor');
    renderScreen(ResourceEditorPage, '/APILog/Editor?mode=view&id=5', {
      user: {},
      routePath: '/APILog/Editor',
      route,
    });

    expect(await screen.findByRole('heading', { name: 'View API Log', level: 1 })).toBeInTheDocument();
    const request = await screen.findByLabelText('Request');
    await waitFor(() => expect(request).toHaveValue(JSON.stringify(CALL.Request, null, 2)));
    expect(request).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Response')).toHaveValue(
      JSON.stringify({ success: false, message_code: 'VALIDATION' }, null, 2),
    );
    expect(screen.getByLabelText('Path')).toHaveValue('/api/erp/sap_orders');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
