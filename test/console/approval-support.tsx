// The Approval screen (/Approval/Index) mounted on its own, as the router opens it, without the App around it
// (see renderScreen in render.tsx).
import ApprovalPage from '../../console/src/pages/approvals/ApprovalPage';
import type { AppRoute } from '../../console/src/routes/route';
import { ROUTES } from '../../console/src/routes/routeTable';
import { screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { renderScreen, type RenderOptions } from './render';
import { requestsSettled } from './server';

export const APPROVAL_PATH = '/Approval/Index';

export const APPROVAL_ROUTE: AppRoute = ROUTES.find((route) => route.path === APPROVAL_PATH)!;

/** Mounts the Approval screen for a signed-in user. */
export function renderApproval(options: RenderOptions = {}) {
  return renderScreen(ApprovalPage, APPROVAL_PATH, { ...options, route: APPROVAL_ROUTE });
}

/**
 * renderScreen of the Approval screen (or `Page`, a stand-in around it), then waits for the first page: `shows` (a
 * row's text) is shown and every request answered. AG Grid builds this list's twenty columns with their filter
 * row slowly in jsdom (several seconds, more on a busy machine), so the first page is waited for longer than the
 * usual 15 s.
 */
export async function openApproval(
  options: RenderOptions & { shows: string | RegExp; routePath?: string },
  Page: ComponentType = ApprovalPage,
) {
  const view = renderScreen(Page, APPROVAL_PATH, { ...options, route: APPROVAL_ROUTE });
  await screen.findByText(options.shows, {}, { timeout: 40_000 });
  await requestsSettled();
  return view;
}
