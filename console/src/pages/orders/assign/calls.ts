// The calls the assign panels and the Edit order panel make alike, with the toasts spec/2 §8 gives their answers:
// the SO factory sync with SAP (saporder/sync_do_sap, order/sync_do_sap), the transporter's quota
// (util/transporter_exceed_quota) and the chosen transporters priced again (util/refresh_freight_cost). Each
// answers what the panel keeps; the toasts are shown here.
import type { TFunction } from 'i18next';
import type { AssignDetail, TransporterFreightBody } from '../../../../../db/resources/order-assign';
import { api, SessionExpiredError } from '../../../api/client';
import { showToast, TOAST_LIFE_MS, type Notify } from '../../../shell/notify';
import type { FreightFigures } from './model';

/** What a sync left: whether SAP took it, and SAP's lines when it answered them. */
export interface SyncOutcome<L> {
  ok: boolean;
  lines: L[] | null;
}

/**
 * Sends the lines to SAP. Success with a message_code is a warning 'Info SO Factory' (the factory answered
 * something to read); a refusal is 'Error Sync to SAP' with the message and the message_code on a new line.
 */
export async function syncDoSap<L = Partial<AssignDetail>>(
  path: string,
  body: unknown,
  t: TFunction,
  notify: Notify,
): Promise<SyncOutcome<L>> {
  const failed = (message: string) =>
    showToast({ intent: 'error', title: t('sapOrderEditor.errors.sync'), message, life: TOAST_LIFE_MS });
  try {
    const res = await api.post<L[]>(path, body);
    if (res.success) {
      if (res.message_code)
        showToast({
          intent: 'warning',
          title: t('sapOrderEditor.infoSoFactory'),
          message: res.message_code,
          life: TOAST_LIFE_MS,
        });
      else notify.success(res.message, t('assign.synced'));
      return { ok: true, lines: Array.isArray(res.data) ? res.data : null };
    }
    failed([res.message || t('common.requestFailed'), res.message_code].filter(Boolean).join('\n'));
  } catch (error) {
    if (!(error instanceof SessionExpiredError))
      failed(error instanceof Error && error.message ? error.message : t('common.requestFailed'));
  }
  return { ok: false, lines: null };
}

/**
 * Whether the transporter is over its quota for the SAP orders: the message to show under it, null when it is
 * not, undefined when the answer could not be had ('Error Getting Transporter Quota' was toasted).
 */
export async function transporterQuota(
  code: string,
  ids: readonly number[],
  t: TFunction,
  notify: Notify,
): Promise<string | null | undefined> {
  const query = new URLSearchParams({ transporter_code: code, order_ids: ids.join(',') }).toString();
  try {
    const res = await api.get<{ exceed?: boolean; message?: string }>(
      `util/transporter_exceed_quota?${query}`,
    );
    if (!res.success) {
      notify.error(res.message || t('common.requestFailed'), t('assign.errors.quota'));
      return undefined;
    }
    return res.data?.exceed ? res.data.message || null : null;
  } catch (error) {
    if (!(error instanceof SessionExpiredError))
      notify.error(
        error instanceof Error ? error.message : t('common.requestFailed'),
        t('assign.errors.quota'),
      );
    return undefined;
  }
}

/** An entry of util/refresh_freight_cost's answer (spec/2 §7): a chosen transporter priced for the lines now. */
export interface RefreshedFreightCost extends FreightFigures {
  transporter_name: string;
  master_cost: number;
  numtrip: number;
  per: string;
  recommended_kg: number;
}

/**
 * Prices chosen transporters again, one body each (util/refresh_freight_cost): per body the server's list (a
 * transporter missing from it has no rate for the lines any more), or null where the call failed. Failures are
 * toasted once per message, 'Error Refreshing Freight Cost' (as the Edit order panel's refresh). Undefined, with
 * nothing toasted, when `signal` cancelled the calls (newer lines asked again) or the session ended.
 */
export async function refreshFreightCost(
  bodies: readonly TransporterFreightBody[],
  t: TFunction,
  notify: Notify,
  signal: AbortSignal,
): Promise<(RefreshedFreightCost[] | null)[] | undefined> {
  const failures = new Set<string>();
  let expired = false;
  const answers = await Promise.all(
    bodies.map(async (body) => {
      try {
        const res = await api.post<RefreshedFreightCost[]>('util/refresh_freight_cost', body, { signal });
        if (res.success && Array.isArray(res.data)) return res.data;
        failures.add(res.message || t('common.requestFailed'));
      } catch (error) {
        if (error instanceof SessionExpiredError) expired = true;
        else
          failures.add(error instanceof Error && error.message ? error.message : t('common.requestFailed'));
      }
      return null;
    }),
  );
  if (signal.aborted || expired) return undefined;
  for (const message of failures) notify.error(message, t('editOrder.errors.freight'));
  return answers;
}
