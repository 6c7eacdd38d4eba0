// A page's title: the server menu's title for it in the current language, else the route's own translated title.
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { findMenuForPath, menuTitle } from '../shell/menu';
import { useSession } from '../session/SessionContext';
import type { AppRoute } from './route';

export function routeTitle(route: AppRoute, t: TFunction): string {
  return route.nameKey ? t(route.titleKey, { name: t(route.nameKey) }) : t(route.titleKey);
}

export function useRouteTitle(route: AppRoute | undefined): string {
  const { t, i18n } = useTranslation();
  const { session } = useSession();
  const { pathname } = useLocation();
  if (!route) return t('notFound.title');
  const menu = findMenuForPath(session?.user_data.Menus ?? [], pathname, route);
  return (menu && menuTitle(menu, i18n.language)) || routeTitle(route, t);
}
