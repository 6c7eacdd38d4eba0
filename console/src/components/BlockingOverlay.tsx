// Blocks the whole page while a call that changes the session runs (language change), as the spec's "block UI".
import { Portal, Spinner, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  overlay: {
    position: 'fixed',
    inset: 0,
    zIndex: 1000000,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    backgroundColor: tokens.colorBackgroundOverlay,
  },
  box: {
    padding: tokens.spacingHorizontalXL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow28,
  },
});

export function BlockingOverlay({ label }: { label: string }) {
  const styles = useStyles();
  return (
    <Portal>
      <div className={styles.overlay} role="alertdialog" aria-busy="true" aria-label={label}>
        <div className={styles.box}>
          <Spinner label={label} />
        </div>
      </div>
    </Portal>
  );
}
