// The Approval screen (/Approval/Index) with msw: the tabs with counts and the list of what waits for the user,
// choosing rows with their checkboxes, the confirmation "Are you sure? These selected document(s) will be
// approved/rejected." in English and Indonesian, the remark required to reject, the exact request bodies, the
// per-document results after a decision, the buttons by rights, and the empty state. The dialog's own wording and
// rules, given its props, are decision-dialog.test.tsx's.
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import i18n from '../../console/src/i18n';
import { openApproval, renderApproval } from './approval-support';
import { chooseRows } from './render';
import { API, envelope, permissionHandler, server } from './server';
import { gridPager } from './structure';

const ROWS = [
  {
    Id: 11,
    Transaction_Type: 'SAP_ORDER',
    Document_Id: '501',
    Document_No: 'MSO2610000011',
    Company_Code: '1000',
    Order_Type: 'PO',
    Document_Date: '2026-10-20',
    Customer_Vendor_Code: 'VEN001',
    Customer_Vendor_Name: 'KUD Sawit Jaya',
    Plant: '1101',
    Qty_Total: 20.5,
    Level: 1,
    Max_Level: 2,
    Requested_By: 'newstaff',
    Requested_Date: '2026-10-20T03:00:00.000Z',
    Summary: 'PO MSO2610000011',
  },
  {
    Id: 12,
    Transaction_Type: 'SAP_ORDER',
    Document_Id: '502',
    Document_No: 'MSO2610000012',
    Company_Code: '2000',
    Order_Type: 'SO',
    Document_Date: '2026-10-21',
    Customer_Vendor_Code: 'CUS001',
    Customer_Vendor_Name: 'PT Minyak Nabati Sejahtera',
    Plant: '2101',
    Qty_Total: 8,
    Level: 1,
    Max_Level: 1,
    Requested_By: 'logistic',
    Requested_Date: '2026-10-21T03:00:00.000Z',
    Summary: 'SO MSO2610000012',
  },
];

interface ListBody {
  start: number;
  rows: number;
  tab_status?: string;
  sorts: unknown[];
  filters: unknown[];
}

const EDIT = { View: true, Edit: true };

function tabs(counts: { ALL: number; SAP_ORDER: number }, lang: 'en' | 'id' = 'en') {
  return [
    { code: 'ALL', text: lang === 'id' ? 'Semua' : 'All', count: counts.ALL },
    { code: 'SAP_ORDER', text: 'SAP Order', count: counts.SAP_ORDER },
    { code: 'ORDER', text: 'Order', count: 0 },
    { code: 'SHIPMENT', text: lang === 'id' ? 'Pengiriman' : 'Shipment', count: 0 },
  ];
}

/** Answers the tabs and the list, and records every list and decision request. */
function approvalServer(options: { rows?: typeof ROWS; lang?: 'en' | 'id' } = {}) {
  const rows = options.rows ?? ROWS;
  const lists: ListBody[] = [];
  const decisions: { path: string; body: unknown }[] = [];
  let masterLoads = 0;
  server.use(
    http.get(`${API}/approval/master_list`, () => {
      masterLoads++;
      return HttpResponse.json(
        envelope({ tab_status: tabs({ ALL: rows.length, SAP_ORDER: rows.length }, options.lang) }),
      );
    }),
    http.post(`${API}/approval/list`, async ({ request }) => {
      lists.push((await request.json()) as ListBody);
      return HttpResponse.json(envelope(rows, { totalRecords: rows.length }));
    }),
  );
  return { lists, decisions, masterLoads: () => masterLoads };
}

function decisionHandler(
  path: 'approve' | 'reject',
  decisions: { path: string; body: unknown }[],
  answer: Record<string, unknown>,
  status = 200,
) {
  server.use(
    http.post(`${API}/approval/${path}`, async ({ request }) => {
      decisions.push({ path, body: await request.json() });
      return HttpResponse.json(answer, { status });
    }),
  );
}

/** The open dialog (see resources-index.test.tsx: in jsdom an open Fluent dialog may be marked aria-hidden). */
function findDialog() {
  return screen.findByRole('alertdialog', { hidden: true });
}

function rowOf(text: string): HTMLElement {
  const row = screen.getAllByRole('row').find((r) => r.textContent?.includes(text));
  if (!row) throw new Error(`no row with ${text}`);
  return row;
}

/** Ticks the rows of `documents` and waits for them to be counted (`counted`, e.g. "2 selected"). */
async function choose(
  user: ReturnType<typeof renderApproval>['user'],
  counted: string,
  ...documents: string[]
) {
  const boxes = documents.map((document) => within(rowOf(document)).getByRole('checkbox'));
  await chooseRows(user, boxes, counted);
}

describe('Approval screen', () => {
  it('given documents waiting for the user, when the screen opens, then the tabs with counts (types with nothing waiting left out) and the rows show, and the first page of 15 is asked for the ALL tab', async () => {
    server.use(permissionHandler(EDIT));
    const { lists } = approvalServer();
    const { user } = await openApproval({ user: {}, shows: 'MSO2610000011' });

    expect(screen.getByRole('heading', { name: 'Approvals', level: 1 })).toBeInTheDocument();
    const tabList = screen.getByRole('tablist', { name: 'Transaction types' });
    expect(within(tabList).getAllByRole('tab')).toHaveLength(2);
    expect(within(tabList).getByRole('tab', { name: /^All/, selected: true })).toHaveTextContent('2');
    expect(within(tabList).getByRole('tab', { name: /^SAP Order/ })).toHaveTextContent('2');
    expect(rowOf('MSO2610000011').textContent).toMatch(
      /SAP Order.*MSO2610000011.*1000.*PO.*20\/10\/2026.*KUD Sawit Jaya.*1101.*20\.500.*1.*newstaff/,
    );
    expect(lists[0]).toEqual({ tab_status: 'ALL', start: 0, rows: 15, sorts: [], filters: [] });
    expect(screen.getByRole('button', { name: 'Approve' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeDisabled();
    expect(screen.getByText('0 selected')).toBeInTheDocument();
    await waitFor(() => expect(gridPager()).not.toHaveClass('ag-hidden'));
    await waitFor(() => expect(gridPager()).toHaveTextContent(/1 to 2 of 2/));

    await user.click(within(tabList).getByRole('tab', { name: /SAP Order/ }));
    await waitFor(() => expect(lists.at(-1)?.tab_status).toBe('SAP_ORDER'));
  });

  it('given two chosen documents, when Approve is pressed and confirmed, then the dialog asks "Are you sure? These selected document(s) will be approved." naming them, posts their ids with the remark, shows the server message and reloads the list and the counts', async () => {
    server.use(permissionHandler(EDIT));
    const { lists, decisions, masterLoads } = approvalServer();
    decisionHandler('approve', decisions, {
      success: true,
      message: '2 document(s) approved.',
      message_code: '',
      data: {
        succeeded: 2,
        failed: 0,
        results: ROWS.map((r) => ({
          Id: r.Id,
          Document_No: r.Document_No,
          success: true,
          message: '',
          message_code: '',
        })),
      },
    });
    const { user } = await openApproval({ user: {}, shows: 'MSO2610000011' });

    await choose(user, '2 selected', 'MSO2610000011', 'MSO2610000012');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
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
    const loads = lists.length;
    const masters = masterLoads();
    await user.click(within(dialog).getByRole('button', { name: 'Yes', hidden: true }));

    await waitFor(() => expect(decisions).toHaveLength(1));
    expect(decisions[0]).toEqual({ path: 'approve', body: { ids: [11, 12], remark: 'Stok aman' } });
    expect(await screen.findByText('2 document(s) approved.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog', { hidden: true })).not.toBeInTheDocument());
    await waitFor(() => expect(lists.length).toBeGreaterThan(loads));
    await waitFor(() => expect(masterLoads()).toBeGreaterThan(masters));
  });

  it('given the Indonesian interface, when a chosen document is rejected, then the question is "Apakah Anda yakin? Dokumen yang dipilih akan ditolak.", Yes without a remark only asks for it, and with one posts it', async () => {
    await act(() => i18n.changeLanguage('id'));
    server.use(permissionHandler(EDIT));
    const { decisions } = approvalServer({ lang: 'id' });
    decisionHandler('reject', decisions, {
      success: true,
      message: '1 dokumen ditolak.',
      message_code: '',
      data: { succeeded: 1, failed: 0, results: [{ Id: 12, success: true, message: '', message_code: '' }] },
    });
    const { user } = await openApproval({ user: { Language: 'id' }, shows: 'MSO2610000012' });
    expect(screen.getByRole('tab', { name: /Semua/ })).toBeInTheDocument();

    await choose(user, '1 dipilih', 'MSO2610000012');
    await user.click(screen.getByRole('button', { name: 'Tolak' }));
    const dialog = await findDialog();
    expect(within(dialog).getByText('Tolak dokumen')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Apakah Anda yakin? Dokumen yang dipilih akan ditolak.'),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Ya', hidden: true }));
    expect(await within(dialog).findByText('Catatan wajib diisi untuk menolak.')).toBeInTheDocument();
    expect(decisions).toEqual([]);

    await user.type(
      within(dialog).getByRole('textbox', { name: /Catatan/, hidden: true }),
      'Harga belum final',
    );
    expect(within(dialog).queryByText('Catatan wajib diisi untuk menolak.')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Ya', hidden: true }));
    await waitFor(() =>
      expect(decisions).toEqual([{ path: 'reject', body: { ids: [12], remark: 'Harga belum final' } }]),
    );
    expect(await screen.findByText('1 dokumen ditolak.')).toBeInTheDocument();
  });

  it('given a decision some documents failed, when it answers, then the server summary shows as an error and every failed document is listed with its reason', async () => {
    server.use(permissionHandler(EDIT));
    const { decisions } = approvalServer();
    decisionHandler('approve', decisions, {
      success: false,
      message: '1 of 2 document(s) approved; 1 could not be approved.',
      message_code: 'PARTIAL',
      data: {
        succeeded: 1,
        failed: 1,
        results: [
          {
            Id: 11,
            Document_No: 'MSO2610000011',
            success: true,
            message: 'MSO2610000011 approved.',
            message_code: '',
          },
          {
            Id: 12,
            Document_No: 'MSO2610000012',
            success: false,
            message: 'MSO2610000012: you are not an approver of level 1.',
            message_code: 'NOT_AN_APPROVER',
          },
        ],
      },
    });
    const { user } = await openApproval({ user: {}, shows: 'MSO2610000011' });
    await choose(user, '2 selected', 'MSO2610000011', 'MSO2610000012');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await findDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Yes', hidden: true }));

    expect(
      await screen.findByText('1 of 2 document(s) approved; 1 could not be approved.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('1 document(s) could not be decided')).toBeInTheDocument();
    expect(screen.getByText('MSO2610000012: you are not an approver of level 1.')).toBeInTheDocument();
    expect(screen.queryByText('MSO2610000011 approved.')).not.toBeInTheDocument();
  });

  it('given a user who may only view, when the screen opens, then rows can be listed but there is no Approve or Reject', async () => {
    server.use(permissionHandler({ View: true }));
    approvalServer();
    await openApproval({ user: {}, shows: 'MSO2610000011' });
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
  });

  it('given nothing waits for the user, when the screen opens, then it says so', async () => {
    server.use(permissionHandler(EDIT));
    approvalServer({ rows: [] });
    renderApproval({ user: {} });
    expect(await screen.findByText('Nothing is waiting for your approval.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeDisabled();
    // Once the list has answered: its empty state, and no "Page 0 of 0" under it.
    expect(await screen.findByText('No records found')).toBeInTheDocument();
    expect(gridPager()).toHaveClass('ag-hidden');
  });
});
