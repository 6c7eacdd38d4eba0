// Draws the next document number of a RunningNumber counter (db/resources/master/running-number.ts): prefix +
// the number zero-padded. One UPDATE ... RETURNING, so two transactions drawing at once wait for each other
// and never get the same number; a number drawn in a transaction that rolls back is not reused (a gap, as in
// SAP's own number ranges). When the counter resets (Reset_Period) and the period of `now` in the business
// time zone differs from Current_Period, the count starts again at 1. (RETURNING sees the updated row, so the
// number drawn is always the new next_number minus one.)
import type { Knex } from 'knex';
import { BUSINESS_TIME_ZONE } from '../../db/business-time';
import { RuleError } from '../errors';

const PERIOD_FORMAT: Record<string, string | null> = {
  NEVER: null,
  YEARLY: 'YYYY',
  MONTHLY: 'YYYYMM',
  DAILY: 'YYYYMMDD',
};

export async function nextRunningNumber(trx: Knex, code: string, now: Date): Promise<string> {
  const result = await trx.raw<{ rows: { prefix: string | null; padding: number; drawn: string }[] }>(
    `update running_numbers r
        set next_number = case when p.period is distinct from r.current_period and p.period is not null
                               then 2 else r.next_number + 1 end,
            current_period = p.period
       from (select id,
                    case reset_period
                      when 'YEARLY' then to_char(?::timestamptz at time zone ?, ?)
                      when 'MONTHLY' then to_char(?::timestamptz at time zone ?, ?)
                      when 'DAILY' then to_char(?::timestamptz at time zone ?, ?)
                    end as period
               from running_numbers where lower(running_number_code) = lower(?) and is_active) p
      where r.id = p.id
      returning r.prefix, r.padding, (r.next_number - 1)::text as drawn`,
    [
      now.toISOString(),
      BUSINESS_TIME_ZONE,
      PERIOD_FORMAT.YEARLY!,
      now.toISOString(),
      BUSINESS_TIME_ZONE,
      PERIOD_FORMAT.MONTHLY!,
      now.toISOString(),
      BUSINESS_TIME_ZONE,
      PERIOD_FORMAT.DAILY!,
      code,
    ],
  );
  const row = result.rows[0];
  if (!row) throw new RuleError('RUNNING_NUMBER_MISSING', 'sapOrder.noRunningNumber', { code });
  return `${row.prefix ?? ''}${row.drawn.padStart(row.padding, '0')}`;
}
