// The bottom side panel the order list opens its views in (spec/1 "Panels and dialogs": view, history log, edit
// assign transporter). A dismissible panel closes with its close button or Escape; the edit-assign panel cannot be
// dismissed (spec/2 §2.3): only its own buttons close it, so a half-made change is never lost to a stray click.
import {
  Button,
  DrawerBody,
  DrawerFooter,
  DrawerHeader,
  DrawerHeaderTitle,
  OverlayDrawer,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { Dismiss24Regular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  panel: {
    height: '80vh',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  body: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
});

export interface BottomPanelProps {
  open: boolean;
  title: string;
  /** Whether Escape, a click outside and the close button close it; false for the edit-assign panel. */
  dismissible?: boolean;
  onClose: () => void;
  footer?: ReactNode;
  children: ReactNode;
}

export function BottomPanel({
  open,
  title,
  dismissible = true,
  onClose,
  footer,
  children,
}: BottomPanelProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <OverlayDrawer
      open={open}
      position="bottom"
      modalType={dismissible ? 'modal' : 'alert'}
      className={styles.panel}
      aria-label={title}
      onOpenChange={(_, data) => {
        if (!data.open && dismissible) onClose();
      }}
    >
      <DrawerHeader>
        <DrawerHeaderTitle
          action={
            dismissible ? (
              <Button
                appearance="subtle"
                aria-label={t('common.close')}
                icon={<Dismiss24Regular />}
                onClick={onClose}
              />
            ) : undefined
          }
        >
          {title}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody className={styles.body}>{children}</DrawerBody>
      {footer ? <DrawerFooter>{footer}</DrawerFooter> : null}
    </OverlayDrawer>
  );
}
