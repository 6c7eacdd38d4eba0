// The order's workflow as the Temporal kit knows it (workflows/kit/entity.ts): `order:<Order_No>`, found in the
// Temporal UI by its order number, status and transporter. The API's client (api/orders/workflows.ts) and the
// order sweep (sweep.ts) start it through this declaration.
import { defineEntityWorkflow } from '../kit/entity';
import { OrderNo, Status, TransporterCode } from '../search-attributes';
import { orderWorkflowId, type OrderWorkflowInput } from './messages';

export const orderEntity = defineEntityWorkflow<OrderWorkflowInput, string>({
  workflowType: 'orderWorkflow',
  keyOf: (input) => input.orderNo,
  idOf: orderWorkflowId,
  idPrefix: orderWorkflowId(''),
  searchAttributes: (input) => [
    { key: OrderNo, value: input.orderNo },
    {
      key: Status,
      value:
        input.approvalLevels > 0 ? 'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL' : 'ASSIGNED TO TRANSPORTER',
    },
    { key: TransporterCode, value: input.transporterCode },
  ],
  // Temporal's default reuse policy: a run that died is started again by the sweep under the same id.
});
