// Styles shared by the working screens (lists, editors, approvals) so they look alike: the page, its title row, its
// toolbar, cards of fields, the loading state. Kept apart from the simple pages' styles, which the first screen
// carries, so these load with the screens.
import { makeStyles, tokens } from '@fluentui/react-components';

export const useScreenStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalXL}`,
    minWidth: 0,
    // Laid out in the width it is given, never sized by its content: a form with many fields (its grid's
    // max-content is every field side by side) or a wide table would otherwise push the side menu shut.
    contain: 'inline-size',
    '@media (max-width: 599px)': { padding: tokens.spacingHorizontalM },
  },
  header: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
  },
  toolbar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
  },
  separator: {
    width: tokens.strokeWidthThin,
    alignSelf: 'stretch',
    backgroundColor: tokens.colorNeutralStroke2,
    marginLeft: tokens.spacingHorizontalXS,
    marginRight: tokens.spacingHorizontalXS,
  },
  badge: {
    marginLeft: tokens.spacingHorizontalSNudge,
  },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
    minWidth: 0,
  },
  loading: {
    display: 'flex',
    justifyContent: 'center',
    padding: tokens.spacingVerticalXXL,
  },
});
