// The summary an edit of an order carries (order_edits.remark, written by edit.ts in a fixed form:
// "0010000001/000010 25 → 20 TON; + 0010000002/000010 5 TON; TRP001 → TRP002; 450000 → 520000"), read back in
// the user's language with its numbers as the screens show them (grouped thousands, quantities to 3 decimals,
// money to 2), and the cost and transporter parts named. The history log (read.ts) and the Approval screen's
// order edits (api/approvals/list.ts) show it so; a part of another form is shown as written.
import { translate, type Language } from '../i18n';

const NUMBER = '-?\\d+(?:\\.\\d+)?';
const qtyFormat = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 3 });
const moneyFormat = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const qty = (text: string) => qtyFormat.format(Number(text));
const money = (text: string) => moneyFormat.format(Number(text));

const CHANGED_LINE = new RegExp(`^(\\S+) (${NUMBER}) → (${NUMBER}) (\\S+)$`);
const ADDED_LINE = new RegExp(`^\\+ (\\S+) (${NUMBER}) (\\S+)$`);
const COST = new RegExp(`^(${NUMBER}) → (${NUMBER})$`);
const TRANSPORTER = /^(\S+) → (\S+)$/;

function part(lang: Language, text: string): string {
  let m = CHANGED_LINE.exec(text);
  if (m)
    return translate(lang, 'order.history.editLine', {
      line: m[1]!,
      before: qty(m[2]!),
      after: qty(m[3]!),
      uom: m[4]!,
    });
  m = ADDED_LINE.exec(text);
  if (m) return translate(lang, 'order.history.editAddedLine', { line: m[1]!, qty: qty(m[2]!), uom: m[3]! });
  m = COST.exec(text);
  if (m) return translate(lang, 'order.history.editCost', { before: money(m[1]!), after: money(m[2]!) });
  m = TRANSPORTER.exec(text);
  if (m) return translate(lang, 'order.history.editTransporter', { before: m[1]!, after: m[2]! });
  return text;
}

/** Whether an edit's summary names a change of transporter, and of the total freight cost. */
export function editSummaryNames(summary: unknown): { transporter: boolean; cost: boolean } {
  const parts = typeof summary === 'string' ? summary.split('; ') : [];
  const cost = parts.some((p) => COST.test(p));
  const transporter = parts.some(
    (p) => !COST.test(p) && !CHANGED_LINE.test(p) && !ADDED_LINE.test(p) && TRANSPORTER.test(p),
  );
  return { transporter, cost };
}

/** An edit's summary in the user's language; anything that is not one is answered as it is. */
export function shownEditSummary(lang: Language, summary: unknown): unknown {
  if (typeof summary !== 'string' || !summary.trim()) return summary;
  return summary
    .split('; ')
    .map((p) => part(lang, p))
    .join('; ');
}
