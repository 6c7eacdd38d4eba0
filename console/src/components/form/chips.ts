// Chips typed or pasted into a chips input (ChipsInput.tsx), split and checked for duplicates.
/**
 * Chips typed or pasted into SAP No or Created By (spec/3 §5): separated by spaces (or ';', ',' and new lines,
 * as pasted from a spreadsheet), blanks ignored, no duplicates. Also says which values were refused as
 * duplicates: already a chip, typed twice, or among `taken` (values used elsewhere, e.g. documents already loaded).
 */
export function splitChips(
  existing: readonly string[],
  typed: string,
  taken: readonly string[] = [],
): { next: string[]; refused: string[] } {
  const next = [...existing];
  const refused: string[] = [];
  for (const part of typed.split(/[\s;,]+/)) {
    const value = part.trim();
    if (!value) continue;
    if (next.includes(value) || taken.includes(value)) {
      if (!refused.includes(value)) refused.push(value);
    } else next.push(value);
  }
  return { next, refused };
}
