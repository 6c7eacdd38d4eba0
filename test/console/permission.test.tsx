import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { usePermission } from '../../console/src/api/permission';
import { ToastArea } from '../../console/src/shell/ToastArea';
import { API, server } from './server';

function Screen() {
  const permission = usePermission('Order', 'Index');
  return <p>{permission ? `view:${permission.View} edit:${permission.Edit}` : 'checking'}</p>;
}

function renderScreen() {
  return render(
    <MemoryRouter initialEntries={['/', '/Order/Index']} initialIndex={1}>
      <Routes>
        <Route path="/" element={<p>previous page</p>} />
        <Route path="/Order/Index" element={<Screen />} />
      </Routes>
      <ToastArea />
    </MemoryRouter>,
  );
}

describe('screen permission', () => {
  it('given a screen, when it asks for its permission, then it posts controller and action and reads the flags', async () => {
    let body: unknown = null;
    server.use(
      http.post(`${API}/auth/permission`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({
          success: true,
          message: '',
          message_code: '',
          data: { View: true, Create: false, Edit: true, Delete: false },
        });
      }),
    );
    renderScreen();

    expect(await screen.findByText('view:true edit:true')).toBeInTheDocument();
    expect(body).toEqual({ menu_action: 'Index', menu_controller: 'Order', menu_check: 'Y' });
  });

  it('given the permission check fails, when the screen opens, then an error toast shows and the user goes back one page', async () => {
    server.use(
      http.post(`${API}/auth/permission`, () =>
        HttpResponse.json(
          { success: false, message: 'Access denied.', message_code: 'FORBIDDEN' },
          { status: 403 },
        ),
      ),
    );
    renderScreen();

    expect(await screen.findByText('Access denied.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('previous page')).toBeInTheDocument());
  });
});
