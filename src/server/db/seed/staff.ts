/**
 * The demo's staff accounts (issue 26): seeded only with the demo data, with
 * known passwords and PINs that `npm start` prints. Their hashes are made
 * once (scrypt, http/staffPasswords.ts) and kept here, so seeding costs no
 * hashing; seed.test.ts checks that each still matches its password and PIN.
 */
import type { Queryable } from '../driver';
import { BASE, ENT_ID } from './demo';

export interface DemoStaff {
  accountId: string;
  login: string;
  password: string;
  pin: string;
  displayName: string;
  role: 'owner' | 'manager' | 'cashier' | 'kitchen';
  outlets: string[];
  passwordHash: string;
  pinHash: string;
}

export const DEMO_STAFF: readonly DemoStaff[] = [
  {
    accountId: 'STF00000000000000000001',
    login: 'owner',
    password: 'harbour-owner-2026',
    pin: '2580',
    displayName: 'Ho Ka Wai (owner)',
    role: 'owner',
    outlets: [],
    passwordHash: '$scrypt$ln=14,r=8,p=1$_hpHBqfaaQXUkMiGW33QlA$uHhJKQNEp2lch_VoMKPEHMlOB2EKlZszb5QRY3yhaEQ',
    pinHash: '$scrypt$ln=14,r=8,p=1$h-So0tV8zU3QNi1KIwGzEA$iMHahYWLyL6PuJX9k1qaAFvK4ncwOlHt7WTs7VtkQtI',
  },
  {
    accountId: 'STF00000000000000000002',
    login: 'manager',
    password: 'harbour-manager-2026',
    pin: '1357',
    displayName: 'Leong Mei (manager, San Ma Lo)',
    role: 'manager',
    outlets: [BASE.dineIn],
    passwordHash: '$scrypt$ln=14,r=8,p=1$ixMhrdACA2ZS8mFCSPBoGw$Do-LLxl2nv32DjKSjzH_ByOEPWatXv4mcRsbPClT7xA',
    pinHash: '$scrypt$ln=14,r=8,p=1$QPpsc8MP5hM5On5XswvDBQ$m1eHcmSOpPadGvEt4-h2YA5ZsEUhLk99zv81FeuSxnY',
  },
  {
    accountId: 'STF00000000000000000003',
    login: 'cashier',
    password: 'harbour-cashier-2026',
    pin: '2468',
    displayName: 'Chan Siu Ling (cashier)',
    role: 'cashier',
    outlets: [BASE.dineIn, BASE.quick],
    passwordHash: '$scrypt$ln=14,r=8,p=1$JXOriNYyCA8df3LGqU_NVQ$LQBxQLmv7vT253xEh67XHS51HU-HX4BKFMiZ3cgQ524',
    pinHash: '$scrypt$ln=14,r=8,p=1$LkVrL-Coz2zfo0lMMqK7ZA$216WGgIqYiiysCth-ZFeJqKNJn8TiKLLbHXgiOqDakM',
  },
  {
    accountId: 'STF00000000000000000004',
    login: 'kitchen',
    password: 'harbour-kitchen-2026',
    pin: '9753',
    displayName: 'Kitchen tablet',
    role: 'kitchen',
    outlets: [BASE.dineIn, BASE.lateNight, BASE.quick],
    passwordHash: '$scrypt$ln=14,r=8,p=1$pN2O53ARahy8aq9nqvTlvA$031OENNPqADrKnwXumHDGpKqardmELleh4nf1FTm8Yk',
    pinHash: '$scrypt$ln=14,r=8,p=1$m56cILGrS1ZhvR9TiraCKg$_Fnqe8JxEmF8pUlJURazwpmk2oeUKi1ARYRexqZX348',
  },
];

export async function seedStaffDemo(tx: Queryable, now: Date): Promise<void> {
  for (const s of DEMO_STAFF) {
    await tx.query(
      `INSERT INTO staff_account (account_id, ent_id, login, display_name, role, outlets, password_hash, pin_hash, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6::text[], $7, $8, $9, $9)`,
      [s.accountId, ENT_ID, s.login, s.displayName, s.role, s.outlets, s.passwordHash, s.pinHash, now],
    );
  }
}
