/**
 * Browser journeys: Debian's Chromium (never a downloaded browser) in a
 * 390x844 touch profile, against the real service started on a free
 * 127.0.0.1 port over a fresh database, one service per lane
 * (e2e/support/global-setup.ts, e2e/support/lanes.ts).
 */
import { defineConfig, devices } from '@playwright/test';
import { LANES, serviceUrl } from './e2e/support/lanes';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export const USER_AGENTS = {
  plain:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  chat: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800323b) NetType/WIFI Language/zh_CN',
};

const phone = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 3,
};

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e-artifacts',
  // Files in LANES lanes at once (a file's journeys in order, in one lane), each lane with a service of its
  // own (e2e/support/lanes.ts): the journeys never meet another lane's tables.
  fullyParallel: false,
  workers: LANES,
  retries: 0,
  // The bound is for a stuck journey, not a slow one: on a slower machine of this kind (its reference at 4x
  // 3.1-3.4 s against 1.8-2.4 s) in two lanes, a kitchen screen with a phone took over 30 s, and three phones
  // splitting a bill over 60 s, each still going. One bound for all: journeys written when it was 30 s set
  // 60 or 90 s of their own, lower than this, and no longer do; only layout's and the back-office story's
  // longer runs set more.
  timeout: 120_000,
  // The same for an expectation: CI on a machine twice as slow as the last (56 min against 27 for the same
  // commit) took over 10 s to show a chat-app phone its shop after the app's sign-in (the page loads twice,
  // by design) while the other lane ran three phones. A journey that passes waits no longer for it; the
  // figures that are promised (2 s on the board, 1 s between phones) keep their own bounds in the journeys.
  expect: { timeout: 20_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  globalSetup: './e2e/support/global-setup.ts',
  use: {
    // This worker's lane's service (read in each worker process, after global-setup started them).
    baseURL: serviceUrl(),
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    {
      name: 'plain',
      use: { ...devices['Desktop Chrome'], ...phone, userAgent: USER_AGENTS.plain },
    },
    {
      name: 'chat',
      // sign-in.spec.ts sets each host's user agent itself: once is enough. first-screen.spec.ts
      // counts a plain browser's first requests; the chat app's sign-in visits its provider and
      // loads the page twice, by design (head-start.spec.ts counts the same requests).
      // offline.spec.ts (issue 29 section 5): once, in the plain browser (its dine-in table takes one round);
      // update.spec.ts too (a service and two builds of its own; the worker is the same in every host).
      // The staff program's journeys and the table's multi-phone ones give every customer a plain browser of
      // its own (e2e/support/kitchen.ts englishPhone, USER_AGENTS.plain) and the staff no user agent of this
      // project: under this project they ran the same journey a second time, on other tables, for nothing.
      testIgnore: new RegExp(
        `(${[
          'sign-in', 'first-screen', 'head-start', 'offline', 'update',
          'back-office-menu', 'back-office-reports', 'back-office-story', 'back-office-tables',
          'kitchen-stations', 'ready-board', 'rounds-kitchen', 'staff-fix',
          'live-orders', 'split-bill', 'table-together', 'table-trust',
        ].join('|')})\\.spec\\.ts$`,
      ),
      use: {
        ...devices['Desktop Chrome'],
        ...phone,
        userAgent: USER_AGENTS.chat,
        // The chat app signs the customer in silently, as for an account that authorized before
        // (the sandbox provider remembers the consent in this cookie; sign-in.spec.ts clears it to see the consent page).
        storageState: {
          cookies: [
            {
              name: 'sandbox_chat_consent',
              value: 'member',
              domain: '127.0.0.1',
              path: '/',
              expires: -1,
              httpOnly: false,
              secure: false,
              sameSite: 'Lax',
            },
          ],
          origins: [],
        },
      },
    },
  ],
});
