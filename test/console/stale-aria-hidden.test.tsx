// The watcher that undoes a screen-reader mark Fluent leaves behind when no modal dialog is open any more.
import { releaseStaleAriaHidden, watchStaleAriaHidden } from '../../console/src/util/staleAriaHidden';

afterEach(() => {
  document.body.innerHTML = '';
});

function page(): { root: HTMLElement; portal: HTMLElement } {
  const root = document.createElement('div');
  root.id = 'root';
  const portal = document.createElement('div');
  document.body.append(root, portal);
  return { root, portal };
}

/** The mutation observer's callbacks have run (they are queued as microtasks). */
async function observed() {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
}

describe('stale aria-hidden', () => {
  it('given the page marked hidden while a modal dialog is open, when released, then the mark stays', () => {
    const { root, portal } = page();
    root.setAttribute('aria-hidden', 'true');
    portal.innerHTML = '<div role="alertdialog" aria-modal="true">Change Password</div>';
    expect(releaseStaleAriaHidden()).toBe(0);
    expect(root).toHaveAttribute('aria-hidden', 'true');
  });

  it('given the page still marked after the last dialog is gone, when released, then every body child is exposed', () => {
    const { root, portal } = page();
    root.setAttribute('aria-hidden', 'true');
    portal.setAttribute('aria-hidden', 'true');
    expect(releaseStaleAriaHidden()).toBe(2);
    expect(root).not.toHaveAttribute('aria-hidden');
    expect(portal).not.toHaveAttribute('aria-hidden');
  });

  it('given the watcher, when a dialog closes and leaves the mark, then it is released shortly after; while a dialog is open it is kept', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const { root, portal } = page();
    const stop = watchStaleAriaHidden();
    try {
      portal.innerHTML = '<div role="dialog" aria-modal="true">Privacy consent</div>';
      root.setAttribute('aria-hidden', 'true');
      await observed();
      // Long past the watcher's settling time, the mark stays while the dialog is open.
      jest.advanceTimersByTime(10_000);
      expect(root).toHaveAttribute('aria-hidden', 'true');

      portal.innerHTML = '';
      await observed();
      jest.advanceTimersByTime(1_000);
      expect(root).not.toHaveAttribute('aria-hidden');
    } finally {
      stop();
      jest.useRealTimers();
    }
  });

  it('given a panel left marked hidden after a dialog over it closed, when released, then the panel (the modal on top) is exposed again and the page under it stays hidden', () => {
    const { root, portal } = page();
    root.setAttribute('aria-hidden', 'true');
    portal.setAttribute('aria-hidden', 'true');
    portal.innerHTML = '<div role="alertdialog" aria-modal="true">Edit Assign Transporter</div>';
    expect(releaseStaleAriaHidden()).toBe(1);
    expect(portal).not.toHaveAttribute('aria-hidden');
    expect(root).toHaveAttribute('aria-hidden', 'true');
  });

  it('given a dialog open over a panel, when released, then the panel under the dialog stays hidden and the dialog is not', () => {
    const { root, portal } = page();
    const picker = document.createElement('div');
    document.body.append(picker);
    portal.innerHTML = '<div role="alertdialog" aria-modal="true">Edit Assign Transporter</div>';
    picker.innerHTML = '<div role="dialog" aria-modal="true">Select Transporter</div>';
    root.setAttribute('aria-hidden', 'true');
    portal.setAttribute('aria-hidden', 'true');
    expect(releaseStaleAriaHidden()).toBe(0);
    expect(portal).toHaveAttribute('aria-hidden', 'true');
    expect(picker).not.toHaveAttribute('aria-hidden');
  });
});
