// Edit assign transporter (spec/2 §2.3) with msw, on the panel given a rejected order: it cannot be dismissed, shows
// the order, its lines and Current against Change; a TO IN order's Change column cannot be edited; otherwise the user
// picks a new transporter from the freight options (the Select Transporter dialog), checks approval (Save waits for
// it) and saves the new assignment with the body the server expects. One test opens it from the order list, for the
// chosen row.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { EditAssignPanel } from '../../console/src/pages/orders/EditAssignPanel';
import OrderListPage from '../../console/src/pages/orders/OrderListPage';
import { openScreenOnly, renderPiece } from './render';
import { API, envelope, permissionHandler, server } from './server';
import { cellTexts } from './structure';

const MASTER = {
  status: [
    { code: 'ALL', text: 'All', count: 1 },
    { code: 'REJECTED', text: 'Rejected', count: 1 },
  ],
  shipment_type: [
    { code: 'INDIVIDUAL', text: 'Individual truck' },
    { code: 'COLLECTIVE', text: 'Collective' },
  ],
  transporter_status: [],
};

const ROW = {
  Id: 5,
  Order_No: 'ORD26100005',
  SAP_No: '0010000005',
  Status: 'REJECTED',
  Dispatch_Status: 'REJECTED',
  can_assign_transporter: true,
  Details: [],
};

function header(orderTypeId: number) {
  return {
    Id: 5,
    Order_No: 'ORD26100005',
    Order_Type_Id: orderTypeId,
    Business_Segment_Name: 'CPO',
    Warehouse_Name: 'Gudang Sei Mangkei',
    Warehouse_Code: 'WH01',
    Company_Code: '1000',
    Charge_OA_Company: '1000',
    Document_Type: 'ZSO',
    Freight_Date: '2026-10-04',
    Stuffing_Date_From: '2026-10-05',
    Stuffing_Date_To: null,
    Shipment_Type: 'INDIVIDUAL',
    Vessel: null,
    Loading_Destination_From_Id: 11,
    Loading_Destination_From_Name: 'Pabrik Sei Mangkei',
    Loading_Destination_To_Id: 12,
    Loading_Destination_To_Name: 'Pelabuhan Kuala Tanjung',
    Transporter_Code: 'TRP001',
    Transporter_Name: 'PT Angkut Sawit',
    Dispatch_Status: 'REJECTED',
    Dispatch_Status_Remarks: 'Truk tangki sedang perawatan',
    Truck_Type_Name: 'Tronton',
    Show_Conversion_Type: 'N',
    Details: [
      {
        Id: 51,
        Item_No: '000010',
        sap_no: '0010000005',
        SAP_Item_No: '000010',
        sap_order_id: 500,
        sap_order_detail_id: 5001,
        Material_Code: 'FG-CPO',
        Material_Name: 'Crude Palm Oil',
        Qty: 25,
        order_qty: 25,
        sap_os_qty: 0,
        real_qty: 0,
        UOM: 'TON',
        Conversion_Type: 'TON-KG',
      },
    ],
  };
}

const CURRENT = {
  transporter_code: 'TRP001',
  transporter_name: 'PT Angkut Sawit',
  truck_type_id: 1,
  freight_cost: 150,
  freight_suggested: 150,
  freight_value: false,
  freight_total_cost: 3750000,
  freight_total_cost_user_not: 3750000,
  freight_master: 'FRC-001',
  user_not: 1,
  system_not: 1,
};

const OPTIONS = [
  {
    key: 'TRP002-1-FRC-002',
    transporter_code: 'TRP002',
    transporter_name: 'PT Truk Nusantara',
    truck_type_id: 1,
    truck_type_name: 'Tronton',
    freight_master: 'FRC-002',
    is_value: false,
    per: 'KG',
    uom: 'IDR',
    numtrip: 1,
    cost: 140,
    master_cost: 140,
    total_cost: 3500000,
    total_cost_user_not: 3500000,
    total_kg: 25000,
    total_kg_user: 25000,
    recommended_kg: 25000,
    system_not: 1,
    user_not: 1,
    freight_capacity: 30000,
    suggested: true,
    materials: [],
  },
];

function editServer(orderType: { Code: string; Info1: string | null }) {
  const calls: { path: string; body: unknown }[] = [];
  server.use(
    permissionHandler({ View: true, Edit: true }),
    http.get(`${API}/order/master_list`, () => HttpResponse.json(envelope(MASTER))),
    http.post(`${API}/order/list`, () => HttpResponse.json(envelope([ROW], { totalRecords: 1 }))),
    http.get(`${API}/order/5/view`, () =>
      HttpResponse.json(envelope({ header: header(3), assign: { transporters: [CURRENT] } })),
    ),
    http.get(`${API}/util/order_type_fields`, ({ request }) => {
      calls.push({ path: 'order_type_fields', body: new URL(request.url).searchParams.get('id') });
      return HttpResponse.json(envelope(orderType));
    }),
    http.get(`${API}/list/lookup`, () =>
      HttpResponse.json(
        envelope({
          items: [
            { id: 'CHEAPER', text: 'Cheaper transporter', Lookup_Info1: 'N' },
            { id: 'OTHER', text: 'Other', Lookup_Info1: 'Y' },
          ],
          more: false,
        }),
      ),
    ),
    http.get(`${API}/list/vessel_code`, () => HttpResponse.json(envelope({ items: [], more: false }))),
    http.post(`${API}/list/transporter_freight`, async ({ request }) => {
      calls.push({ path: 'transporter_freight', body: await request.json() });
      return HttpResponse.json(envelope(OPTIONS));
    }),
    http.post(`${API}/util/check_approval`, async ({ request }) => {
      calls.push({ path: 'check_approval', body: await request.json() });
      return HttpResponse.json(
        envelope({
          approval_list: [{ Username: 'supervisor', fullname: 'Sari Supervisor', Level: 1, Info1: 'HIGHER' }],
          transporter_data: [{ transporter_code: 'TRP002', require_reason: false }],
        }),
      );
    }),
    http.put(`${API}/order/edit_assign_transporter`, async ({ request }) => {
      calls.push({ path: 'edit_assign_transporter', body: await request.json() });
      return HttpResponse.json(
        envelope(undefined, { message: 'ORD26100005 assigned to PT Truk Nusantara.' }),
      );
    }),
  );
  return calls;
}

/** The panel alone, given the rejected order 5, as the order list mounts it; `onClose` hears how it closed. */
async function openPanel() {
  const onClose = jest.fn();
  const { user } = renderPiece(
    <EditAssignPanel orderId={5} shipmentTypes={MASTER.shipment_type} onClose={onClose} />,
  );
  const compare = await screen.findByRole('table', { name: 'Current and change', hidden: true });
  return { user, compare, onClose };
}

function changeControl(field: string) {
  return screen.getByLabelText(`Change ${field}`);
}

describe('Edit assign transporter', () => {
  it('given a rejected order on the list, when its row is chosen and Edit Assign Transporter pressed, then the panel opens for that order, and Cancel closes it', async () => {
    editServer({ Code: 'SO', Info1: null });
    const { user } = await openScreenOnly(OrderListPage, '/Order/Index', { user: {}, shows: 'ORD26100005' });
    const row = screen.getAllByRole('row').find((r) => r.textContent?.includes('ORD26100005'))!;
    await user.click(within(row).getByRole('checkbox'));
    await user.click(await screen.findByRole('button', { name: 'Edit Assign Transporter' }));
    expect(await screen.findByText('Edit Assign Transporter ORD26100005')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Current and change', hidden: true })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel', hidden: true }));
    await waitFor(() =>
      expect(
        screen.queryByRole('table', { name: 'Current and change', hidden: true }),
      ).not.toBeInTheDocument(),
    );
  });

  it('given a rejected TO IN order, when the panel opens, then Current shows its assignment, every Change input is disabled, Escape does not close the panel and Cancel closes it unsaved', async () => {
    const calls = editServer({ Code: 'TO', Info1: 'IN' });
    const { user, compare, onClose } = await openPanel();

    expect(await screen.findByText(/This is a TO IN order/)).toBeInTheDocument();
    expect(calls).toContainEqual({ path: 'order_type_fields', body: '3' });
    const rows = within(compare)
      .getAllByRole('row', { hidden: true })
      .map((r) => cellTexts(r).slice(0, 2));
    expect(rows).toEqual(
      expect.arrayContaining([
        ['Shipment Type', 'Individual truck'],
        ['Loading', 'Pabrik Sei Mangkei'],
        ['Destination', 'Pelabuhan Kuala Tanjung'],
        ['Transporter', 'PT Angkut Sawit'],
        ['Truck Type', 'Tronton'],
        ['Freight Cost', '150.00'],
        ['Freight Master', 'FRC-001'],
      ]),
    );
    for (const field of ['Shipment Type', 'Loading', 'Destination', 'User No. of Trips', 'Assign Reason']) {
      expect(changeControl(field)).toBeDisabled();
    }
    expect(within(compare).getByRole('button', { name: 'Select Transporter', hidden: true })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save', hidden: true })).toBeDisabled();

    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Cancel', hidden: true }));
    expect(onClose).toHaveBeenCalledWith(false);
  });

  it('given a rejected SO order, when a new transporter is chosen from the freight options, approval is checked and Save pressed, then the options are asked for the lane, Save waits for the check, and the new assignment is saved', async () => {
    const calls = editServer({ Code: 'SO', Info1: null });
    const { user, compare, onClose } = await openPanel();
    await waitFor(() => expect(changeControl('Shipment Type')).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Save', hidden: true })).toBeDisabled();
    // Who refused the order and why, above the comparison.
    expect(
      screen.getByText('PT Angkut Sawit rejected this order: Truk tangki sedang perawatan'),
    ).toBeInTheDocument();

    await user.click(within(compare).getByRole('button', { name: 'Select Transporter', hidden: true }));
    const dialog = await screen.findByRole('dialog', { hidden: true });
    expect(within(dialog).getByText('Select Transporter')).toBeInTheDocument();
    await user.click(
      await within(dialog).findByRole('button', { name: 'Choose PT Truk Nusantara, Tronton', hidden: true }),
    );
    // Issue 27: no trips typed, every option at its system trips (no container asked).
    expect(calls.find((c) => c.path === 'transporter_freight')?.body).not.toHaveProperty('container');
    expect(calls.find((c) => c.path === 'transporter_freight')?.body).toMatchObject({
      loading: 11,
      destination: 12,
      materials: [{ Id: 5001, Qty: 25, conversion_type: 'TON-KG' }],
      truck_rental: false,
      charge_oa_company: '1000',
      freight_date: '2026-10-04',
      sap_order_ids: [500],
      shipment_type: 'INDIVIDUAL',
      // The carrier that just refused it is not offered it again.
      exclude_transporters: ['TRP001'],
    });
    await waitFor(() => expect(within(compare).getByText('PT Truk Nusantara')).toBeInTheDocument());
    expect(within(compare).getByText('140.00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save', hidden: true })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Check Approval', hidden: true }));
    expect(await screen.findByText('Level 1: Sari Supervisor')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save', hidden: true });
    expect(save).toBeEnabled();
    await user.click(save);

    await waitFor(() => expect(calls.some((c) => c.path === 'edit_assign_transporter')).toBe(true));
    const saved = calls.find((c) => c.path === 'edit_assign_transporter')?.body as {
      id: number;
      edited_order: Record<string, unknown>;
    };
    expect(saved.id).toBe(5);
    expect(saved.edited_order).toMatchObject({
      id: [500],
      loading_destination_from_id: 11,
      loading_destination_to_id: 12,
      shipment_type: 'INDIVIDUAL',
      stuffing_date: ['2026-10-05', '2026-10-05'],
      transporters: [
        {
          transporter_code: 'TRP002',
          freight_cost: 140,
          freight_suggested: 140,
          freight_master: 'FRC-002',
          user_not: 1,
        },
      ],
      details: [{ Id: 5001, Qty: 25, include_merge: true }],
      approval_matrix: [{ Username: 'supervisor', Level: 1 }],
    });
    expect(await screen.findByText('ORD26100005 assigned to PT Truk Nusantara.')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledWith(true);
  });
});
