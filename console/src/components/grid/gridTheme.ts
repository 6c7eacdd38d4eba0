// AG Grid in the console's one Fluent theme: its theming API takes CSS values, and Fluent's tokens are CSS
// variables, so the grid follows the theme without a colour of its own.
import { tokens } from '@fluentui/react-components';
import { themeQuartz } from 'ag-grid-community';

export const gridTheme = themeQuartz.withParams({
  fontFamily: tokens.fontFamilyBase,
  fontSize: 13,
  headerFontSize: 13,
  headerFontWeight: 600,
  foregroundColor: tokens.colorNeutralForeground1,
  backgroundColor: tokens.colorNeutralBackground1,
  headerBackgroundColor: tokens.colorNeutralBackground3,
  headerTextColor: tokens.colorNeutralForeground1,
  borderColor: tokens.colorNeutralStroke2,
  accentColor: tokens.colorBrandBackground,
  selectedRowBackgroundColor: tokens.colorBrandBackground2,
  rowHoverColor: tokens.colorSubtleBackgroundHover,
  oddRowBackgroundColor: tokens.colorNeutralBackground1,
  wrapperBorderRadius: tokens.borderRadiusMedium,
  rowHeight: 36,
  headerHeight: 38,
  spacing: 6,
  // The body of a short list is as tall as its rows; the default minimum (room for an overlay) would leave a
  // blank band under one to four rows. One line is enough for "Loading…" and "No records found".
  autoHeightMinBodyHeight: 40,
});
