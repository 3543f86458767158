/** Signing in on the app's phone page with the code the sandbox SMS provider sent. */
import { expect, type Page } from '@playwright/test';

/**
 * From the Mine page: Sign in, the phone (Macau, 853), Send code, then the
 * six digits of the newest text the sandbox sent to it, and Sign in.
 */
export async function signInWithSmsCode(page: Page, phone: string): Promise<void> {
  await page.getByRole('link', { name: 'Sign in' }).tap();
  await page.getByRole('textbox', { name: 'Mobile phone number' }).fill(phone);
  await page.getByRole('button', { name: 'Send code' }).tap();
  await expect(page.getByRole('button', { name: /Resend in \d+ s/ })).toBeVisible();
  const texts = (await (await page.request.get(`/sandbox/sms?phone=853-${phone}`)).json()) as { text: string }[];
  await page.getByRole('textbox', { name: 'Verification code' }).fill(/\d{6}/.exec(texts[0]!.text)![0]);
  await page.getByRole('button', { name: 'Sign in' }).tap();
}
