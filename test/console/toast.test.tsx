// The toast area (console/src/shell/ToastHost.tsx): a message of several lines, as the server and SAP answer
// them ("Error Sync to SAP" with SAP's message and its code), keeps its line breaks in the toast body; the same
// toast asked for twice shows once; dismissing all toasts also drops those still queued for the area.
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { act, render, screen, waitFor } from '@testing-library/react';
import ToastHost from '../../console/src/shell/ToastHost';
import { dismissAllToasts, showToast, TOAST_LIFE_MS, useNotify } from '../../console/src/shell/notify';
import userEvent from '@testing-library/user-event';

/** A form that speaks through one useNotify(): a refusal, then a save. */
function Form({ name }: { name: string }) {
  const notify = useNotify();
  return (
    <div>
      <button onClick={() => notify.error(`${name}: Choose a transporter.`)}>{`${name} refuse`}</button>
      <button onClick={() => notify.success(`${name} saved`, 'Data Saved')}>{`${name} save`}</button>
    </div>
  );
}

describe('toast area', () => {
  it('given a message of several lines, when it is toasted, then its body shows each line on its own (white-space pre-line)', async () => {
    render(
      <FluentProvider theme={webLightTheme}>
        <ToastHost />
      </FluentProvider>,
    );

    act(() =>
      showToast({
        intent: 'error',
        title: 'Error Sync to SAP',
        message: 'Sales document 0010090001 is currently being processed (by user SAPBATCH)\nV1/042',
        life: TOAST_LIFE_MS,
      }),
    );

    const body = await screen.findByText(/^Sales document 0010090001/);
    expect(body.textContent).toBe(
      'Sales document 0010090001 is currently being processed (by user SAPBATCH)\nV1/042',
    );
    expect(body).toHaveStyle({ whiteSpace: 'pre-line' });
    expect(screen.getByText('Error Sync to SAP')).toBeInTheDocument();
  });

  it('given a toast on screen, when the same toast is asked for again, then it shows once: the newer replaces the older', async () => {
    render(
      <FluentProvider theme={webLightTheme}>
        <ToastHost />
      </FluentProvider>,
    );
    const request = {
      intent: 'error' as const,
      title: 'Error',
      message: 'Invalid username or password.',
      life: TOAST_LIFE_MS,
    };

    act(() => showToast(request));
    expect(await screen.findByText('Invalid username or password.')).toBeInTheDocument();
    act(() => showToast(request));
    act(() => showToast({ ...request, message: 'Another problem.' }));

    expect(await screen.findByText('Another problem.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('Invalid username or password.')).toHaveLength(1), {
      timeout: 3000,
    });
    // A different message is not a duplicate: it stays beside the first.
    expect(screen.getByText('Another problem.')).toBeInTheDocument();
  });

  it('given toasts on screen and one still waiting for the toast area, when all toasts are dismissed, then none is shown, now or once the area loads', async () => {
    const request = {
      intent: 'error' as const,
      title: 'Error',
      message: 'Queued before the area.',
      life: TOAST_LIFE_MS,
    };
    act(() => showToast(request));
    act(() => dismissAllToasts());
    const { unmount } = render(
      <FluentProvider theme={webLightTheme}>
        <ToastHost />
      </FluentProvider>,
    );
    act(() => showToast({ ...request, message: 'Shown first.' }));
    expect(await screen.findByText('Shown first.')).toBeInTheDocument();
    expect(screen.queryByText('Queued before the area.')).not.toBeInTheDocument();

    act(() => dismissAllToasts());

    await waitFor(() => expect(screen.queryByText('Shown first.')).not.toBeInTheDocument(), {
      timeout: 3000,
    });
    unmount();
  });

  it("given a form whose refusals are on screen beside another form's, when the form saves, then its own error toasts close and the other form's stay", async () => {
    const user = userEvent.setup();
    render(
      <FluentProvider theme={webLightTheme}>
        <ToastHost />
        <Form name="Assign" />
        <Form name="Cancel" />
      </FluentProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Assign refuse' }));
    await user.click(screen.getByRole('button', { name: 'Cancel refuse' }));
    expect(await screen.findByText('Assign: Choose a transporter.')).toBeInTheDocument();
    expect(await screen.findByText('Cancel: Choose a transporter.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Assign save' }));

    expect(await screen.findByText('Assign saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Assign: Choose a transporter.')).not.toBeInTheDocument(), {
      timeout: 3000,
    });
    expect(screen.getByText('Cancel: Choose a transporter.')).toBeInTheDocument();
    act(() => dismissAllToasts());
  });
});
