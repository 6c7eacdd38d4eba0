// Fluent's modal dialogs hide the rest of the page from screen readers (tabster sets aria-hidden on the body's
// other children) and normally restore it on close. In two cases the mark stays behind (Fluent issues #35139
// and #35985): a dialog removed from the page while open, such as when the shell is replaced by the login page
// right after the Change Password dialog, and one modal dialog closing as another opens, such as the consent
// dialog followed by the first-login Change Password dialog. The console would then be invisible to assistive
// technology until a reload. This watcher removes the mark from the body's children whenever no modal dialog is
// open any more, and from the one holding the modal on top while one is.
const MODAL_SELECTOR = '[role="dialog"][aria-modal="true"], [role="alertdialog"]';
/** Long enough for tabster to finish its own restore first; short enough that nobody notices. */
const SETTLE_MS = 50;

export function releaseStaleAriaHidden(doc: Document = document): number {
  const modals = doc.querySelectorAll(MODAL_SELECTOR);
  if (modals.length) {
    // The modal on top (the last one on the page: each opens in a portal of its own at the end of the body) is
    // what the user works in, so the body child holding it is never hidden. The mark stays on it when a dialog
    // opened over a panel closes (Select Transporter over the Edit Assign panel, issue 27): its buttons were then
    // out of the screen reader's reach. The other children stay hidden, as the modal wants.
    const top = modals[modals.length - 1]!;
    const holder = Array.from(doc.body.children).find((child) => child.contains(top));
    if (holder?.getAttribute('aria-hidden') === 'true') {
      holder.removeAttribute('aria-hidden');
      return 1;
    }
    return 0;
  }
  let released = 0;
  for (const child of Array.from(doc.body.children)) {
    if (child.getAttribute('aria-hidden') === 'true' && child.tagName !== 'SCRIPT') {
      child.removeAttribute('aria-hidden');
      released++;
    }
  }
  return released;
}

/** Watches the body's children and releases a stale mark once things settle. Returns the stop function. */
export function watchStaleAriaHidden(doc: Document = document): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      releaseStaleAriaHidden(doc);
    }, SETTLE_MS);
  };
  const observer = new MutationObserver(schedule);
  // Children come and go (portals) and get marked; dialogs open and close deeper down (subtree, childList).
  observer.observe(doc.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['aria-hidden'],
  });
  return () => {
    observer.disconnect();
    if (timer !== undefined) clearTimeout(timer);
  };
}
