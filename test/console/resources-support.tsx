// The master-data screens (the generic resource Index and Editor) mounted on their own, as the router opens them:
// the page of the route, with the route itself in context (the pages read their definition from it, and their
// title), without the App around them. See renderScreen in render.tsx.
import ResourceEditorPage from '../../console/src/pages/resources/ResourceEditorPage';
import ResourceIndexPage from '../../console/src/pages/resources/ResourceIndexPage';
import type { AppRoute } from '../../console/src/routes/route';
import { ROUTES } from '../../console/src/routes/routeTable';
import { openScreenOnly, renderScreen, type RenderOptions } from './render';

/** The console's route for a master-data address ("/Company/Editor?mode=view&id=1" → the Company Editor route). */
export function resourceRoute(path: string): AppRoute {
  const pathname = path.split('?')[0]!.toLowerCase();
  const route = ROUTES.find((r) => r.path.toLowerCase() === pathname);
  if (!route) throw new Error(`no console route for ${path}`);
  return route;
}

function screenOf(path: string) {
  const route = resourceRoute(path);
  return {
    Page: route.path.endsWith('/Editor') ? ResourceEditorPage : ResourceIndexPage,
    route,
    routePath: route.path,
  };
}

/** Mounts the resource screen of `path` (an Index or an Editor address) for a signed-in user. */
export function renderResource(path: string, options: RenderOptions = {}) {
  const { Page, route, routePath } = screenOf(path);
  return renderScreen(Page, path, { ...options, route, routePath });
}

/** renderResource, then waits for its first page: `shows` is shown and every request has been answered. */
export function openResource(path: string, options: RenderOptions & { shows: string | RegExp }) {
  const { Page, route, routePath } = screenOf(path);
  return openScreenOnly(Page, path, { ...options, route, routePath });
}
