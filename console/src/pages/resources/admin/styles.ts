// Styles shared by the admin cards; the card itself is the resource pages' card (../styles.ts).
import { makeStyles, tokens } from '@fluentui/react-components';

export const useAdminStyles = makeStyles({
  header: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
  },
  titles: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    minWidth: 0,
  },
  intro: {
    color: tokens.colorNeutralForeground3,
  },
  loading: {
    display: 'flex',
    justifyContent: 'flex-start',
    padding: tokens.spacingVerticalS,
  },
});
