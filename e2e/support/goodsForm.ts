/** The back office's goods form, as the owner fills it in the journeys (by label and role). */
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * A goods with one attribute, Size: Regular at `price`, Large at `largePrice`;
 * sold at `outlet` only; with a picture, seen as the customer will see it.
 */
export async function fillSizedGoods(
  form: Locator,
  o: { goodsName: string; price: string; largePrice: string; outlet: string; picture: { name: string; buffer: Buffer } },
): Promise<void> {
  await form.getByLabel('Price', { exact: true }).fill(o.price);
  await form.getByLabel('Attribute 1 name').fill('Size');
  await form.getByLabel('Attribute 1 values (separated by commas)').fill('Regular, Large');
  await form.getByLabel('Price of Large').fill(o.largePrice);
  const soldAt = form.getByRole('group', { name: 'Sold at' });
  for (const box of await soldAt.getByRole('checkbox').all()) {
    const name = await box.evaluate((el) => el.parentElement?.textContent ?? '');
    if (name.trim() === o.outlet) await box.check();
    else await box.uncheck();
  }
  await form.getByLabel('Picture (JPEG, PNG or WebP, up to 5 MB)').setInputFiles({ ...o.picture, mimeType: 'image/png' });
  await expect(form.getByRole('figure', { name: 'As the customer sees it' }).getByRole('img', { name: o.goodsName })).toBeVisible();
}

/** Menu → New class, named in the three languages; the new class is then the one chosen. */
export async function addClass(owner: Page, names: { zhCN: string; zhTW: string; en: string }): Promise<void> {
  await owner.getByRole('button', { name: 'New class' }).click();
  const classForm = owner.getByRole('form', { name: 'New class' });
  await classForm.getByLabel('Name (simplified Chinese)').fill(names.zhCN);
  await classForm.getByLabel('Name (traditional Chinese)').fill(names.zhTW);
  await classForm.getByLabel('Name (English)').fill(names.en);
  await classForm.getByRole('button', { name: 'Save' }).click();
  await expect(owner.getByRole('button', { name: new RegExp(`^${names.en}`), pressed: true })).toBeVisible();
}
