// The side menu as an overlay drawer on screens narrower than 992 px: dims the page, closes on Escape or a tap
// outside, and (in SideMenu) after choosing an item.
import { OverlayDrawer, makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  drawer: {
    width: 'min(300px, 85vw)',
    backgroundColor: tokens.colorNeutralBackground4,
  },
});

export default function OverlayMenu({
  label,
  onClose,
  children,
}: {
  label: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const styles = useStyles();
  return (
    <OverlayDrawer
      open
      className={styles.drawer}
      aria-label={label}
      onOpenChange={(_, data) => {
        if (!data.open) onClose();
      }}
    >
      {children}
    </OverlayDrawer>
  );
}
