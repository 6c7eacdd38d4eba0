// Console test environment: jest-dom matchers, the msw server, and the few browser APIs jsdom lacks.
import '@testing-library/jest-dom';

// eslint-disable-next-line testing-library/no-manual-cleanup -- unmounted before the language is reset (below)
import { cleanup, configure } from '@testing-library/react';
import i18n from '../../console/src/i18n';
import { server } from './server';

// Lazily loaded screens and the toast area are required on first use; on a busy machine (all suites in
// parallel, or other jobs on a 2-core machine) that first load, and a page of the grid, can take several
// seconds.
configure({ asyncUtilTimeout: 15_000 });
// A test of a grid screen types, clicks and waits through several such loads (15-20 s alone on 2 cores for the
// SAP order filter and editor); under a loaded machine the default 30 s per test is not enough.
jest.setTimeout(90_000);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  // Unmount first, so switching the language back does not update screens that are still mounted (the order
  // matters here, so it is not left to the library's own hook).
  cleanup();
  server.resetHandlers();
  window.localStorage.clear();
  await i18n.changeLanguage('en');
});
afterAll(() => server.close());

// jsdom has no layout: scrolling is a no-op, and media queries are answered from the window width (1024 px by
// default, i.e. the desktop layout; a test may set window.innerWidth to see the small-screen layout).
window.scrollTo = () => undefined;
window.matchMedia = (query: string) => {
  const min = /min-width:\s*(\d+)px/.exec(query);
  const max = /max-width:\s*(\d+)px/.exec(query);
  const width = window.innerWidth;
  const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
  return {
    matches,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  };
};
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
}

// jest-fixed-jsdom puts Node's FormData on the global (msw needs it), and Node's takes no form. React 19 builds
// `new FormData(form, submitter)` when a form is submitted while a transition is pending (a navigation or a
// deferred update at that moment), as a browser's FormData allows; Node's threw "Argument 1 could not be
// converted" there. This one takes the form's named fields, as the DOM's does.
const NodeFormData = globalThis.FormData;
class FormDataOfForm extends NodeFormData {
  constructor(form?: HTMLFormElement, submitter?: HTMLElement | null) {
    super();
    if (!form) return;
    for (const element of Array.from(form.elements) as HTMLInputElement[]) {
      if (!element.name || element.disabled) continue;
      if ((element.type === 'checkbox' || element.type === 'radio') && !element.checked) continue;
      if ((element.type === 'submit' || element.type === 'button') && element !== submitter) continue;
      this.append(element.name, element.value);
    }
  }
}
globalThis.FormData = FormDataOfForm as typeof FormData;
