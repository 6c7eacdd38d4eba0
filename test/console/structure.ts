// The few readings that have no role or label to query by: the surface around a text (a Fluent toast, a dialog
// whose name jsdom's aria-hidden drawers hide), the texts of a table row's header and data cells in their order,
// a definition list's pairs, and AG Grid's pager. The tests walk the DOM here and nowhere else.

/** The nearest element around `element` (itself included) with the given role. */
export function surroundingRole(element: HTMLElement, role: string): HTMLElement {
  const found = element.closest<HTMLElement>(`[role="${role}"]`);
  if (!found) throw new Error(`no ${role} around ${element.textContent ?? ''}`);
  return found;
}

/** The Fluent toast showing `element`. */
export function toastAround(element: HTMLElement): HTMLElement {
  const found = element.closest<HTMLElement>('.fui-Toast');
  if (!found) throw new Error(`no toast around ${element.textContent ?? ''}`);
  return found;
}

/** The texts of a table row's cells, header and data cells in their order. */
export function cellTexts(row: HTMLElement, selector = 'th, td'): (string | null)[] {
  return [...row.querySelectorAll(selector)].map((c) => c.textContent);
}

/** A definition list's terms with the text that follows each. */
export function definitionPairs(list: HTMLElement): [string | null, string | null | undefined][] {
  return [...list.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
}

/** The list element (`dl`) that holds `element`. */
export function definitionListOf(element: HTMLElement): HTMLElement {
  const found = element.closest<HTMLElement>('dl');
  if (!found) throw new Error(`no definition list around ${element.textContent ?? ''}`);
  return found;
}

/** The node right after `element` (a term's value in a definition list). */
export function nextOf(element: HTMLElement): ChildNode | null {
  return element.nextSibling;
}

/** The timer element of the Fluent toast showing `element` (its animation runs for the toast's life). */
export function toastTimer(element: HTMLElement): HTMLElement | null {
  let node: HTMLElement | null = element;
  while (node && !node.querySelector('[data-timer-status]')) node = node.parentElement;
  return node?.querySelector<HTMLElement>('[data-timer-status]') ?? null;
}

/** The text of the first `selector` element inside `element` (e.g. the label span of a list item). */
export function textInside(element: HTMLElement, selector: string): string | null | undefined {
  return element.querySelector(selector)?.textContent;
}

/** AG Grid's pager (it has no role of its own). */
export function gridPager(): HTMLElement | null {
  return document.querySelector<HTMLElement>('.ag-paging-panel');
}

/** The texts that describe a field (its `aria-describedby` elements), joined, or null. */
export function describedText(input: HTMLElement): string | null {
  const describedBy = input.getAttribute('aria-describedby') ?? '';
  const texts = describedBy
    .split(/\s+/)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .filter(Boolean);
  return texts.join(' ') || null;
}
