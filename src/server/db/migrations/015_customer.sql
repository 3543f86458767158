-- A guest who signs in or registers on the phone they ordered on becomes that
-- member (issue 23 item 1; src/server/operations/auth/mergeGuest.ts): the
-- guest's orders, rounds and payments move to the member in the sign-in's
-- transaction, and the guest's row says where it went and when, so the move
-- is never made twice and can be traced.
ALTER TABLE vip ADD COLUMN merged_into text REFERENCES vip(vip_id);
ALTER TABLE vip ADD COLUMN merged_at timestamptz;
