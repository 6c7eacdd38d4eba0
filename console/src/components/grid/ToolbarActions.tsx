// A list page's own actions as its toolbar shows them: a button each on a screen wide enough, and on a phone
// (PHONE_QUERY) only the pinned ones as buttons with every other action, and the list's own (clear filters,
// exports) that ListToolbar hands over, in one "More" menu, so a toolbar of a dozen actions stays one row at 390 px
// instead of wrapping into seven. An action hidden in the menu keeps its label, icon and disabled state.
import {
  Button,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  type ButtonProps,
} from '@fluentui/react-components';
import { MoreHorizontal20Regular } from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../../util/useMediaQuery';

/** Below this width the toolbar keeps its pinned actions and puts the others in the More menu. */
export const PHONE_QUERY = '(max-width: 599px)';

export interface ToolbarAction {
  key: string;
  label: string;
  icon?: ReactElement;
  onClick: () => void;
  disabled?: boolean;
  appearance?: ButtonProps['appearance'];
  /** Kept as a button on a phone (the page's main action); the others go into the More menu. */
  pinned?: boolean;
  /** What a screen reader hears instead of the label (a count beside it). */
  ariaLabel?: string;
}

/** Whether the toolbar is on a phone-wide screen. */
export function usePhoneToolbar(): boolean {
  return useMediaQuery(PHONE_QUERY);
}

export function ToolbarActions(props: {
  actions: readonly ToolbarAction[];
  /** The list's own actions, shown in the menu on a phone (ListToolbar shows them as buttons otherwise). */
  more?: readonly ToolbarAction[];
  phone: boolean;
}) {
  const { actions, more = [], phone } = props;
  const { t } = useTranslation();
  const buttons = phone ? actions.filter((a) => a.pinned) : actions;
  const menu = phone ? [...actions.filter((a) => !a.pinned), ...more] : [];
  return (
    <>
      {buttons.map((action) => (
        <Button
          key={action.key}
          appearance={action.appearance}
          icon={action.icon}
          disabled={action.disabled}
          aria-label={action.ariaLabel}
          onClick={action.onClick}
        >
          {action.label}
        </Button>
      ))}
      {menu.length ? (
        <Menu>
          <MenuTrigger disableButtonEnhancement>
            <Button icon={<MoreHorizontal20Regular />}>{t('grid.more')}</Button>
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              {menu.map((action) => (
                <MenuItem
                  key={action.key}
                  icon={action.icon}
                  disabled={action.disabled}
                  aria-label={action.ariaLabel}
                  onClick={action.onClick}
                >
                  {action.label}
                </MenuItem>
              ))}
            </MenuList>
          </MenuPopover>
        </Menu>
      ) : null}
    </>
  );
}
