// The top bar's two menus: language (check mark on the current language) and settings (Logout, and Change
// Password only for users who do not log in through the directory). A separate chunk: the menu and positioning
// code is not needed to paint the first screen, so TopBar loads it on first intent or shortly after start.
import {
  Badge,
  Button,
  Menu,
  MenuDivider,
  MenuGroup,
  MenuGroupHeader,
  MenuItem,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Text,
} from '@fluentui/react-components';
import {
  LocalLanguage20Regular,
  Password20Regular,
  PersonCircle20Regular,
  SignOut20Regular,
} from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { Language, UserData } from '../api/types';
import { isLanguage } from '../session/store';

export type TopBarMenuName = 'language' | 'settings';

export interface TopBarMenusProps {
  user: UserData;
  language: Language;
  /** The menu the user already asked for before this chunk arrived: opened at once. */
  openAtStart: TopBarMenuName | null;
  /** The top bar's look of its buttons (compact on a phone). */
  buttonClassName: string;
  userNameClassName: string;
  onLanguage: (language: Language) => void;
  onChangePassword: () => void;
  onLogout: () => void;
}

export default function TopBarMenus(props: TopBarMenusProps) {
  const {
    user,
    language,
    openAtStart,
    buttonClassName,
    userNameClassName,
    onLanguage,
    onChangePassword,
    onLogout,
  } = props;
  const { t } = useTranslation();

  return (
    <>
      <Menu
        defaultOpen={openAtStart === 'language'}
        checkedValues={{ language: [language] }}
        onCheckedValueChange={(_, data) => {
          const chosen = data.checkedItems[0];
          if (isLanguage(chosen) && chosen !== language) onLanguage(chosen);
        }}
      >
        <MenuTrigger disableButtonEnhancement>
          <Button
            className={buttonClassName}
            appearance="subtle"
            icon={<LocalLanguage20Regular />}
            aria-label={t('language.label')}
          >
            <Badge appearance="filled" size="small">
              {language.toUpperCase()}
            </Badge>
          </Button>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <MenuItemRadio name="language" value="en">
              {t('language.en')}
            </MenuItemRadio>
            <MenuItemRadio name="language" value="id">
              {t('language.id')}
            </MenuItemRadio>
          </MenuList>
        </MenuPopover>
      </Menu>

      <Menu defaultOpen={openAtStart === 'settings'}>
        <MenuTrigger disableButtonEnhancement>
          <Button
            className={buttonClassName}
            appearance="subtle"
            icon={<PersonCircle20Regular />}
            aria-label={t('shell.settings')}
          >
            <Text className={userNameClassName}>{user.Full_Name || user.Username}</Text>
          </Button>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <MenuGroup>
              <MenuGroupHeader>{user.Username}</MenuGroupHeader>
              {!user.Use_AD ? (
                <MenuItem icon={<Password20Regular />} onClick={onChangePassword}>
                  {t('shell.changePassword')}
                </MenuItem>
              ) : null}
            </MenuGroup>
            <MenuDivider />
            <MenuItem icon={<SignOut20Regular />} onClick={onLogout}>
              {t('shell.logout')}
            </MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
    </>
  );
}
