/**
 * The busy day (issue 36), the web side: the transfer picker lists the members at once with their
 * presence (no typing), the transfer shows as an activity line in the conversation, and tickets
 * ticked in the list (shift-click for a range) are resolved together (POST /tickets/bulk), the bar
 * saying how many, and the undo reopens them. Dark and 390 px. Presence is live: a colleague's
 * tab going idle shows them away on the users page and in the picker, and back online; the queue
 * dialog's automatic-assignment switch is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { io, type Socket } from 'socket.io-client';
import { startProduct, type Product } from './support/product.js';
import { connectedSandbox } from './support/sandbox.js';
import { apiToken, callApi, overflowsSideways, shot, signInToTickets, signUpCompany } from './support/ui.js';

const EMAIL = 'gerente@movimento.test';
const PASSWORD = 'Movimento-1';
const CUSTOMERS = ['Carla Dias', 'Bruno Reis', 'Diana Melo'];

let product: Product;
let ids: { vendas: number; financeiro: number; ana: number; tickets: Array<{ id: number; uuid: string }> };

beforeAll(async () => {
  product = await startProduct();
  await signUpCompany(product.url, { name: 'Loja Movimento', email: EMAIL, password: PASSWORD });
  const token = await apiToken(product.url, EMAIL, PASSWORD);
  const api = <T>(method: string, path: string, body?: unknown) => callApi<T>(product.url, method, path, body, token);
  const me = await api<{ id: number }>('GET', '/auth/me');
  await connectedSandbox(product.url, token, 'Loja');
  const vendas = await api<{ id: number }>('POST', '/queue', {
    name: 'Vendas',
    color: '#2e7d32',
    greetingMessage: 'Oi',
  });
  const financeiro = await api<{ id: number }>('POST', '/queue', {
    name: 'Financeiro',
    color: '#6a1b9a',
    greetingMessage: 'Oi',
  });
  await api('PUT', `/users/${me.id}`, { queueIds: [vendas.id] });
  const ana = await api<{ id: number }>('POST', '/users', {
    name: 'Ana Financeiro',
    email: 'ana@movimento.test',
    password: 'Ana-12345',
    queueIds: [financeiro.id],
  });
  const tickets: Array<{ id: number; uuid: string }> = [];
  for (const [i, name] of CUSTOMERS.entries()) {
    const contact = await api<{ id: number }>('POST', '/contacts', { name, number: `551198888000${i}` });
    tickets.push(
      await api<{ id: number; uuid: string }>('POST', '/tickets', {
        contactId: contact.id,
        userId: me.id,
        queueId: vendas.id,
      }),
    );
  }
  ids = { vendas: vendas.id, financeiro: financeiro.id, ana: ana.id, tickets };
});
afterAll(async () => {
  await product?.stop();
});

const item = (page: Page, list: string, name: string) =>
  page.getByTestId(`tickets-list-${list}`).getByTestId('ticket-item').filter({ hasText: name });

describe('the busy day', () => {
  it('the transfer picker lists the members with their presence at once; the transfer is a line in the conversation', async () => {
    const page = await product.newPage({ width: 1366, height: 860 });
    await signInToTickets(page, EMAIL, PASSWORD);
    const first = ids.tickets[0]!;
    await page.goto(`/tickets/${first.uuid}`);
    await page.getByTestId('ticket-panel').waitFor();
    await page.getByTestId('ticket-more').click();
    await page.getByTestId('ticket-transfer').click();
    const dialog = page.getByTestId('transfer-dialog');
    await dialog.locator('select[name="queueId"]').selectOption({ label: 'Financeiro' });
    await dialog.getByTestId('transfer-user').click();
    // No typing: the list is there, the queue's member first, each with a presence.
    const options = page.getByTestId('transfer-user-option');
    await options.first().waitFor();
    expect(await options.first().innerText()).toContain('Ana Financeiro');
    expect(await options.first().getByTestId('presence').getAttribute('data-presence')).toBe('offline');
    const mine = options.filter({ hasText: 'Loja Movimento' });
    expect(await mine.getByTestId('presence').getAttribute('data-presence')).toMatch(/online|away/);
    await shot(page, 'busy-day-transfer-picker');
    await options.first().click();
    await dialog.getByTestId('transfer-save').click();
    await dialog.waitFor({ state: 'detached' });

    await page.goto(`/tickets/${first.uuid}`);
    const line = page.getByTestId('activity-line').filter({ hasText: 'transferido para Financeiro' });
    await line.waitFor();
    expect(await line.innerText()).toMatch(/transferido para Financeiro \(Ana Financeiro\) · \d\d:\d\d/);
    await shot(page, 'busy-day-activity-line');
    await page.context().close();
  });

  it('ticks two tickets with a shift-click and resolves them together; the undo reopens them (390 px, dark)', async () => {
    const page = await product.newPage({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await signInToTickets(page, EMAIL, PASSWORD);
    await page.goto('/tickets');
    const a = item(page, 'open', CUSTOMERS[1]!);
    const b = item(page, 'open', CUSTOMERS[2]!);
    await a.waitFor();
    await b.waitFor();
    await a.getByTestId('ticket-check').click();
    await b.getByTestId('ticket-check').click({ modifiers: ['Shift'] });
    await page.getByTestId('bulk-count').filter({ hasText: '2 selecionados' }).waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, 'busy-day-bulk-390-dark');
    await page.getByTestId('bulk-close').click();
    await page.getByTestId('bulk-result').filter({ hasText: 'Atualizados: 2' }).waitFor();
    await a.waitFor({ state: 'detached' });
    await b.waitFor({ state: 'detached' });
    await shot(page, 'busy-day-bulk-result-390-dark');

    await page.getByTestId('bulk-undo').click();
    await a.waitFor();
    await b.waitFor();
    await page.context().close();
  });

  it('shows a colleague online, away when their tab idles and online again, live on the users page and in the picker (390 px, dark)', async () => {
    const page = await product.newPage({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await signInToTickets(page, EMAIL, PASSWORD);
    await page.goto('/users');
    const ana = page.getByTestId('user-row').filter({ hasText: 'Ana Financeiro' });
    const presence = (p: string, where: Locator = ana) => where.locator(`[data-testid="presence"][data-presence="${p}"]:visible`).waitFor();
    await presence('offline');

    // Ana's tab: a socket of her own (the browser here is the manager's).
    const tab = await anaTab(await apiToken(product.url, 'ana@movimento.test', 'Ana-12345'));
    try {
      await presence('online');
      tab.emit('userActivity', { lastActivityAt: new Date(Date.now() - 10 * 60_000).toISOString() });
      await presence('away');
      expect(await overflowsSideways(page)).toBe(false);
      await shot(page, 'busy-day-users-away-390-dark');

      const ticket = ids.tickets[2]!;
      await page.goto(`/tickets/${ticket.uuid}`);
      await page.getByTestId('ticket-panel').waitFor();
      await page.getByTestId('ticket-more').click();
      await page.getByTestId('ticket-transfer').click();
      const dialog = page.getByTestId('transfer-dialog');
      await dialog.locator('select[name="queueId"]').selectOption({ label: 'Financeiro' });
      await dialog.getByTestId('transfer-user').click();
      const option = page.getByTestId('transfer-user-option').filter({ hasText: 'Ana Financeiro' });
      await presence('away', option);
      expect(await option.innerText()).toContain('Ausente');
      await shot(page, 'busy-day-picker-away-390-dark');
      // She types again: the open picker follows.
      tab.emit('userActivity', { lastActivityAt: new Date().toISOString() });
      await presence('online', option);
      await page.keyboard.press('Escape');
    } finally {
      tab.close();
    }
    await page.context().close();
  });

  it('stores the queue dialog\'s automatic-assignment switch; the users page and the cap read in en and es', async () => {
    const page = await product.newPage({ width: 390, height: 844 });
    await signInToTickets(page, EMAIL, PASSWORD);
    await page.goto('/queues');
    await page.getByTestId('queue-row').filter({ hasText: 'Vendas' }).getByTestId('queue-edit').click();
    const dialog = page.getByTestId('queue-dialog');
    const toggle = dialog.getByTestId('queue-auto-assign');
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(false);
    await toggle.check();
    await shot(page, 'busy-day-queue-auto-assign-390');
    await dialog.getByTestId('queue-save').click();
    await dialog.waitFor({ state: 'detached' });
    const token = await apiToken(product.url, EMAIL, PASSWORD);
    const stored = await callApi<{ autoAssign: boolean }>(product.url, 'GET', `/queue/${ids.vendas}`, undefined, token);
    expect(stored.autoAssign).toBe(true);

    await signInToTickets(page, EMAIL, PASSWORD);
    await page.goto('/settings');
    const cap = page.getByTestId('setting-autoAssignMaxOpen');
    await cap.fill('0');
    await page.getByText('Informe um número inteiro de 1 a 9999, ou deixe em branco.').waitFor();
    await cap.fill('8');
    await cap.press('Enter');
    await page.getByText('Configuração salva com sucesso.').first().waitFor();
    await shot(page, 'busy-day-settings-cap-390');

    for (const lang of ['en', 'es']) {
      await page.getByTestId('language-menu').click();
      await page.getByTestId(`language-${lang}`).click();
      await page.getByRole('menu').waitFor({ state: 'detached' });
      await page.goto('/users');
      await page.getByTestId('user-row').first().waitFor();
      expect(await overflowsSideways(page)).toBe(false);
      await shot(page, `busy-day-users-390-${lang}`);
      await page.goto('/settings');
      await cap.waitFor();
      await shot(page, `busy-day-settings-cap-390-${lang}`);
    }
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-pt').click();
    await page.context().close();
  });
});

/** A tab of another user: a socket with their token, ready. */
function anaTab(token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = io(product.url, { transports: ['websocket'], query: { token }, reconnection: false });
    s.once('ready', () => resolve(s));
    s.once('connect_error', reject);
  });
}
