// Nobody approves their own request (issue 16), for every kind of approval (SAP orders typed in the console,
// assignments to a transporter): the approvers of a level are the matrix's, less the one who asked; when the
// requester was the only one on a level, the active administrators (other than the requester) decide it. A level
// left with nobody at all is dropped, so the levels asked stay 1..n without gaps.
//
// Pure: the workflow bundle, the activities and the API all use it.
import type { ApproverRef } from './messages';

/**
 * The approvers level by level with the requester taken out, and the administrators standing in on a level
 * the requester alone held. Levels are renumbered 1..n in their order; the answer is sorted by level, then name.
 */
export function excludeRequester(
  approvers: readonly ApproverRef[],
  requester: string | null | undefined,
  administrators: readonly string[],
): ApproverRef[] {
  const who = requester?.trim().toLowerCase() ?? '';
  const levels = [...new Set(approvers.map((a) => a.level))].sort((a, b) => a - b);
  const out: ApproverRef[] = [];
  for (const level of levels) {
    const onLevel = approvers.filter((a) => a.level === level);
    let names = onLevel.map((a) => a.username).filter((u) => u.trim().toLowerCase() !== who);
    if (!names.length && onLevel.length) {
      names = administrators.filter((u) => u.trim().toLowerCase() !== who);
    }
    // One entry per person whatever the letter case, spelt as first named.
    const byKey = new Map<string, string>();
    for (const u of names) if (!byKey.has(u.toLowerCase())) byKey.set(u.toLowerCase(), u);
    const unique = [...byKey.values()].sort((a, b) => a.localeCompare(b));
    if (!unique.length) continue;
    const renumbered = new Set(out.map((a) => a.level)).size + 1;
    for (const username of unique) out.push({ username, level: renumbered });
  }
  return out;
}
