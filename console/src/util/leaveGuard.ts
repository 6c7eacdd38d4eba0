// Leaving a form with unsaved changes asks first. A page with unsaved changes registers a guard; whoever
// navigates away inside the app (the side menu, the page's own Back button) calls `leave(go)`, and the guard
// either lets `go` run or asks the user and runs it on their Yes. Closing or reloading the tab gets the
// browser's own question while a guard is registered.
type Guard = (go: () => void) => void;

let active: Guard | null = null;

function beforeUnload(event: BeforeUnloadEvent): void {
  event.preventDefault();
  // Older browsers show the question only when returnValue is set.
  event.returnValue = '';
}

/** Registers the guard of the page with unsaved changes; the returned function removes it. */
export function guardLeaving(guard: Guard): () => void {
  active = guard;
  window.addEventListener('beforeunload', beforeUnload);
  return () => {
    if (active !== guard) return;
    active = null;
    window.removeEventListener('beforeunload', beforeUnload);
  };
}

/** Runs `go` now, or once the user has agreed to drop their unsaved changes. */
export function leave(go: () => void): void {
  if (active) active(go);
  else go();
}
