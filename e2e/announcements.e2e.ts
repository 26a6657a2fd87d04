/**
 * Issue 17, announcements: the platform's super user creates one (priority 1, with an image) on
 * the announcements page; the admin of another company, already on her tickets, sees the top
 * bar's announcements badge rise live and the pop-over list it in red, opens it and sees the text
 * and the image; switched off by the super user, it leaves her pop-over live. A non-super user
 * who opens /announcements is told so and goes to / after about 1 s. Screenshots (wide, dark,
 * 390 px) go to $E2E_SHOTS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startProduct, type Product } from './support/product.js';
import { overflowsSideways, seeText, shot, signInToTickets, signUpCompany, socketReady } from './support/ui.js';

const OWNER = { email: 'dona@padaria.test', password: 'Padaria-1234' };
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACAAAAAQCAIAAAD4YuoOAAAAHUlEQVR42mO4rK9PU8QwasGoBaMWjFowasFQsAAAynZiH7I0cuIAAAAASUVORK5CYII=',
  'base64',
);

let product: Product;

beforeAll(async () => {
  product = await startProduct();
  await signUpCompany(product.url, { name: 'Padaria Estrela', email: OWNER.email, password: OWNER.password });
});
afterAll(async () => {
  await product?.stop();
});

async function signedIn(email: string, password: string, size = { width: 1366, height: 860 }) {
  const page = await product.newPage(size);
  const ready = socketReady(page);
  await signInToTickets(page, email, password);
  await ready;
  return page;
}
const countIs = (page: Page, text: string) =>
  page.waitForFunction(
    (want) => {
      const el = document.querySelector('[data-testid="announcements-count"] .MuiBadge-badge');
      const shown = el && !el.classList.contains('MuiBadge-invisible') ? (el.textContent ?? '') : '';
      return shown === want;
    },
    text,
    { timeout: 15_000 },
  );

/** Waits for pop-overs to finish fading in (a screenshot mid-fade shows the page through them). */
const popoverSettled = (page: Page) =>
  page.waitForFunction(() =>
    [...document.querySelectorAll('.MuiPopover-paper')].every((e) => getComputedStyle(e).opacity === '1'),
  );

describe('announcements', () => {
  it("a super user's announcement reaches another company's pop-over live, in its priority's colour", async () => {
    const owner = await signedIn(OWNER.email, OWNER.password);
    await countIs(owner, '');
    await owner.getByTestId('announcements-popover').click();
    await owner.getByTestId('announcements-empty').waitFor();
    await owner.keyboard.press('Escape');

    const operator = await signedIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    await operator.getByTestId('side-drawer').getByTestId('menu-announcements').click();
    await operator.waitForURL(/\/announcements$/);
    await operator.getByTestId('empty-state').waitFor();
    await operator.getByTestId('announcement-add').click();
    const dialog = operator.getByTestId('announcement-dialog');
    // Title and text are required.
    await dialog.getByTestId('announcement-save').click();
    expect(await dialog.getByText('Obrigatório').count()).toBeGreaterThan(0);
    await dialog.getByLabel('Título').fill('Manutenção programada');
    await dialog.getByLabel('Texto').fill('O sistema ficará fora do ar no domingo, das 2h às 4h.');
    await dialog.locator('select[name="priority"]').selectOption('1');
    await dialog
      .getByTestId('announcement-file')
      .setInputFiles({ name: 'aviso manutencao.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByTestId('announcement-attachment').getByText('aviso_manutencao.png').waitFor();
    await dialog.getByTestId('announcement-save').click();
    await seeText(operator, 'Informativo salvo com sucesso!');
    await dialog.waitFor({ state: 'detached' });
    const row = operator.getByTestId('announcement-row').filter({ hasText: 'Manutenção programada' });
    await row.getByText('Alta').waitFor();
    await row.getByText('aviso_manutencao.png').waitFor();
    await row.getByText('Ativo').waitFor();
    await shot(operator, 'announcements-page-wide');

    // The other company's admin: the badge rises, the pop-over lists it in red.
    await countIs(owner, '1');
    await owner.getByTestId('announcements-popover').click();
    const item = owner.getByTestId('announcement-item').filter({ hasText: 'Manutenção programada' });
    await item.waitFor();
    const border = await item.evaluate((el) => getComputedStyle(el).borderLeftColor);
    expect(border).toBe('rgb(211, 47, 47)');
    await popoverSettled(owner);
    await shot(owner, 'announcements-popover-wide');
    await item.click();
    const view = owner.getByTestId('announcement-view');
    await view.getByText('O sistema ficará fora do ar no domingo, das 2h às 4h.').waitFor();
    await view.getByTestId('announcement-image').waitFor();
    const width = await view
      .getByTestId('announcement-image')
      .evaluate((img) => (img as HTMLImageElement).naturalWidth);
    expect(width).toBe(32);
    await shot(owner, 'announcements-view-wide');
    await owner.keyboard.press('Escape');
    await view.waitFor({ state: 'detached' });

    // Switched off: it leaves her pop-over at once.
    await row.getByTestId('announcement-edit').click();
    await dialog.locator('select[name="status"]').selectOption('false');
    await dialog.getByTestId('announcement-save').click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByText('Inativo').waitFor();
    await countIs(owner, '');

    // Dark and 390 px.
    await operator.emulateMedia({ colorScheme: 'dark' });
    await operator.reload();
    await row.getByText('Inativo').waitFor();
    await shot(operator, 'announcements-page-wide-dark');
    await operator.setViewportSize({ width: 390, height: 844 });
    await row.waitFor();
    expect(await overflowsSideways(operator)).toBe(false);
    // The row's actions fit the table (no scrolling sideways to reach delete).
    await operator.waitForFunction(() => {
      const table = document.querySelector('[data-testid="announcements-table"]');
      return table !== null && table.scrollWidth <= table.clientWidth + 1;
    });
    await shot(operator, 'announcements-page-390-dark');
    await operator.emulateMedia({ colorScheme: 'light' });
    await row.getByTestId('announcement-edit').click();
    await dialog.locator('select[name="status"]').selectOption('true');
    await dialog.getByTestId('announcement-save').click();
    await dialog.waitFor({ state: 'detached' });
    await countIs(owner, '1');
    await owner.setViewportSize({ width: 390, height: 844 });
    await owner.getByTestId('tab-list').waitFor();
    expect(await overflowsSideways(owner)).toBe(false);
    await owner.getByTestId('announcements-popover').click();
    await owner.getByTestId('announcement-item').first().waitFor();
    expect(await overflowsSideways(owner)).toBe(false);
    await popoverSettled(owner);
    await shot(owner, 'announcements-popover-390');
    await owner.keyboard.press('Escape');

    // A company admin is not a super user: told so, then sent to /.
    await owner.goto('/announcements');
    await seeText(owner, 'Esta página é restrita aos super usuários.');
    await owner.waitForURL((url) => url.pathname === '/', { timeout: 5_000 });
    await operator.close();
    await owner.close();
  }, 180_000);
});
