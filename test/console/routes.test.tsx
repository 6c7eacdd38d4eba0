import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from './render';
import { API, envelope, permissionHandler, server } from './server';

describe('routes', () => {
  it('given a logged-in user, when an unbuilt route (/Shipment/Index) opens, then the "not available yet" page shows with the menu title and a way back', async () => {
    const { where } = renderApp('/Shipment/Index', { user: {} });

    expect(await screen.findByRole('heading', { name: 'Shipment List', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Not available yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/');
    expect(where()).toBe('/Shipment/Index');
  });

  it('given a logged-in user, when a route without a server menu entry opens, then its own translated title is used', async () => {
    renderApp('/Order/Editor', { user: {} });

    expect(await screen.findByRole('heading', { name: 'Order Editor', level: 1 })).toBeInTheDocument();
    await screen.findByText('Not available yet');
    expect(document.title).toMatch(/^Order Editor - TMS/);
  });

  it('given any user, when an unknown path opens, then the translated 404 page shows', async () => {
    renderApp('/No/Such/Page', { user: {} });

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toBeInTheDocument();
  });

  it('given nobody is logged in, when a public route (/Vessel/Index) opens, then it renders without a login', async () => {
    server.use(http.post(`${API}/vessel/list`, () => HttpResponse.json(envelope([], { totalRecords: 0 }))));
    const { where } = renderApp('/Vessel/Index');

    expect(await screen.findByRole('heading', { name: 'Vessel', level: 1 })).toBeInTheDocument();
    expect(where()).toBe('/Vessel/Index');
  });

  it('given nobody is logged in, when a login-required route opens, then the user is sent to Login without the expiry banner', async () => {
    const { where } = renderApp('/Order/Index');

    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(where()).toBe('/Login');
    expect(screen.queryByText('Session expired')).not.toBeInTheDocument();
  });

  it('given a logged-in user, when /Login opens, then the user is sent to the dashboard', async () => {
    const { where } = renderApp('/Login', { user: {} });

    expect(await screen.findByRole('heading', { name: /Welcome, Ayu Pratiwi/ })).toBeInTheDocument();
    expect(where()).toBe('/');
  });

  it('given the transporter list route with a type, when it opens, then it matches /Transporter/Index/:type', async () => {
    server.use(
      permissionHandler({ View: true }),
      http.post(`${API}/transporter/list`, () => HttpResponse.json(envelope([], { totalRecords: 0 }))),
    );
    renderApp('/Transporter/Index/MasterData', { user: {} });

    expect(await screen.findByRole('heading', { name: 'Transporter', level: 1 })).toBeInTheDocument();
  });
});
