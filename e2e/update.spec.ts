/**
 * Issue 29 section 5, "a new build is offered as 'Update available' and never
 * mixes old and new files", in Chromium with service workers on:
 *
 * The journey's own service serves a copy of dist/; the customer visits once
 * (the worker installs and controls the page). Then a deploy: the service
 * starts again at the same address over "the next build" (support/nextBuild.ts:
 * every lazy chunk and the runtime under new names, the old names gone, the
 * page marked, the worker's precache list changed). The page reloads, as a
 * customer coming back does, and the app's worker check finds the new
 * worker, which installs and waits: "Update available". Until the customer
 * taps Update, the page runs the old build only: the old page (a reload
 * too), and the old chunks of pages not opened before, from the old worker's
 * precache (the service has them no more). Update: the new worker takes over, the page
 * reloads on the new build (its page, runtime and chunks), the prompt gone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test, type Page, type Response } from '@playwright/test';
import { demoCodes } from './support/gateway';
import { copyBuild, makeNextBuild } from './support/nextBuild';
import { startService } from './support/service';

const DIST = resolve(__dirname, '..', 'dist');

/** The app's scripts the page fetched (their names), from `responses` on. */
function scriptsOf(responses: Response[]): { name: string; status: number; fromWorker: boolean }[] {
  return responses
    .filter((r) => r.request().resourceType() === 'script' && new URL(r.url()).pathname.endsWith('.js'))
    .map((r) => ({ name: new URL(r.url()).pathname.slice(1), status: r.status(), fromWorker: r.fromServiceWorker() }));
}

function recordResponses(page: Page): Response[] {
  const seen: Response[] = [];
  page.on('response', (r) => seen.push(r));
  return seen;
}

test('a new build is offered as "Update available"; before Update the page runs the old build\'s files only, after it the new build\'s', async ({ browser }) => {
  const root = mkdtempSync(join(tmpdir(), 'hbb-update-'));
  const oldBuild = join(root, 'old');
  const nextBuild = join(root, 'next');
  copyBuild(DIST, oldBuild);
  copyBuild(DIST, nextBuild);
  const next = makeNextBuild(nextBuild);
  const service = await startService({ staticDir: oldBuild });
  const context = await browser.newContext({
    ...test.info().project.use,
    baseURL: service.url,
    serviceWorkers: 'allow',
    locale: 'en-US',
    storageState: { cookies: [], origins: [] },
  });
  try {
    await context.addInitScript(() => window.localStorage.setItem('language', 'LANGUAGE_EN'));
    const codes = await demoCodes(service.url);
    const page = await context.newPage();
    const responses = recordResponses(page);

    // The first visit: the menu, the worker installed and controlling the page.
    await page.goto(`/#/?QRCode=${codes.qrCodes.quick}`);
    await page.getByRole('radio', { name: 'Pickup or delivery' }).check();
    await page.getByRole('link', { name: 'Order now' }).tap();
    await expect(page.getByRole('article').first()).toBeVisible();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
    expect(scriptsOf(responses).map((s) => s.name)).toContain(next.runtime.was);

    // The deploy: the same address serves the next build; the old build's chunks are gone from it.
    await service.redeploy(nextBuild);
    const [oldChunk, newChunk] = [...next.chunks][0]!;
    expect((await context.request.get(`/${oldChunk}`)).status()).toBe(404);
    expect((await context.request.get(`/${newChunk}`)).status()).toBe(200);

    // The customer comes back (a reload): the app's worker check finds the new build, offered once it has installed.
    await page.reload();
    const prompt = page.getByRole('region', { name: 'Update available' });
    await expect(prompt).toBeVisible({ timeout: 30_000 });
    await expect(prompt.getByRole('status')).toHaveText('Update available');
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => Boolean(r?.waiting)))).toBe(true);

    // Before Update: the old build's page, and pages not opened yet load the old build's chunks, from the old worker.
    const beforeUpdate = responses.length;
    await expect(page.locator('meta[name=build]')).toHaveCount(0);
    await page.goto('/#/pages/mine/mine');
    await expect(page.getByRole('heading', { level: 1, name: 'Me' })).toBeVisible();
    await page.getByRole('link', { name: 'My Order' }).tap();
    await expect(page.getByRole('heading', { level: 1, name: 'My Order' })).toBeVisible();
    const oldScripts = scriptsOf(responses.slice(beforeUpdate));
    expect(oldScripts.length, 'the pages opened load chunks of their own').toBeGreaterThan(0);
    for (const s of oldScripts) {
      expect(s, 'an old chunk from the old worker').toEqual({ name: expect.stringMatching(/^\d+\.[0-9a-f]{8}\.js$/), status: 200, fromWorker: true });
      expect(next.chunks.has(s.name), `${s.name} is the old build's`).toBe(true);
    }

    // A reload while the new build waits: still the old build's page, and the offer again.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'My Order' })).toBeVisible();
    await expect(prompt).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('meta[name=build]')).toHaveCount(0);
    expect(scriptsOf(responses.slice(beforeUpdate)).filter((s) => s.name.startsWith('runtime.')).map((s) => s.name)).toEqual([next.runtime.was]);

    // Update: the new worker takes over and the page reloads on the new build.
    const atUpdate = responses.length;
    await prompt.getByRole('button', { name: 'Update' }).tap();
    await expect(page.locator('meta[name=build]')).toHaveAttribute('content', 'next', { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'My Order' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Update available' })).toHaveCount(0);
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => Boolean(r?.waiting)))).toBe(false);
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const newScripts = scriptsOf(responses.slice(atUpdate));
    expect(newScripts.map((s) => s.name)).toContain(next.runtime.now);
    const newNames = new Set(next.chunks.values());
    for (const s of newScripts) {
      expect(s.status, s.name).toBe(200);
      expect(s.name === next.runtime.now || newNames.has(s.name) || /^(app|vendor)\.[0-9a-f]{10}\.js$/.test(s.name), `${s.name} is the new build's`).toBe(true);
    }
    expect(newScripts.some((s) => newNames.has(s.name)), 'the page loads the new build\'s chunks').toBe(true);
  } finally {
    await context.close();
    await service.close();
    rmSync(root, { recursive: true, force: true });
  }
});
