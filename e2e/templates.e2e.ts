/**
 * Cloud API templates and the 24-hour window as an attendant meets them (issue 32 acceptance 2):
 * a Cloud API connection (against the tests' fake Graph API, which lists the WABA's templates and
 * checks a template send's parameters as Meta does), a customer whose last message is 30 hours
 * old. The ticket's header says the window is closed, the composer is a template picker; the
 * attendant picks a two-variable template, fills one from the contact and types the other, sends
 * it, and the thread shows the filled text with its ticks (the fake's "sent" status, then a
 * "delivered" one). Screenshots (wide and 390 px, light and dark) go to $E2E_SHOTS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startFakeGraph, type FakeGraph } from '../packages/server/test/support/fake-graph.js';
import {
  change,
  delivery,
  entry,
  postDelivery,
  profile,
  status,
  text,
} from '../packages/server/test/support/cloud-webhook.js';
import { startProduct, type Product } from './support/product.js';
import {
  apiToken,
  callApi,
  overflowsSideways,
  shot,
  signInToTickets,
  signUpCompany,
  socketReady,
} from './support/ui.js';

const COMPANY = 'Ótica Central';
const EMAIL = 'dono@otica.test';
const PASSWORD = 'Otica-1234';
const PHONE_NUMBER_ID = '106540352242922';
const WABA_ID = '102290129340398';
const APP_SECRET = 'e2e-app-secret-0001';
const CUSTOMER = '5511976543210';

let graph: FakeGraph;
let product: Product;
let ids: { whatsappId: number; ticketUuid: string; contactId: number };

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  graph = await startFakeGraph();
  graph.setTemplates(WABA_ID, [
    {
      name: 'oculos_pronto',
      language: 'pt_BR',
      status: 'APPROVED',
      category: 'UTILITY',
      components: [{ type: 'BODY', text: 'Olá {{1}}, seus óculos (pedido {{2}}) estão prontos para retirada.' }],
    },
    {
      name: 'boas_vindas',
      language: 'pt_BR',
      status: 'APPROVED',
      category: 'MARKETING',
      components: [{ type: 'BODY', text: 'Bem-vindo à Ótica Central!' }],
    },
    {
      name: 'promo_rascunho',
      language: 'pt_BR',
      status: 'PENDING',
      category: 'MARKETING',
      components: [{ type: 'BODY', text: 'Promoção {{1}}' }],
    },
  ]);
  product = await startProduct({ env: { WHATSAPP_CLOUD_API_URL: `${graph.url}/v21.0` } });
  await signUpCompany(product.url, { name: COMPANY, email: EMAIL, password: PASSWORD });
  // Setup through the API before the browser signs in (a login ends the other sessions).
  const token = await apiToken(product.url, EMAIL, PASSWORD);
  const api = <T>(method: string, path: string, body?: unknown) => callApi<T>(product.url, method, path, body, token);
  const conn = await api<{ id: number }>('POST', '/whatsapp', {
    name: 'Ótica Oficial',
    provider: 'cloud',
    isDefault: true,
    phoneNumberId: PHONE_NUMBER_ID,
    accessToken: 'EAAG-e2e-access-token-0001',
    appSecret: APP_SECRET,
    wabaId: WABA_ID,
  });
  // Meta reports each accepted send's status to the connection's webhook.
  graph.webhook(PHONE_NUMBER_ID, { url: `${product.url}/api/webhooks/whatsapp/${conn.id}`, appSecret: APP_SECRET });
  const deadline = Date.now() + 30_000;
  while ((await api<{ status: string }>('GET', `/whatsapp/${conn.id}`)).status !== 'CONNECTED') {
    if (Date.now() > deadline) throw new Error('the Cloud API connection did not connect');
    await api('POST', `/whatsappsession/${conn.id}`).catch(() => undefined);
    await pause(300);
  }
  await api('POST', `/whatsapp/${conn.id}/templates/sync`, {});

  // The customer last wrote 30 hours ago (Meta's timestamp): the window closed 6 hours ago.
  const wrote = {
    ...text(CUSTOMER, 'Meus óculos já chegaram?'),
    timestamp: String(Math.floor(Date.now() / 1000) - 30 * 3600),
  };
  const res = await postDelivery(
    product.url,
    conn.id,
    delivery(entry(change(PHONE_NUMBER_ID, { contacts: [profile(CUSTOMER, 'Joana Prado')], messages: [wrote] }))),
    APP_SECRET,
  );
  expect(res.status).toBe(200);
  let ticket: { id: number; uuid: string; contactId: number } | undefined;
  while (!ticket) {
    if (Date.now() > deadline) throw new Error('no ticket for the customer');
    const list = await api<{ tickets: { id: number; uuid: string; contactId: number }[] }>(
      'GET',
      '/tickets?status=pending&showAll=true',
    );
    ticket = list.tickets[0];
    if (!ticket) await pause(200);
  }
  await api('PUT', `/tickets/${ticket.id}`, { status: 'open' });
  ids = { whatsappId: conn.id, ticketUuid: ticket.uuid, contactId: ticket.contactId };
});
afterAll(async () => {
  await product?.stop();
  await graph?.close();
});

const mine = (page: Page, body: string | RegExp) =>
  page.locator('[data-testid="thread-message"][data-from-me="true"]').filter({ hasText: body });

describe('a ticket whose 24-hour window is closed', () => {
  it('shows the window closed, offers the picker instead of the composer, and sends a two-variable template with its ticks', async () => {
    const page = await product.newPage({ width: 1366, height: 860 });
    const ready = socketReady(page);
    await signInToTickets(page, EMAIL, PASSWORD);
    await ready;
    await page.goto(`/tickets/${ids.ticketUuid}`);
    await page.locator('[data-testid="ticket-panel"][data-status="open"]').waitFor();
    await page.getByTestId('messages-thread').getByText('Meus óculos já chegaram?').waitFor();

    // The header's chip says the window is closed; the composer is the template picker.
    const chip = page.getByTestId('ticket-window');
    expect(await chip.getAttribute('data-open')).toBe('false');
    expect(await chip.innerText()).toBe('Janela de 24h fechada: só modelos');
    const picker = page.getByTestId('template-picker');
    await picker.getByText('A janela de 24 horas do cliente está fechada: só é possível enviar um modelo.').waitFor();
    expect(await page.getByTestId('composer-input').count()).toBe(0);

    // Only approved templates are offered; the search narrows them by name.
    const options = picker.getByTestId('template-option');
    await options.first().waitFor();
    expect(await options.evaluateAll((els) => els.map((e) => e.getAttribute('data-name')))).toEqual([
      'boas_vindas',
      'oculos_pronto',
    ]);
    await shot(page, 'templates-wide-light-picker');
    await page.getByTestId('template-search').fill('oculos');
    await expect.poll(() => options.count()).toBe(1);
    await options.first().click();

    // {{1}} from the contact's first name (a click), {{2}} typed; the preview follows.
    const preview = picker.getByTestId('template-preview');
    expect(await preview.innerText()).toBe('Olá {{1}}, seus óculos (pedido {{2}}) estão prontos para retirada.');
    await picker.getByRole('button', { name: 'Primeiro nome' }).first().click();
    expect(await page.getByTestId('template-variable-1').inputValue()).toBe('Joana');
    expect(await picker.getByTestId('template-send').isDisabled()).toBe(true);
    await page.getByTestId('template-variable-2').fill('4521');
    expect(await preview.innerText()).toBe('Olá Joana, seus óculos (pedido 4521) estão prontos para retirada.');
    await shot(page, 'templates-wide-light-filled');
    await picker.getByTestId('template-send').click();

    // The thread shows what the customer reads, and the send was the template with both texts.
    const filled = 'Olá Joana, seus óculos (pedido 4521) estão prontos para retirada.';
    const sentBubble = mine(page, filled).last();
    await sentBubble.waitFor();
    const sent = await graph.until(() => graph.sent.filter((s) => s.body.to === CUSTOMER).at(-1));
    expect(sent.body).toMatchObject({
      type: 'template',
      template: {
        name: 'oculos_pronto',
        language: { code: 'pt_BR' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Joana' },
              { type: 'text', text: '4521' },
            ],
          },
        ],
      },
    });
    // Ticks: Meta's "sent" (ack 1, one tick) from the fake, then "delivered" (ack 3, two ticks).
    await sentBubble.locator('[data-testid="message-ticks"][data-ack="1"]').waitFor();
    const delivered = await postDelivery(
      product.url,
      ids.whatsappId,
      delivery(entry(change(PHONE_NUMBER_ID, { statuses: [status(sent.wamid, 'delivered', CUSTOMER)] }))),
      APP_SECRET,
    );
    expect(delivered.status).toBe(200);
    await sentBubble.locator('[data-testid="message-ticks"][data-ack="3"]').waitFor();
    // The window stays closed (only the customer opens it): the picker is back, empty.
    await picker.getByTestId('template-search').waitFor();
    await shot(page, 'templates-wide-light-sent');

    // Dark, then a 390 px phone: nothing sticks out sideways.
    await page.getByTestId('theme-toggle').click();
    await page.waitForTimeout(1000); // colours fade to the new theme
    await shot(page, 'templates-wide-dark-sent');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('template-picker').waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, 'templates-narrow-dark');
    await page.getByTestId('theme-toggle').click();
    await page.waitForTimeout(1000);
    await options.filter({ hasText: 'oculos_pronto' }).click();
    await page.getByTestId('template-variable-1').fill('Joana');
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, 'templates-narrow-light-filled');
  });
});

describe('a schedule to a customer on the Cloud API connection', () => {
  it("offers the connection's approved templates, and saves the one picked with its texts", async () => {
    const page = await product.newPage({ width: 1366, height: 860 });
    await signInToTickets(page, EMAIL, PASSWORD);
    await page.goto(`/schedules?contactId=${ids.contactId}`);
    const dialog = page.getByTestId('schedule-dialog');
    await dialog.getByTestId('schedule-template').waitFor();
    await dialog.getByTestId('schedule-body').fill('Avisar que os óculos chegaram');
    await dialog.getByRole('combobox', { name: 'Modelo de mensagem (API Cloud)' }).click();
    const offered = page.getByRole('option');
    await offered.first().waitFor();
    expect(await offered.allInnerTexts()).toEqual([
      'Nenhum: enviar a mensagem',
      'boas_vindas (pt_BR)',
      'oculos_pronto (pt_BR)',
    ]);
    await page.getByRole('option', { name: 'oculos_pronto (pt_BR)' }).click();
    await dialog.getByTestId('schedule-templateVariable-1').fill('{{firstName}}');
    await dialog.getByTestId('schedule-templateVariable-2').fill('4521');
    await dialog.getByText('Olá {{firstName}}, seus óculos (pedido 4521) estão prontos para retirada.').waitFor();
    await shot(page, 'templates-schedule-dialog');
    await dialog.getByTestId('schedule-save').click();
    await dialog.waitFor({ state: 'detached' });
    const token = await page.evaluate(() => localStorage.getItem('token') ?? '');
    const { schedules } = await callApi<{ schedules: Record<string, unknown>[] }>(
      product.url,
      'GET',
      `/schedules?contactId=${ids.contactId}`,
      undefined,
      token,
    );
    expect(schedules).toMatchObject([
      { templateName: 'oculos_pronto', templateLanguage: 'pt_BR', templateVariables: ['{{firstName}}', '4521'] },
    ]);
  });
});

describe('a template from the contacts page', () => {
  it("opens a ticket for a contact who has none, and sends in the contact's live ticket otherwise", async () => {
    const page = await product.newPage({ width: 1366, height: 860 });
    await signInToTickets(page, EMAIL, PASSWORD);
    const token = await page.evaluate(() => localStorage.getItem('token') ?? '');
    const carlos = await callApi<{ id: number }>(
      product.url,
      'POST',
      '/contacts',
      { name: 'Carlos Lima', number: '5511955554444' },
      token,
    );
    await page.goto('/contacts');
    const row = (name: string) => page.getByRole('row').filter({ hasText: name });
    await row('Carlos Lima').getByTestId('contact-send-template').click();
    const dialog = page.getByTestId('send-template-dialog');
    await dialog.getByText('Enviar modelo a Carlos Lima').waitFor();
    await dialog.locator('[data-testid="template-option"][data-name="oculos_pronto"]').click();
    await dialog.getByRole('button', { name: 'Primeiro nome' }).first().click();
    await dialog.getByTestId('template-variable-2').fill('7788');
    await shot(page, 'templates-contact-dialog');
    await dialog.getByTestId('template-send').click();

    // On to the new ticket, open and the sender's, with the template filled.
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    await page.locator('[data-testid="ticket-panel"][data-status="open"]').waitFor();
    await mine(page, 'Olá Carlos, seus óculos (pedido 7788) estão prontos para retirada.').waitFor();
    const { tickets } = await callApi<{ tickets: { contactId: number; status: string }[] }>(
      product.url,
      'GET',
      '/tickets?showAll=true&status=open',
      undefined,
      token,
    );
    expect(tickets.filter((t) => t.contactId === carlos.id)).toHaveLength(1);

    // Joana already has a live ticket on the connection: the template goes there (on a phone, dark).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('theme-toggle').click();
    await page.goto('/contacts');
    await row('Joana Prado').getByTestId('contact-send-template').waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, 'templates-contacts-narrow-dark');
    await row('Joana Prado').getByTestId('contact-send-template').click();
    await dialog.locator('[data-testid="template-option"][data-name="boas_vindas"]').click();
    await dialog.getByTestId('template-send').click();
    await page.waitForURL(`/tickets/${ids.ticketUuid}`);
    await mine(page, 'Bem-vindo à Ótica Central!').waitFor();
  });
});
