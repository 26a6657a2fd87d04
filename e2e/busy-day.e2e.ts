/**
 * The busy day (issue 36), the web side: the transfer picker lists the members at once with their
 * presence (no typing), the transfer shows as an activity line in the conversation, and tickets
 * ticked in the list (shift-click for a range) are resolved together (POST /tickets/bulk), the bar
 * saying how many, and the undo reopens them. Dark and 390 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
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
});
