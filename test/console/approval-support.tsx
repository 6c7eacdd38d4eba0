// The Approval screen (/Approval/Index) mounted on its own, as the router opens it, without the App around it
// (see renderScreen in render.tsx).
import ApprovalPage from '../../console/src/pages/approvals/ApprovalPage';
import type { AppRoute } from '../../console/src/routes/route';
import { ROUTES } from '../../console/src/routes/routeTable';
import { openScreenOnly, renderScreen, type RenderOptions } from './render';

export const APPROVAL_PATH = '/Approval/Index';

export const APPROVAL_ROUTE: AppRoute = ROUTES.find((route) => route.path === APPROVAL_PATH)!;

/** Mounts the Approval screen for a signed-in user. */
export function renderApproval(options: RenderOptions = {}) {
  return renderScreen(ApprovalPage, APPROVAL_PATH, { ...options, route: APPROVAL_ROUTE });
}

/** renderApproval, then waits for the first page: `shows` (a row's text) is shown and every request answered. */
export function openApproval(options: RenderOptions & { shows: string | RegExp }) {
  return openScreenOnly(ApprovalPage, APPROVAL_PATH, { ...options, route: APPROVAL_ROUTE });
}
