// The master-data definitions the console knows (db/resources/master, shared with the server) and the one a
// route stands for: `/<Resource>/Index`, `/<Resource>/Editor`, `/Transporter/Index/<type>`. Routes match without
// regard to case like the original console, so the name does too.
import { useLocation } from 'react-router-dom';
import type { ResourceDef } from '../../../../db/resources/engine';
import { RESOURCES } from '../../../../db/resources/master';
import { useCurrentRoute, type AppRoute } from '../../routes/route';

export function findResource(name: string): ResourceDef | undefined {
  const wanted = name.toLowerCase();
  return RESOURCES.find((r) => r.name.toLowerCase() === wanted);
}

/** The resource of the current route (undefined when no definition exists yet) and the route itself. */
export function useRouteResource(): { def: ResourceDef | undefined; route: AppRoute | undefined } {
  const location = useLocation();
  const name = location.pathname.split('/').filter(Boolean)[0] ?? '';
  return { def: findResource(name), route: useCurrentRoute() };
}
