-- Issue 22: sign-out and the background pruning of sessions and idle guests
-- (src/server/http/sessionPruning.ts). A guest's sessions are found by the
-- guest, and idle guests by their age, without reading every row.
CREATE INDEX session_vip ON session(vip_id);
CREATE INDEX vip_guest_created ON vip(created_at) WHERE is_guest;
