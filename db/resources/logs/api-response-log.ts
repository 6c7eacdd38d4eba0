// APIResponseLog (spec/3 §2.3 /APIResponseLog/Index): every call the TMS makes to the ERP (api/erp/call-log.ts:
// filter, read, delivery-order sync, STO/SPO postings), with the request and the ERP's answer. Written by the
// adapters only, so the console lists and views it and never edits it.
import { defineResource } from '../engine';

export const APIResponseLog = defineResource({
  name: 'APIResponseLog',
  table: 'api_response_logs',
  path: 'api_response_log',
  key: 'Call_Id',
  readOnly: true,
  lookup: false,
  fields: [
    { name: 'Call_Id', type: 'text', required: true, maxLength: 64, list: false },
    // The adapter (sap-odata, sandbox) and what it did.
    { name: 'System', type: 'text', required: true, maxLength: 30, filter: 'equals' },
    { name: 'Operation', type: 'text', required: true, maxLength: 60 },
    { name: 'Method', type: 'text', required: true, maxLength: 10, filter: 'equals' },
    { name: 'Url', type: 'text', required: true, maxLength: 2000 },
    { name: 'Status_Code', type: 'integer', min: 100, max: 599, filter: 'equals' },
    { name: 'Success', type: 'bool', required: true },
    { name: 'Message', type: 'text', maxLength: 1000 },
    { name: 'Duration_Ms', type: 'integer', required: true, min: 0 },
    // The business key the call was about (a document, a shipment, an STO number).
    { name: 'Reference', type: 'text', maxLength: 100 },
    { name: 'Request', type: 'json' },
    { name: 'Response', type: 'json' },
  ],
  systemList: { Created_Date: true, Is_Active: false },
  defaultSort: [{ field: 'Id', order: 'desc' }],
});
