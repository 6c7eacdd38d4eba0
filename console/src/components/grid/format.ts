// Display helpers of the SAP order screens: quantities with 1 to 3 decimals (spec/2 §9) and AG Grid's own words
// (overlays) in the interface language, as the console's DataGrid gives them.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { textOf } from './cellFormat';

const qtyFormat = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 3 });

export function formatQty(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? qtyFormat.format(n) : textOf(value);
}

export function useGridLocaleText(): Record<string, string> {
  const { t, i18n } = useTranslation();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the texts change with the language only
  return useMemo(() => t('grid.ag', { returnObjects: true }) as Record<string, string>, [t, i18n.language]);
}
