/**
 * Toasts cover nothing one works with (issue 12, point 2): not the composer's buttons, not a
 * dialog's, nor any other control of the page (the top bar's navigation aside), and they leave
 * on their own even under the mouse. The subscription warning of a company on trial (foundation
 * §4: fewer than 5 days left) informs from the top bar after login, over nothing either.
 * Checked with the bounding boxes Chromium computes, wide and at 390 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startProduct, type Product } from './support/product.js';
import { apiToken, callApi, shot, signInToTickets, signUpCompany } from './support/ui.js';

const EMAIL = 'dona@torradas.test';
const PASSWORD = 'Torradas-1';

let product: Product;
let ticketUuid: string;

beforeAll(async () => {
  product = await startProduct();
  // Signup starts a 3-day trial: every login of this company is within the warning's 5 days.
  await signUpCompany(product.url, { name: 'Torrefação Serra', email: EMAIL, password: PASSWORD });
  const token = await apiToken(product.url, EMAIL, PASSWORD);
  await callApi(product.url, 'POST', '/whatsapp', { name: 'Balcão', provider: 'sandbox', isDefault: true }, token);
  const contact = await callApi<{ id: number }>(
    product.url,
    'POST',
    '/contacts',
    { name: 'Cliente Bia', number: '5511955554444' },
    token,
  );
  const me = await callApi<{ id: number }>(product.url, 'GET', '/auth/me', undefined, token);
  const ticket = await callApi<{ uuid: string }>(
    product.url,
    'POST',
    '/tickets',
    { contactId: contact.id, userId: me.id },
    token,
  );
  ticketUuid = ticket.uuid;
});
afterAll(async () => {
  await product?.stop();
});

interface Covered {
  control: string;
  toast: string;
}

/**
 * Every visible control (buttons, fields, tabs, links) that a visible toast or the subscription
 * warning intersects, outside the top bar (whose navigation a toast may briefly sit on).
 */
const coveredControls = (page: Page) =>
  page.evaluate((): Covered[] => {
    const visible = (e: Element) => {
      const r = e.getBoundingClientRect();
      const s = getComputedStyle(e);
      return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && Number(s.opacity) > 0;
    };
    const overlays = [...document.querySelectorAll('.Toastify__toast, [data-testid="subscription-warning"]')].filter(
      visible,
    );
    const controls = [
      ...document.querySelectorAll(
        'button, a[href], input:not([type="hidden"]), textarea, select, [role="button"], [role="tab"], [role="combobox"]',
      ),
    ].filter((e) => visible(e) && !e.closest('header, .Toastify'));
    const name = (e: Element) =>
      e.getAttribute('data-testid') ?? e.getAttribute('aria-label') ?? (e.textContent ?? '').trim().slice(0, 30);
    const hits: Covered[] = [];
    for (const o of overlays) {
      const a = o.getBoundingClientRect();
      for (const c of controls) {
        const b = c.getBoundingClientRect();
        if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) {
          hits.push({ control: `${c.tagName.toLowerCase()} ${name(c)}`, toast: (o.textContent ?? '').slice(0, 40) });
        }
      }
    }
    return hits;
  });

/** Waits for a toast with this text to be on screen and done sliding in. */
async function toastShown(page: Page, text: string) {
  const toast = page.locator('.Toastify__toast', { hasText: text });
  await toast.waitFor();
  await page.waitForFunction(
    (t) =>
      [...document.querySelectorAll('.Toastify__toast')].some(
        (e) => e.textContent?.includes(t) && getComputedStyle(e).animationName === 'none',
      ),
    text,
  );
  return toast;
}

/** A toast leaves on its own, even with the mouse resting on it. */
async function leavesWhileHovered(page: Page, text: string) {
  const toast = page.locator('.Toastify__toast', { hasText: text });
  await toast.hover();
  await toast.waitFor({ state: 'detached', timeout: 6_000 });
}

const NETWORK = 'Sem conexão com o servidor. Tente novamente.';

describe('toasts and the subscription warning cover nothing', () => {
  for (const size of [
    { width: 1366, height: 860 },
    { width: 390, height: 844 },
  ]) {
    it(`at ${size.width} px: over the composer, in a dialog, and after login`, async () => {
      const page = await product.newPage(size);
      await signInToTickets(page, EMAIL, PASSWORD);
      await page.goto(`/tickets/${ticketUuid}`);
      await page.getByTestId('composer-input').waitFor();

      // The login's subscription warning: present, and over no control.
      const warning = page.getByTestId('subscription-warning');
      await warning.waitFor();
      expect(await warning.getAttribute('aria-label')).toMatch(/Sua assinatura expira em \d+ dias?\./);
      expect(await coveredControls(page)).toEqual([]);
      await shot(page, `toasts-login-warning-${size.width}`);

      // A failed send toasts while the attendant is at the composer.
      await page.route('**/api/messages/**', (route) => route.abort());
      await page.getByTestId('composer-input').fill('Bom dia!');
      await page.getByTestId('composer-input').press('Enter');
      await toastShown(page, NETWORK);
      expect(await coveredControls(page)).toEqual([]);
      await shot(page, `toasts-composer-${size.width}`);
      await leavesWhileHovered(page, NETWORK);
      await page.unroute('**/api/messages/**');

      // A failed save toasts while the dialog stays open.
      await page.goto('/queues');
      await page.getByRole('button', { name: 'Adicionar fila' }).click();
      const dialog = page.getByTestId('queue-dialog');
      await dialog.getByLabel('Nome', { exact: true }).fill('Vendas');
      await dialog.getByLabel('Cor', { exact: true }).fill('#8E24AA');
      await page.route('**/api/queue', (route) => route.abort());
      await dialog.getByTestId('queue-save').click();
      await toastShown(page, NETWORK);
      expect(await coveredControls(page)).toEqual([]);
      await shot(page, `toasts-dialog-${size.width}`);
      await leavesWhileHovered(page, NETWORK);
      await page.context().close();
    });
  }
});
