-- Issue 23 (the customer's evening): a guest who signs in, and addresses as they are read.
--
-- A guest who signs in or registers on the phone they ordered on becomes that
-- member (issue 23 item 1; src/server/operations/auth/mergeGuest.ts): the
-- guest's orders, rounds and payments move to the member in the sign-in's
-- transaction, and the guest's row says where it went and when, so the move
-- is never made twice and can be traced.
ALTER TABLE vip ADD COLUMN merged_into text REFERENCES vip(vip_id);
ALTER TABLE vip ADD COLUMN merged_at timestamptz;

-- An order's delivery address keeps its floor and flat apart from its street
-- (issue 23 item 7), so the address can be written as its reader reads it
-- (src/shared/domain/addressFormat.ts): cust_address is the street, cust_house
-- the floor and flat. Orders placed before keep both in cust_address.
ALTER TABLE sheet ADD COLUMN cust_house text NOT NULL DEFAULT '';
