import { sql, type SQL } from 'drizzle-orm';

/**
 * SQL: adds counts to campaigns' `campaign_progress` rows (made on first use). `rows` selects
 * (campaign_id, company_id, valid, delivered, failed), the numbers to add. Run in the statement
 * that moves the shipping rows (a data-modifying CTE), so counts and rows commit together; it
 * locks the progress row after the shipping rows, whatever holds the campaign (schema: campaigns.ts).
 */
export const addToProgress = (rows: SQL): SQL => sql`
  insert into campaign_progress (campaign_id, company_id, valid, delivered, failed) ${rows}
  on conflict (campaign_id) do update set valid = campaign_progress.valid + excluded.valid,
    delivered = campaign_progress.delivered + excluded.delivered, failed = campaign_progress.failed + excluded.failed`;
