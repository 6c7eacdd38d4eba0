// A list of label–value facts about an order, the labels in one column and the values in the next (the order
// summary block, the live process view, the stuffing panel's ranges): one look wherever an order is described.
import { makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  list: {
    display: 'grid',
    gridTemplateColumns: 'minmax(120px, max-content) minmax(0, 1fr)',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
    margin: 0,
  },
  // The label and its value sit in the list's two columns.
  pair: {
    display: 'contents',
  },
  term: {
    color: tokens.colorNeutralForeground2,
  },
  value: {
    margin: 0,
    overflowWrap: 'anywhere',
    fontVariantNumeric: 'tabular-nums',
  },
});

export function FactList({ label, children }: { label?: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <dl className={styles.list} aria-label={label}>
      {children}
    </dl>
  );
}

export function Fact({ term, children }: { term: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <div className={styles.pair}>
      <dt className={styles.term}>{term}</dt>
      <dd className={styles.value}>{children}</dd>
    </div>
  );
}
