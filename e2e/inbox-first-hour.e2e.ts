/**
 * The inbox in a new company's first hour (issue 12, points 1, 5 and 8): the admin of a fresh
 * signup (no queues, allTicket off) sees the first customer's ticket — written from the sandbox
 * simulator — and the bell counts it, without touching the show-all switch, which is remembered
 * across reloads; accepting a ticket moves the list to the "open" tab with it selected; and a
 * keyboard user signs in, reaches the waiting ticket through the skip link, accepts it and
 * replies without the mouse. Screenshots go to $E2E_SHOTS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startProduct, type Product } from './support/product.js';
import { apiToken, callApi, shot, signInToTickets, signUpCompany, socketReady } from './support/ui.js';

let product: Product;

beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => {
  await product?.stop();
});

const PASSWORD = 'Aurora-1234';

/** A fresh signup with a sandbox connection (set up through the API before the browser signs in). */
async function newCompany(name: string, email: string) {
  await signUpCompany(product.url, { name, email, password: PASSWORD });
  const token = await apiToken(product.url, email, PASSWORD);
  const conn = await callApi<{ id: number }>(
    product.url,
    'POST',
    '/whatsapp',
    { name: `${name} WhatsApp`, provider: 'sandbox', isDefault: true },
    token,
  );
  return { email, whatsappId: conn.id };
}

/** The browser's own access token: API calls without a new login (which would end its session). */
const pageToken = (page: Page) => page.evaluate(() => localStorage.getItem('token') ?? '');

/** Pairs the sandbox phone and has a customer write, through the simulator's API. */
async function customerWrites(page: Page, whatsappId: number, customer: { number: string; name: string }, body: string) {
  const token = await pageToken(page);
  const api = <T>(method: string, path: string, payload?: unknown) => callApi<T>(product.url, method, path, payload, token);
  let state = await api<{ status: string; qrcode: string }>('GET', `/sandbox/${whatsappId}`);
  for (let i = 0; i < 100 && state.status !== 'qrcode' && state.status !== 'CONNECTED'; i++) {
    await new Promise((r) => setTimeout(r, 100));
    state = await api('GET', `/sandbox/${whatsappId}`);
  }
  if (state.status === 'qrcode') await api('POST', `/sandbox/${whatsappId}/scan`, { qrcode: state.qrcode });
  for (let i = 0; i < 100 && state.status !== 'CONNECTED'; i++) {
    await new Promise((r) => setTimeout(r, 100));
    state = await api('GET', `/sandbox/${whatsappId}`);
  }
  await api('POST', `/sandbox/${whatsappId}/messages`, { ...customer, body });
}

const showAll = (page: Page) => page.getByLabel('Todos', { exact: true });
const activeTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? '');

describe("a new company's first customer", () => {
  it('shows to the admin without the show-all switch, counted on the bell; the switch is remembered', async () => {
    const company = await newCompany('Café Aurora', 'dona@aurora.test');
    const page = await product.newPage({ width: 1366, height: 860 });
    const ready = socketReady(page);
    await signInToTickets(page, company.email, PASSWORD);
    await ready;
    expect(await showAll(page).isChecked()).toBe(false);

    // The customer writes from the simulated phone, as the README's newcomer does.
    const sim = await page.context().newPage();
    await sim.goto(`/connections/${company.whatsappId}/simulator`);
    await sim.getByRole('button', { name: 'Ler o QR Code' }).click();
    await sim.getByTestId('simulator-paired').waitFor();
    await sim.getByLabel('Número (com DDI e DDD)').fill('+55 11 96666-1234');
    await sim.getByLabel('Nome', { exact: true }).fill('Joana Lima');
    await sim.getByRole('button', { name: 'Adicionar cliente' }).click();
    await sim.getByTestId('simulator-chat').getByText('Joana Lima').waitFor();
    await sim.getByLabel('Mensagem', { exact: true }).fill('Oi! Vocês abrem no domingo?');
    await sim.getByLabel('Mensagem', { exact: true }).press('Enter');
    await page.bringToFront();

    // Live, without any switch: the waiting tab counts it, the bell counts it, and the empty
    // "attending" tab says where it is.
    await page.locator('[data-testid="count-pending"][data-count="1"]').waitFor();
    await page.getByTestId('notifications-count').getByText('1', { exact: true }).waitFor();
    const hint = page.getByTestId('pending-hint');
    await hint.getByText('1 atendimento aguardando.').waitFor();
    await shot(page, 'first-customer-hint');
    await hint.getByTestId('pending-hint-show').click();
    const item = page.getByTestId('tickets-list-pending').getByTestId('ticket-item').filter({ hasText: 'Joana Lima' });
    await item.waitFor();
    expect(await item.getByTestId('ticket-last-message').innerText()).toBe('Oi! Vocês abrem no domingo?');
    expect(await showAll(page).isChecked()).toBe(false);
    await shot(page, 'first-customer-pending');

    // After a reload too (the list is read, not only pushed).
    await page.reload();
    await page.locator('[data-testid="count-pending"][data-count="1"]').waitFor();
    await page.getByTestId('notifications-count').getByText('1', { exact: true }).waitFor();

    // The switch is remembered for this user across reloads, on and off.
    await showAll(page).check();
    await page.reload();
    await page.getByTestId('tickets-manager').waitFor();
    expect(await showAll(page).isChecked()).toBe(true);
    await showAll(page).uncheck();
    await page.reload();
    await page.getByTestId('tickets-manager').waitFor();
    expect(await showAll(page).isChecked()).toBe(false);
    await page.context().close();
  });
});

describe('accepting a ticket', () => {
  it('moves the list to the open tab with the accepted ticket selected', async () => {
    const company = await newCompany('Padaria Sol', 'dono@sol.test');
    const page = await product.newPage({ width: 1366, height: 860 });
    const ready = socketReady(page);
    await signInToTickets(page, company.email, PASSWORD);
    await ready;
    await page.getByTestId('tab-pending').click();
    await customerWrites(page, company.whatsappId, { number: '5511955551234', name: 'Rui Costa' }, 'Tem pão quente?');
    const pending = page.getByTestId('tickets-list-pending').getByTestId('ticket-item').filter({ hasText: 'Rui Costa' });
    await pending.getByTestId('ticket-accept').click();

    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    await page.locator('[data-testid="ticket-panel"][data-status="open"]').waitFor();
    expect(await page.getByTestId('tab-assigned').getAttribute('aria-selected')).toBe('true');
    const accepted = page.getByTestId('tickets-list-open').getByTestId('ticket-item').filter({ hasText: 'Rui Costa' });
    await accepted.waitFor();
    expect(await accepted.getAttribute('aria-current')).toBe('true');
    expect(await page.getByTestId('tickets-list-pending').count()).toBe(0);
    // Ready to answer: the composer has the focus.
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'composer-input');
    await shot(page, 'accepted-open-tab');
    await page.context().close();
  });
});

describe('the keyboard alone', () => {
  it('signs in, reaches the waiting ticket by the skip link, accepts it and replies', async () => {
    const company = await newCompany('Mercado Lua', 'dono@lua.test');
    const page = await product.newPage({ width: 1366, height: 860 });
    const kb = page.keyboard;
    const ready = socketReady(page);
    await page.goto('/login');
    // The e-mail field has the focus.
    await page.waitForFunction(() => document.activeElement?.getAttribute('type') === 'email');
    await kb.type(company.email);
    await kb.press('Tab');
    await kb.type(PASSWORD);
    await kb.press('Enter');
    await page.waitForURL(/\/tickets$/);
    await ready;
    await customerWrites(page, company.whatsappId, { number: '5511944441234', name: 'Lia Prado' }, 'Vocês entregam?');
    await page.locator('[data-testid="count-pending"][data-count="1"]').waitFor();

    // First Tab: the skip link; Enter puts the focus in the ticket list.
    await kb.press('Tab');
    expect(await activeTestId(page)).toBe('skip-link');
    await kb.press('Enter');
    // Nothing attended yet: the list's hint leads to the waiting tab, focus on its first ticket.
    expect(await activeTestId(page)).toBe('pending-hint-show');
    await kb.press('Enter');
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'ticket-item');
    expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toContain('Lia Prado');
    // Enter on a waiting ticket explains that it opens once accepted, and offers "accept".
    await kb.press('Enter');
    await page.getByRole('tooltip').getByText('Aceite o atendimento para abrir a conversa.').waitFor();
    expect(await activeTestId(page)).toBe('ticket-accept');
    await shot(page, 'keyboard-pending-hint');
    await kb.press('Enter');

    // Accepted: the conversation opens with the focus in the composer.
    await page.locator('[data-testid="ticket-panel"][data-status="open"]').waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'composer-input');
    await kb.type('Entregamos sim, no bairro todo.');
    await kb.press('Enter');
    const reply = page.locator('[data-testid="thread-message"][data-from-me="true"]').filter({ hasText: 'Entregamos sim' });
    await reply.waitFor();
    const ticketId = Number(await page.getByTestId('ticket-panel').getAttribute('data-ticket-id'));
    const stored = await callApi<{ messages: Array<{ body: string; fromMe: boolean }> }>(
      product.url,
      'GET',
      `/messages/${ticketId}`,
      undefined,
      await pageToken(page),
    );
    expect(stored.messages.some((m) => m.fromMe && m.body.endsWith('Entregamos sim, no bairro todo.'))).toBe(true);

    // Back on the list page, Enter on an attended ticket opens it with the focus in the composer.
    await page.goto('/tickets');
    await page.getByTestId('tickets-list-open').getByTestId('ticket-item').first().waitFor();
    await kb.press('Tab');
    expect(await activeTestId(page)).toBe('skip-link');
    await kb.press('Enter');
    expect(await activeTestId(page)).toBe('ticket-item');
    await kb.press('Enter');
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'composer-input');
    await page.context().close();
  });
});
