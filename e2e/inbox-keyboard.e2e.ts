/**
 * The inbox's filters, search and keyboard (issue 36), the web side: j/k move between tickets
 * and e resolves the open one, none of them while typing in the composer; `?` shows the sheet of
 * shortcuts; a search shows the message that matched with the text marked; the filter panel
 * narrows the list to a tag and to a connection. Looked at in pt, en and es, light and dark, 390 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startProduct, type Product } from './support/product.js';
import { connectedSandbox } from './support/sandbox.js';
import { apiToken, callApi, overflowsSideways, shot, signInToTickets, signUpCompany } from './support/ui.js';

const EMAIL = 'gerente@teclado.test';
const PASSWORD = 'Teclado-1';
const CUSTOMERS = ['Carla Dias', 'Bruno Reis', 'Diana Melo'];

let product: Product;
let ids: { tag: number; loja: number; outra: number; tickets: Array<{ id: number; uuid: string; name: string }> };

beforeAll(async () => {
  product = await startProduct();
  await signUpCompany(product.url, { name: 'Loja Teclado', email: EMAIL, password: PASSWORD });
  const token = await apiToken(product.url, EMAIL, PASSWORD);
  const api = <T>(method: string, path: string, body?: unknown) => callApi<T>(product.url, method, path, body, token);
  const me = await api<{ id: number }>('GET', '/auth/me');
  const loja = await connectedSandbox(product.url, token, 'Loja');
  const outra = (await api<{ id: number }>('POST', '/whatsapp', { name: 'Outra', provider: 'sandbox' })).id;
  const vendas = await api<{ id: number }>('POST', '/queue', {
    name: 'Vendas',
    color: '#2e7d32',
    greetingMessage: 'Oi',
  });
  await api('PUT', `/users/${me.id}`, { queueIds: [vendas.id] });
  const tickets: Array<{ id: number; uuid: string; name: string }> = [];
  for (const [i, name] of CUSTOMERS.entries()) {
    const contact = await api<{ id: number }>('POST', '/contacts', { name, number: `551197777000${i}` });
    const tk = await api<{ id: number; uuid: string }>('POST', '/tickets', {
      contactId: contact.id,
      userId: me.id,
      queueId: vendas.id,
      // The last customer's ticket is on the other connection.
      whatsappId: i === 2 ? outra : loja,
    });
    tickets.push({ ...tk, name });
  }
  // A message that a search finds, then a later one (the list's preview).
  await api('POST', `/messages/${tickets[1]!.id}`, { body: 'Segue o BOLETO de março, vence sexta' });
  await api('POST', `/messages/${tickets[1]!.id}`, { body: 'Qualquer dúvida estou aqui' });
  const tag = await api<{ id: number }>('POST', '/tags', { name: 'Urgente', color: '#c62828' });
  await api('PUT', `/ticket-tags/${tickets[0]!.id}/${tag.id}`);
  ids = { tag: tag.id, loja, outra, tickets };
});
afterAll(async () => {
  await product?.stop();
});

const items = (page: Page, list: string) => page.getByTestId(`tickets-list-${list}`).getByTestId('ticket-item');
const namesIn = async (page: Page, list: string) =>
  (await items(page, list).getByTestId('ticket-contact').allInnerTexts()).map((s) => s.trim());
const openUuid = (page: Page) => new URL(page.url()).pathname.split('/')[2] ?? '';
const uuidOf = (name: string) => ids.tickets.find((t) => t.name === name)!.uuid;

/** A select's menu closed by Escape, gone before the next step (and a screenshot). */
async function closeMenu(page: Page) {
  await page.keyboard.press('Escape');
  await page.locator('.MuiMenu-root').waitFor({ state: 'detached' });
}

/** The sheet on screen once its fade-in is over. */
async function sheetShown(page: Page) {
  await page.getByTestId('shortcut-sheet').waitFor();
  await page.waitForFunction(() => {
    const box = document.querySelector('.MuiDialog-container');
    return box !== null && getComputedStyle(box).opacity === '1';
  });
}

async function language(page: Page, lang: string) {
  await page.getByTestId('language-menu').click();
  await page.getByTestId(`language-${lang}`).click();
  // Shortcuts wait while a menu is open: until it has gone.
  await page.getByRole('menu').waitFor({ state: 'detached' });
}

describe('the inbox by keyboard, search and filters', () => {
  it('j/k move between tickets, e resolves the open one, nothing fires while typing; ? shows the sheet', async () => {
    const page = await product.newPage({ width: 1366, height: 860 });
    await signInToTickets(page, EMAIL, PASSWORD);
    await items(page, 'open').nth(2).waitFor();
    const order = await namesIn(page, 'open');
    expect([...order].sort()).toEqual([...CUSTOMERS].sort());

    await page.keyboard.press('j');
    await page.waitForURL(new RegExp(uuidOf(order[0]!)));
    await page.keyboard.press('j');
    await page.waitForURL(new RegExp(uuidOf(order[1]!)));
    await page.keyboard.press('k');
    await page.waitForURL(new RegExp(uuidOf(order[0]!)));
    await page.getByTestId('ticket-panel').and(page.locator(`[data-status="open"]`)).waitFor();

    // r puts the focus in the composer; a j typed there is text, not a move.
    await page.keyboard.press('r');
    const composer = page.getByTestId('composer-input');
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'composer-input');
    await page.keyboard.type('jk');
    expect(await composer.inputValue()).toBe('jk');
    expect(openUuid(page)).toBe(uuidOf(order[0]!));
    await composer.fill('');

    // Out of the composer, e resolves the open ticket: it closes and leaves the open list.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('e');
    await page.waitForURL(/\/tickets$/);
    await items(page, 'open').filter({ hasText: order[0]! }).waitFor({ state: 'detached' });
    expect(await namesIn(page, 'open')).toEqual(order.slice(1));

    await page.keyboard.press('?');
    const sheet = page.getByTestId('shortcut-sheet');
    await sheetShown(page);
    expect(await sheet.locator('[data-shortcut]').count()).toBe(7);
    expect(await sheet.innerText()).toContain('Próximo ticket');
    await shot(page, 'inbox-shortcuts-pt');
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });

    // In es and en too, dark and 390 px wide.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await items(page, 'open').first().waitFor();
    await language(page, 'es');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('?');
    await sheetShown(page);
    expect(await sheet.innerText()).toContain('Ticket siguiente');
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, 'inbox-shortcuts-es-390-dark');
    await page.keyboard.press('Escape');
    await language(page, 'pt');
    await page.context().close();
  });

  it('a search shows the message that matched, the text marked, not the last message', async () => {
    const page = await product.newPage({ width: 1366, height: 860 });
    await signInToTickets(page, EMAIL, PASSWORD);
    await page.getByTestId('tab-search').click();
    await page.getByTestId('ticket-search').fill('boleto');
    const hit = items(page, 'search').filter({ hasText: 'Bruno Reis' });
    await hit.waitFor();
    const matched = hit.getByTestId('ticket-matched-message');
    expect(await matched.innerText()).toContain('Segue o BOLETO de março');
    expect(await matched.locator('mark').allInnerTexts()).toEqual(['BOLETO']);
    expect(await hit.getByTestId('ticket-last-message').count()).toBe(0);
    await shot(page, 'inbox-search-matched');
    // Case ignored in the mark as in the search.
    await page.getByTestId('ticket-search').fill('DE MARÇO');
    await matched.locator('mark').filter({ hasText: 'de março' }).waitFor();
    await page.context().close();
  });

  it('the filter panel narrows every tab to a tag, then to a connection (en, 390 px, dark)', async () => {
    const page = await product.newPage({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await signInToTickets(page, EMAIL, PASSWORD);
    await language(page, 'en');
    await items(page, 'open').first().waitFor();
    const before = await namesIn(page, 'open');
    expect(before.length).toBeGreaterThanOrEqual(2);

    await page.getByTestId('filters-toggle').click();
    await page.getByTestId('ticket-filters').waitFor();
    await page.getByTestId('tag-filter').click();
    await page.getByRole('option', { name: 'Urgente' }).click();
    await closeMenu(page);
    // Only Carla's ticket carries the tag (the oldest, so not the one the keyboard resolved).
    await page.waitForFunction(() => {
      const names = [...document.querySelectorAll('[data-testid="tickets-list-open"] [data-testid="ticket-contact"]')];
      return names.length === 1 && names[0]!.textContent?.includes('Carla');
    });
    expect(await page.getByTestId('filters-toggle').getAttribute('aria-label')).toBe('Filters (1 on)');
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, 'inbox-filters-tag-en-390-dark');

    // The tag off, the other connection on: only Diana's ticket.
    await page.getByTestId('tag-filter').click();
    await page.getByRole('option', { name: 'Urgente' }).click();
    await closeMenu(page);
    await page.getByTestId('connection-filter').click();
    await page.getByRole('option', { name: 'Outra' }).click();
    await closeMenu(page);
    await page.waitForFunction(() => {
      const names = [...document.querySelectorAll('[data-testid="tickets-list-open"] [data-testid="ticket-contact"]')];
      return names.length === 1 && names[0]!.textContent?.includes('Diana Melo');
    });
    await shot(page, 'inbox-filters-connection-en-390-dark');
    await language(page, 'pt');
    await page.context().close();
  });
});
