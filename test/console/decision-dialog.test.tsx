// The Approval screen's approve / reject dialog (console/src/pages/approvals/DecisionDialog.tsx) given its props: the
// question in English and Indonesian, the chosen documents, and the remark, required to reject. What the screen
// does with the decision (the request, the results) is approval.test.tsx's.
import { createDOMRenderer, FluentProvider, RendererProvider } from '@fluentui/react-components';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../console/src/i18n';
import { DecisionDialog, type Decision } from '../../console/src/pages/approvals/DecisionDialog';
import { tmsTheme } from '../../console/src/theme';

function renderDialog(decision: Decision, documents: string[]) {
  const confirmed: string[] = [];
  const user = userEvent.setup();
  render(
    <RendererProvider renderer={createDOMRenderer(document, { unstable_filterCSSRule: () => false })}>
      <FluentProvider theme={tmsTheme}>
        <DecisionDialog
          open
          decision={decision}
          documents={documents}
          busy={false}
          onConfirm={(remark) => confirmed.push(remark)}
          onCancel={() => undefined}
        />
      </FluentProvider>
    </RendererProvider>,
  );
  return { user, confirmed };
}

/** See resources-index.test.tsx: in jsdom an open Fluent dialog may be marked aria-hidden by tabster. */
function findDialog() {
  return screen.findByRole('alertdialog', { hidden: true });
}

describe('decision dialog', () => {
  it('given two documents to approve, when it opens, then it names them, asks "Are you sure? These selected document(s) will be approved." and Yes gives the optional remark', async () => {
    const { user, confirmed } = renderDialog('approve', ['MSO2610000011', 'MSO2610000012']);
    const dialog = await findDialog();

    expect(
      within(dialog).getByText('Are you sure? These selected document(s) will be approved.'),
    ).toBeInTheDocument();
    const listed = within(dialog).getByRole('list', { name: 'Selected documents', hidden: true });
    expect(
      within(listed)
        .getAllByRole('listitem', { hidden: true })
        .map((li) => li.textContent),
    ).toEqual(['MSO2610000011', 'MSO2610000012']);
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Remark (optional)', hidden: true }),
      'Stok aman',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Yes', hidden: true }));
    expect(confirmed).toEqual(['Stok aman']);
  });

  it('given the Indonesian interface and a document to approve, when it opens, then the question is "Apakah Anda yakin? Dokumen yang dipilih akan disetujui." and the remark is optional', async () => {
    await act(() => i18n.changeLanguage('id'));
    renderDialog('approve', ['MSO2610000011']);
    const dialog = await findDialog();

    expect(
      within(dialog).getByText('Apakah Anda yakin? Dokumen yang dipilih akan disetujui.'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByRole('textbox', { name: 'Catatan (opsional)', hidden: true }),
    ).toBeInTheDocument();
  });

  it('given the Indonesian interface and a document to reject, when Yes is pressed without a remark, then the remark is asked for and nothing is confirmed until one is typed', async () => {
    await act(() => i18n.changeLanguage('id'));
    const { user, confirmed } = renderDialog('reject', ['MSO2610000012']);
    const dialog = await findDialog();
    expect(within(dialog).getByText('Tolak dokumen')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Apakah Anda yakin? Dokumen yang dipilih akan ditolak.'),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Ya', hidden: true }));
    expect(await within(dialog).findByText('Catatan wajib diisi untuk menolak.')).toBeInTheDocument();
    expect(confirmed).toEqual([]);

    await user.type(
      within(dialog).getByRole('textbox', { name: /Catatan/, hidden: true }),
      'Harga belum final',
    );
    expect(within(dialog).queryByText('Catatan wajib diisi untuk menolak.')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Ya', hidden: true }));
    expect(confirmed).toEqual(['Harga belum final']);
  });
});
