-- Hardening (issue 16).
-- The session that holds (or last held) a pay-after table's online settle
-- (PosSalSheet_CYSettleSheetSubmit_V2_Add): another session cannot take or
-- extend the hold, and the same session cannot hold the table twice in a row.
ALTER TABLE sheet ADD COLUMN settle_session_id text;
-- The daily cap of new error reports per enterprise counts by creation time.
CREATE INDEX help_feedback_day ON help_feedback(ent_id, created_at);
