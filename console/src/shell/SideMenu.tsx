// Side menu "Main Menu" built from the server's menu tree (user_data.Menus). Groups expand and collapse; leaves
// navigate to their Route. Static beside the page on desktop (InlineDrawer), an overlay drawer below 992 px; the
// overlay's code is its own chunk (OverlayMenu), fetched when a small screen first opens the menu.
// Fluent's Nav has two levels (category → sub items); a deeper server tree is shown with its inner groups folded
// into the sub items' labels ("Reports / Orders") rather than dropped.
import {
  InlineDrawer,
  Nav,
  NavCategory,
  NavCategoryItem,
  NavItem,
  NavSubItem,
  NavSubItemGroup,
  Subtitle2,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { Suspense, lazy, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import type { MenuItem } from '../api/types';
import { findMenuForSection, menuRoute, menuTitle } from './menu';
import { menuIcon } from './menuIcon';

const OverlayMenu = lazy(() => import('./OverlayMenu'));

const useStyles = makeStyles({
  inline: {
    position: 'sticky',
    top: '48px',
    height: 'calc(100vh - 48px)',
    width: '260px',
    // Never narrowed by a wide page beside it.
    flexShrink: 0,
    borderRight: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    // The Nav items are drawn on this background (as inside Fluent's NavDrawer).
    backgroundColor: tokens.colorNeutralBackground4,
  },
  scroll: {
    width: '100%',
    height: '100%',
    overflowY: 'auto',
    display: 'flex',
    flexDirection: 'column',
  },
  header: {
    margin: 0,
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalL} ${tokens.spacingVerticalS}`,
    color: tokens.colorNeutralForeground2,
  },
  nav: {
    padding: `0 ${tokens.spacingHorizontalS} ${tokens.spacingVerticalL}`,
    backgroundColor: 'transparent',
  },
});

interface Leaf {
  item: MenuItem;
  label: string;
}

function leavesOf(items: MenuItem[], language: string, prefix = ''): Leaf[] {
  return items.flatMap((item) => {
    const label = prefix ? `${prefix} / ${menuTitle(item, language)}` : menuTitle(item, language);
    if (item.Items?.length) return leavesOf(item.Items, language, label);
    return [{ item, label }];
  });
}

export interface SideMenuProps {
  menus: MenuItem[];
  open: boolean;
  overlay: boolean;
  onOpenChange: (open: boolean) => void;
  onNavigate: (route: string) => void;
}

export function SideMenu({ menus, open, overlay, onOpenChange, onNavigate }: SideMenuProps) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const { pathname } = useLocation();
  const language = i18n.language;
  const current = findMenuForSection(menus, pathname);
  const currentCategory = menus.find(
    (group) => group.Items?.length && leavesOf(group.Items, language).some((l) => l.item === current),
  );
  const currentValue = currentCategory ? `group-${currentCategory.Id}` : '';
  // The groups the user opened, plus the group of the page shown, whichever way it was reached (a link in a
  // page, Back, the address bar), so that the current item is always visible in the menu.
  const [openCategories, setOpenCategories] = useState<string[]>(currentValue ? [currentValue] : []);
  const [openedFor, setOpenedFor] = useState(currentValue);
  if (openedFor !== currentValue) {
    // Adjusted while rendering (React's pattern for state that follows a prop), not in an effect.
    setOpenedFor(currentValue);
    if (currentValue && !openCategories.includes(currentValue)) {
      setOpenCategories([...openCategories, currentValue]);
    }
  }

  function follow(event: MouseEvent, item: MenuItem) {
    const route = menuRoute(item);
    if (!route || /^https?:\/\//i.test(route)) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    onNavigate(route);
  }

  function leafProps(item: MenuItem) {
    const route = menuRoute(item);
    return {
      value: String(item.Id),
      href: route || undefined,
      onClick: (event: MouseEvent<HTMLAnchorElement & HTMLButtonElement>) => follow(event, item),
    };
  }

  const content = (
    <div className={styles.scroll}>
      <Subtitle2 as="h2" className={styles.header} id="main-menu-title">
        {t('shell.mainMenu')}
      </Subtitle2>
      <Nav
        className={styles.nav}
        role="navigation"
        aria-labelledby="main-menu-title"
        selectedValue={current ? String(current.Id) : ''}
        selectedCategoryValue={currentValue}
        openCategories={openCategories}
        onNavCategoryItemToggle={(_, data) => {
          // The toggled category comes as categoryValue (value is the category item's own).
          const value = String(data.categoryValue ?? data.value);
          setOpenCategories((open) =>
            open.includes(value) ? open.filter((v) => v !== value) : [...open, value],
          );
        }}
      >
        {menus.map((item) => {
          const Icon = menuIcon(item.Icon);
          if (!item.Items?.length) {
            return (
              <NavItem key={item.Id} icon={<Icon />} {...leafProps(item)}>
                {menuTitle(item, language)}
              </NavItem>
            );
          }
          return (
            <NavCategory key={item.Id} value={`group-${item.Id}`}>
              <NavCategoryItem icon={<Icon />}>{menuTitle(item, language)}</NavCategoryItem>
              <NavSubItemGroup>
                {leavesOf(item.Items, language).map(({ item: leaf, label }) => (
                  <NavSubItem key={leaf.Id} {...leafProps(leaf)}>
                    {label}
                  </NavSubItem>
                ))}
              </NavSubItemGroup>
            </NavCategory>
          );
        })}
      </Nav>
    </div>
  );

  if (overlay) {
    return open ? (
      <Suspense fallback={null}>
        <OverlayMenu label={t('shell.mainMenu')} onClose={() => onOpenChange(false)}>
          {content}
        </OverlayMenu>
      </Suspense>
    ) : null;
  }
  return (
    <InlineDrawer open={open} className={styles.inline}>
      {content}
    </InlineDrawer>
  );
}
