import { createDOMRenderer, FluentProvider, RendererProvider } from '@fluentui/react-components';
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { usePermission } from '../../console/src/api/permission';
import { QueryProvider } from '../../console/src/api/query';
import { ToastArea } from '../../console/src/shell/ToastArea';
import { tmsTheme } from '../../console/src/theme';
import { API, server } from './server';

function Screen() {
  const permission = usePermission('Order', 'Index');
  return <p>{permission ? `view:${permission.View} edit:${permission.Edit}` : 'checking'}</p>;
}

/**
 * The screen after a page of the console (`/Shipment/Index`), or typed straight into the address bar, in the
 * providers the hook reads (query client, router) and with the toast area.
 */
function renderScreen({ direct = false } = {}) {
  return render(
    <RendererProvider renderer={createDOMRenderer(document, { unstable_filterCSSRule: () => false })}>
      <FluentProvider theme={tmsTheme}>
        <QueryProvider>
          <MemoryRouter
            initialEntries={direct ? ['/Order/Index'] : ['/Shipment/Index', '/Order/Index']}
            initialIndex={direct ? 0 : 1}
          >
            <Routes>
              <Route path="/" element={<p>dashboard</p>} />
              <Route path="/Shipment/Index" element={<p>previous page</p>} />
              <Route path="/Order/Index" element={<Screen />} />
            </Routes>
          </MemoryRouter>
        </QueryProvider>
        <ToastArea />
      </FluentProvider>
    </RendererProvider>,
  );
}

const NO_RIGHTS = { View: false, Create: false, Edit: false, Delete: false };

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
    expect(await screen.findByText('previous page')).toBeInTheDocument();
  });

  it('given the user has no View right on the screen, when it opens after another page, then an error toast says so and the user goes back one page without the screen ever showing', async () => {
    server.use(
      http.post(`${API}/auth/permission`, () =>
        HttpResponse.json({ success: true, message: '', message_code: '', data: NO_RIGHTS }),
      ),
    );
    renderScreen();

    expect(await screen.findByText('You do not have permission to open this screen.')).toBeInTheDocument();
    expect(await screen.findByText('previous page')).toBeInTheDocument();
    expect(screen.queryByText(/^view:/)).not.toBeInTheDocument();
  });

  it('given a screen typed straight into the address bar (no page before it), when the user has no right on it, then the toast shows and the user lands on the dashboard', async () => {
    server.use(
      http.post(`${API}/auth/permission`, () =>
        HttpResponse.json({ success: true, message: '', message_code: '', data: NO_RIGHTS }),
      ),
    );
    renderScreen({ direct: true });

    expect(await screen.findByText('You do not have permission to open this screen.')).toBeInTheDocument();
    expect(await screen.findByText('dashboard')).toBeInTheDocument();
  });

  it('given a screen typed straight into the address bar, when the permission check fails, then the toast shows and the user lands on the dashboard', async () => {
    server.use(
      http.post(`${API}/auth/permission`, () =>
        HttpResponse.json(
          { success: false, message: 'Access denied.', message_code: 'FORBIDDEN' },
          { status: 403 },
        ),
      ),
    );
    renderScreen({ direct: true });

    expect(await screen.findByText('Access denied.')).toBeInTheDocument();
    expect(await screen.findByText('dashboard')).toBeInTheDocument();
  });
});
