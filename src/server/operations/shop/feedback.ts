/**
 * Error reports from the app (Setting_SetHelpFeedbackAddSubmit_Add). The same
 * error sent again is counted on its first record, not stored again, so a
 * misbehaving client cannot fill the table; a report is at most
 * FEEDBACK_MAX_CHARS long (the schema's), and new reports per enterprise per
 * day are capped (config.feedbackDailyLimit).
 */
import { createHash } from 'node:crypto';
import { ErrorCode } from '../../../shared/protocol/envelope';
import { OpError, type HandlerMap } from '../context';

export const feedbackHandlers: HandlerMap = {
  async Setting_SetHelpFeedbackAddSubmit_Add({ tx, session, now, config }, { tableData: [row] }) {
    const entId = row!.EntID || session?.entId || '';
    const fingerprint = createHash('sha256').update(row!.FbContent).digest('hex');
    // A new report beyond the enterprise's daily cap is refused; a repeated one still counts on its record.
    const [known] = await tx.query('SELECT 1 AS one FROM help_feedback WHERE ent_id = $1 AND fingerprint = $2', [entId, fingerprint]);
    if (!known) {
      const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
      const [today] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM help_feedback WHERE ent_id = $1 AND created_at >= $2', [entId, dayStart]);
      if (Number(today?.n ?? 0) >= config.feedbackDailyLimit) throw new OpError('tooMany', ErrorCode.rateLimited);
    }
    const [saved] = await tx.query<{ feedback_id: string; occurrences: number }>(
      `INSERT INTO help_feedback (ent_id, user_id, app_name, fb_type, fb_content, fingerprint, created_at, last_seen_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
       ON CONFLICT (ent_id, fingerprint)
       DO UPDATE SET occurrences = help_feedback.occurrences + 1, last_seen_at = EXCLUDED.last_seen_at
       RETURNING feedback_id, occurrences`,
      [entId, row!.UserID ?? '', row!.AppName ?? '', row!.FbType ?? 0, row!.FbContent, fingerprint, now],
    );
    return { table1: [{ FeedbackID: saved!.feedback_id, Occurrences: saved!.occurrences }] };
  },
};
