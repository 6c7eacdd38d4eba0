// The one Fluent theme of the console (STYLE.md habit 7). A deep logistics blue brand ramp on top of the web light
// theme; components take colours only from `tokens`, never from literals. Body text is 13px, the product's root
// font size (spec/1 §9), so the base-300 step that Fluent uses for body copy is tightened to match.
import { createLightTheme, type BrandVariants, type Theme } from '@fluentui/react-components';

const tmsBrand: BrandVariants = {
  10: '#020306',
  20: '#0f1a2a',
  30: '#132b4a',
  40: '#153862',
  50: '#16457b',
  60: '#175395',
  70: '#1a61ae',
  80: '#2b6fbd',
  90: '#437ec5',
  100: '#588dcc',
  110: '#6c9cd3',
  120: '#80abda',
  130: '#95bbe1',
  140: '#aacae8',
  150: '#bfd9ef',
  160: '#d5e8f6',
};

export const tmsTheme: Theme = {
  ...createLightTheme(tmsBrand),
  fontSizeBase300: '13px',
  lineHeightBase300: '18px',
};

/** Colours for SVG charts, which cannot read CSS variables; taken from the theme so they follow it. */
export const chartColors = {
  bar: tmsTheme.colorBrandBackground,
  text: tmsTheme.colorNeutralForeground2,
  grid: tmsTheme.colorNeutralStroke2,
  /** Value labels inside the bars. */
  barLabel: tmsTheme.colorNeutralForegroundOnBrand,
};
