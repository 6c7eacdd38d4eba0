// Logs shown through the resource engine: read-only lists with a record view of the payloads (the ERP calls) or
// of the decision (approvals).
import type { ResourceDef } from '../engine';
import { APILog } from './api-log';
import { APIResponseLog } from './api-response-log';
import { ApprovalLog } from './approval-log';

export const LOG_RESOURCES: readonly ResourceDef[] = [APILog, APIResponseLog, ApprovalLog];
