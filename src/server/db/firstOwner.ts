/**
 * The first owner of an empty database (SEED_DEMO=0), without SQL: `npm run
 * owner` (scripts/owner.ts) calls createFirstOwner. With no enterprise yet it
 * creates the business (an enterprise, its shop and a first outlet, open at
 * all hours, every way of ordering, pay before) and its owner account; with
 * one enterprise that has no owner yet, only the owner. The owner then signs
 * in at /staff/ and does the rest in the back office: the outlet's settings,
 * tables and their QR codes, the menu, other outlets' staff accounts.
 *
 * Refused, with nothing written: an enterprise that already has an owner
 * (they add accounts in the staff program), a login taken, a password under
 * 8 characters, several enterprises without one named.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { audit } from '../http/staffAuth';
import { accountJson, createStaffAccount } from '../http/staffAccounts';
import type { Db } from './driver';

export interface FirstOwnerInput {
  login: string;
  /** The name the staff program shows. */
  name: string;
  password: string;
  /** The business's and its first outlet's names: needed when the database has no enterprise yet. */
  business?: string;
  outlet?: string;
  /** With several enterprises: which one. */
  entId?: string;
}

export interface FirstOwner {
  entId: string;
  /** The outlet created with the business (null when the enterprise was there). */
  baseId: string | null;
  login: string;
}

export class FirstOwnerRefused extends Error {}

const MIN_PASSWORD = 8;
const newId = (prefix: string) => `${prefix}${randomUUID().replace(/-/g, '').slice(0, 16).toUpperCase()}`;

/** A password for the owner when none is given: 16 characters of base64url (96 bits). */
export const generatedPassword = () => randomBytes(12).toString('base64url');

export async function createFirstOwner(db: Db, input: FirstOwnerInput, now: Date): Promise<FirstOwner> {
  const login = input.login.trim().toLowerCase();
  const name = input.name.trim() || login;
  if (!login) throw new FirstOwnerRefused('--login is needed (the owner signs in with it).');
  if (input.password.length < MIN_PASSWORD) throw new FirstOwnerRefused(`The password needs at least ${MIN_PASSWORD} characters.`);
  return db.transaction(async (tx) => {
    const ents = input.entId
      ? await tx.query<{ ent_id: string }>('SELECT ent_id FROM enterprise WHERE ent_id = $1', [input.entId])
      : await tx.query<{ ent_id: string }>('SELECT ent_id FROM enterprise ORDER BY ent_id');
    if (input.entId && ents.length === 0) throw new FirstOwnerRefused(`No enterprise ${input.entId}.`);
    if (ents.length > 1) throw new FirstOwnerRefused(`${ents.length} enterprises: name one with --ent (${ents.map((e) => e.ent_id).join(', ')}).`);
    const [taken] = await tx.query('SELECT 1 AS one FROM staff_account WHERE lower(login) = $1', [login]);
    if (taken) throw new FirstOwnerRefused(`The login "${login}" is taken.`);
    let entId = ents[0]?.ent_id ?? null;
    let baseId: string | null = null;
    if (entId) {
      const [owner] = await tx.query<{ login: string }>("SELECT login FROM staff_account WHERE ent_id = $1 AND role = 'owner' LIMIT 1", [entId]);
      if (owner) throw new FirstOwnerRefused(`The enterprise already has an owner ("${owner.login}"): they add accounts in the staff program (Staff).`);
    } else {
      const business = input.business?.trim();
      const outlet = input.outlet?.trim();
      if (!business || !outlet) throw new FirstOwnerRefused('The database is empty: name the business and its first outlet (--business "..." --outlet "...").');
      entId = newId('ENT');
      const shopId = newId('SHP');
      baseId = newId('BAS');
      await tx.query(`INSERT INTO enterprise (ent_id, ent_name, user_id, user_name, user_code) VALUES ($1, $2, $3, $4, $5)`, [entId, business, newId('USR'), name, login]);
      await tx.query(`INSERT INTO shop (shop_id, ent_id, shop_name) VALUES ($1, $2, $3)`, [shopId, entId, business]);
      await tx.query(`INSERT INTO base (base_id, ent_id, shop_id, base_name, base_code) VALUES ($1, $2, $3, $4, $5)`, [baseId, entId, shopId, outlet, 'B01']);
    }
    const account = await createStaffAccount(tx, { entId, login, displayName: name, role: 'owner', outlets: [], password: input.password }, now);
    const actor = { kind: 'automation' as const, id: 'automation' as const, name: 'automation' as const, entId, baseId, at: now };
    if (baseId) await audit(tx, actor, 'business.create', entId, null, { entId, baseId, business: input.business?.trim(), outlet: input.outlet?.trim() });
    await audit(tx, actor, 'account.create', account.account_id, null, accountJson(account));
    return { entId, baseId, login: account.login };
  });
}
