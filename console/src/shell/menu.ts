// The server's menu tree (user_data.Menus) as the shell needs it: titles in the current language, the menu entry
// that belongs to the current page (for the page title and the selected item), and normalised routes.
import { matchPath } from 'react-router-dom';
import type { MenuItem } from '../api/types';
import { routeControllerAction, type AppRoute } from '../routes/route';

export function menuTitle(item: MenuItem, language: string): string {
  const title = language === 'id' ? item.Title_Id || item.Title_En : item.Title_En || item.Title_Id;
  return title ?? '';
}

/** "Order/Index" or "/Order/Index" → "/Order/Index"; empty when the entry is only a group. */
export function menuRoute(item: MenuItem): string {
  const route = (item.Route ?? '').trim();
  if (!route) return '';
  if (/^https?:\/\//i.test(route)) return route;
  return route.startsWith('/') ? route : `/${route}`;
}

export function flattenMenus(items: MenuItem[]): MenuItem[] {
  return items.flatMap((item) => [item, ...flattenMenus(item.Items ?? [])]);
}

function pathOnly(route: string): string {
  return route.split(/[?#]/)[0]!.replace(/\/+$/, '').toLowerCase() || '/';
}

/**
 * The menu entry for a page: the entry whose route is this path, else one whose route matches the same route
 * pattern (e.g. /Transporter/Index/MasterData), else one whose controller and action are the route's.
 */
export function findMenuForPath(menus: MenuItem[], pathname: string, route?: AppRoute): MenuItem | undefined {
  const leaves = flattenMenus(menus).filter((item) => menuRoute(item));
  const path = pathOnly(pathname);
  const exact = leaves.find((item) => pathOnly(menuRoute(item)) === path);
  if (exact || !route) return exact;
  const byPattern = leaves.find((item) => matchPath({ path: route.path }, pathOnly(menuRoute(item))));
  if (byPattern) return byPattern;
  const { controller, action } = routeControllerAction(route);
  return leaves.find(
    (item) =>
      (item.Controller ?? '').toLowerCase() === controller.toLowerCase() &&
      (item.Action ?? '').toLowerCase() === action.toLowerCase(),
  );
}

/**
 * The menu entry to mark in the side menu: the page's own entry, else the entry of the same controller (the
 * Plant list for /Plant/Editor), so the user sees where they are in the menu from any page of a screen.
 */
export function findMenuForSection(menus: MenuItem[], pathname: string): MenuItem | undefined {
  const exact = findMenuForPath(menus, pathname);
  if (exact) return exact;
  const controller = pathOnly(pathname).split('/')[1];
  if (!controller) return undefined;
  return flattenMenus(menus)
    .filter((item) => menuRoute(item) && !/^https?:\/\//i.test(menuRoute(item)))
    .find((item) => pathOnly(menuRoute(item)).split('/')[1] === controller);
}
