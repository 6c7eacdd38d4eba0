// What a route of the console is (routeTable.ts lists them all and binds their screens), and the route a screen was
// opened by. Screens read their route from here rather than from the table, which imports the screens: a screen
// that looked itself up in the table would import the table that imports it.
import { createContext, useContext, type ComponentType, type LazyExoticComponent } from 'react';

export interface AppRoute {
  /** react-router pattern; matching is case-insensitive like the original console. */
  path: string;
  login: boolean;
  /** i18n key of the route's own title (used when the server menu has no entry for it). */
  titleKey: string;
  /** When set, the title is t(titleKey, { name: t(nameKey) }) — e.g. "Company Editor". */
  nameKey?: string;
  page?: LazyExoticComponent<ComponentType>;
}

/** Controller and action of a route pattern ("/Transporter/Index/:type?" → Transporter, Index). */
export function routeControllerAction(route: AppRoute): { controller: string; action: string } {
  const [controller = '', action = 'Index'] = route.path.split('/').filter((s) => s && !s.startsWith(':'));
  return { controller, action };
}

/** The route the router opened the current screen by (App's RouteView provides it). */
export const CurrentRoute = createContext<AppRoute | undefined>(undefined);

export function useCurrentRoute(): AppRoute | undefined {
  return useContext(CurrentRoute);
}
