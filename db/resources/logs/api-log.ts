// APILog (spec/3 §2.3 /APILog/Index): every call of the ERP push API (api/erp/routes.ts), refused ones included,
// with what was sent and what was answered. Written by the API only, so the console lists and views it and never
// edits it. The key is the request id the caller got back in its X-Request-Id header.
import { defineResource } from '../engine';

export const APILog = defineResource({
  name: 'APILog',
  table: 'api_logs',
  path: 'api_log',
  key: 'Request_Id',
  readOnly: true,
  lookup: false,
  fields: [
    { name: 'Request_Id', type: 'text', required: true, maxLength: 64 },
    { name: 'Method', type: 'text', required: true, maxLength: 10, filter: 'equals' },
    { name: 'Path', type: 'text', required: true, maxLength: 300 },
    { name: 'Client', type: 'text', maxLength: 100 },
    { name: 'Remote_Address', type: 'text', maxLength: 100, list: false },
    { name: 'Status_Code', type: 'integer', required: true, min: 100, max: 599, filter: 'equals' },
    { name: 'Success', type: 'bool', required: true },
    { name: 'Message', type: 'text', maxLength: 1000 },
    { name: 'Documents', type: 'integer', required: true, min: 0 },
    { name: 'Written', type: 'integer', required: true, min: 0 },
    { name: 'Duration_Ms', type: 'integer', required: true, min: 0 },
    { name: 'Request', type: 'json' },
    { name: 'Response', type: 'json' },
  ],
  // A log is read by when it happened; whether a row is "active" means nothing here.
  systemList: { Created_Date: true, Is_Active: false },
  defaultSort: [{ field: 'Id', order: 'desc' }],
});
