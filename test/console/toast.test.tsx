// The toast area (console/src/shell/ToastHost.tsx): a message of several lines, as the server and SAP answer
// them ("Error Sync to SAP" with SAP's message and its code), keeps its line breaks in the toast body.
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { act, render, screen } from '@testing-library/react';
import ToastHost from '../../console/src/shell/ToastHost';
import { showToast, TOAST_LIFE_MS } from '../../console/src/shell/notify';

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
});
