/**
 * Issue 12, points 4 and 7. Tagging from the conversation: the ticket header's tag picker adds a
 * company tag and creates a new one inline; the ticket list (this tab and another one, live)
 * shows them, and they stay after a reload. WhatsApp formatting: a customer's `*bold*`, `_italic_`
 * and `~strike~`, written on the sandbox simulator, render styled — without their marks — in the
 * thread's bubble, the list's preview, a quote of it and the simulator's own bubble.
 * Screenshots (wide and 390 px, light and dark, pt/en/es) go to $E2E_SHOTS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
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

const COMPANY = 'Confeitaria Aurora';
const EMAIL = 'dona@aurora.test';
const PASSWORD = 'Aurora-1234';

let product: Product;
let whatsappId: number;

beforeAll(async () => {
  product = await startProduct();
  await signUpCompany(product.url, { name: COMPANY, email: EMAIL, password: PASSWORD });
  // Setup through the API before the browser signs in (a login ends the other sessions).
  const token = await apiToken(product.url, EMAIL, PASSWORD);
  const me = await callApi<{ id: number }>(product.url, 'GET', '/auth/me', undefined, token);
  const vendas = await callApi<{ id: number }>(
    product.url,
    'POST',
    '/queue',
    { name: 'Vendas', color: '#2e7d32' },
    token,
  );
  await callApi(product.url, 'PUT', `/users/${me.id}`, { queueIds: [vendas.id] }, token);
  const conn = await callApi<{ id: number }>(
    product.url,
    'POST',
    '/whatsapp',
    { name: 'Aurora', provider: 'sandbox', isDefault: true },
    token,
  );
  whatsappId = conn.id;
  await callApi(product.url, 'POST', '/tags', { name: 'Urgente', color: '#c62828' }, token);
  // Each customer already has a ticket the admin attends (their messages land there).
  for (const [name, number] of [
    ['Maria Souza', '5511977771234'],
    ['João Pereira', '5511966665555'],
  ] as const) {
    const contact = await callApi<{ id: number }>(product.url, 'POST', '/contacts', { name, number }, token);
    await callApi(product.url, 'POST', '/tickets', { contactId: contact.id, queueId: vendas.id, userId: me.id }, token);
  }
});
afterAll(async () => {
  await product?.stop();
});

const item = (page: Page, name: string) =>
  page.getByTestId('tickets-list-open').getByTestId('ticket-item').filter({ hasText: name });
const tagsOf = (scope: Locator, testId: string) =>
  scope.getByTestId(testId).evaluateAll((els) => els.map((e) => (e as HTMLElement).innerText.trim()));
const settled = (page: Page) =>
  page.waitForFunction(() =>
    [...document.querySelectorAll('.MuiPopover-paper, .MuiAutocomplete-popper')].every(
      (e) => getComputedStyle(e).opacity === '1' && ['none', ''].includes(getComputedStyle(e).transform),
    ),
  );

async function openTicket(page: Page, name: string) {
  await page.getByTestId('tab-assigned').click();
  await item(page, name).click();
  await page.locator('[data-testid="ticket-panel"][data-status="open"]').waitFor();
  await page.getByTestId('ticket-header-name').getByText(name).waitFor();
}

describe('tags from the ticket header', () => {
  it('a tag picked in the header, and one created there, show in the list (live in another tab) and stay after a reload', async () => {
    const page = await product.newPage({ width: 1366, height: 860 });
    const ready = socketReady(page);
    await signInToTickets(page, EMAIL, PASSWORD);
    await ready;
    // A second tab of the same session, on the list.
    const other = await page.context().newPage();
    const otherReady = socketReady(other);
    await other.goto('/tickets');
    await otherReady;
    await other.getByTestId('tab-assigned').click();
    await item(other, 'Maria Souza').waitFor();

    await page.bringToFront();
    await openTicket(page, 'Maria Souza');
    const header = page.getByTestId('ticket-tags');
    expect(await tagsOf(header, 'ticket-header-tag')).toEqual([]);

    // Pick an existing tag…
    await header.getByTestId('ticket-tags-add').click();
    const picker = page.getByTestId('ticket-tag-picker');
    await picker.getByRole('combobox').fill('urg');
    await page.getByRole('option', { name: 'Urgente' }).click();
    await header.getByTestId('ticket-header-tag').filter({ hasText: 'Urgente' }).waitFor();
    // … and create one that does not exist yet.
    await picker.getByRole('combobox').fill('Retirar na loja');
    await page.getByRole('option', { name: /Retirar na loja/ }).click();
    await header.getByTestId('ticket-header-tag').filter({ hasText: 'Retirar na loja' }).waitFor();
    await settled(page);
    await shot(page, 'ticket-tags-picker-wide-light');
    await page.keyboard.press('Escape');
    await picker.waitFor({ state: 'detached' });

    const expected = ['Retirar na loja', 'Urgente'];
    const listTags = async (p: Page) => (await tagsOf(item(p, 'Maria Souza'), 'ticket-tag')).sort();
    await expect.poll(() => listTags(page)).toEqual(expected);
    await expect.poll(() => listTags(other)).toEqual(expected);
    await shot(page, 'ticket-tags-wide-light');

    // After a reload the list and the header still show them.
    await page.reload();
    await page.getByTestId('ticket-panel').waitFor();
    await page.getByTestId('tab-assigned').click();
    await expect.poll(() => listTags(page)).toEqual(expected);
    expect((await tagsOf(page.getByTestId('ticket-tags'), 'ticket-header-tag')).sort()).toEqual(expected);

    // Removing a chip untags the ticket, in the list too.
    await page.getByTestId('ticket-header-tag').filter({ hasText: 'Urgente' }).locator('.MuiChip-deleteIcon').click();
    await expect.poll(() => listTags(page)).toEqual(['Retirar na loja']);
    await expect.poll(() => listTags(other)).toEqual(['Retirar na loja']);

    // Renaming the tag elsewhere (only a tag event is sent) updates the chips held here, live.
    const token = await page.evaluate(() => localStorage.getItem('token') ?? '');
    const tags = await callApi<Array<{ id: number; name: string }>>(product.url, 'GET', '/tags/list', undefined, token);
    const pickup = tags.find((t) => t.name === 'Retirar na loja')!;
    await callApi(product.url, 'PUT', `/tags/${pickup.id}`, { name: 'Retira na loja' }, token);
    await expect.poll(() => listTags(other)).toEqual(['Retira na loja']);
    await expect.poll(() => tagsOf(page.getByTestId('ticket-tags'), 'ticket-header-tag')).toEqual(['Retira na loja']);

    // How it looks at 390 px, dark, and in the other languages.
    await page.getByTestId('theme-toggle').click();
    await page.waitForTimeout(800);
    await shot(page, 'ticket-tags-wide-dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('ticket-tags').waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    await page.getByTestId('ticket-tags-add').click();
    await page.getByTestId('ticket-tag-picker').waitFor();
    await settled(page);
    await shot(page, 'ticket-tags-narrow-dark-picker');
    await page.keyboard.press('Escape');
    await page.getByTestId('theme-toggle').click();
    await page.waitForTimeout(800);
    for (const lang of ['en', 'es']) {
      await page.evaluate((l) => localStorage.setItem('i18nextLng', l), lang);
      await page.reload();
      await page.getByTestId('ticket-tags').waitFor();
      await page.getByTestId('ticket-tags-add').click();
      await page.getByTestId('ticket-tag-picker').getByRole('combobox').fill('Novo');
      await settled(page);
      await shot(page, `ticket-tags-narrow-light-picker-${lang}`);
      await page.keyboard.press('Escape');
    }
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'pt'));
    await page.context().close();
  }, 120_000);
});

describe('WhatsApp formatting', () => {
  it('a customer’s *bold*, _italic_ and ~strike~ render styled, without marks, in the bubble, the preview, a quote and the simulator', async () => {
    const page = await product.newPage({ width: 1366, height: 860 });
    const ready = socketReady(page);
    await signInToTickets(page, EMAIL, PASSWORD);
    await ready;
    await openTicket(page, 'João Pereira');

    const sim = await page.context().newPage();
    await sim.goto(`/connections/${whatsappId}/simulator`);
    await sim.getByRole('button', { name: 'Ler o QR Code' }).click();
    await sim.getByTestId('simulator-paired').waitFor();
    await sim.getByLabel('Número (com DDI e DDD)').fill('+55 11 96666-5555');
    await sim.getByLabel('Nome', { exact: true }).fill('João Pereira');
    await sim.getByRole('button', { name: 'Adicionar cliente' }).click();
    await sim.getByTestId('simulator-chat').getByText('João Pereira').waitFor();
    const text = 'Quero o *bolo de chocolate* para _amanhã_, ~com~ sem nozes. 2*3*4 fica igual.';
    const plain = 'Quero o bolo de chocolate para amanhã, com sem nozes. 2*3*4 fica igual.';
    await sim.getByLabel('Mensagem', { exact: true }).fill(text);
    await sim.getByLabel('Mensagem', { exact: true }).press('Enter');

    const styled = async (scope: Locator) => {
      expect(await scope.innerText()).toBe(plain);
      expect(await scope.locator('strong').innerText()).toBe('bolo de chocolate');
      const weight = await scope.locator('strong').evaluate((e) => Number(getComputedStyle(e).fontWeight));
      expect(weight).toBeGreaterThanOrEqual(600);
      expect(await scope.locator('em').innerText()).toBe('amanhã');
      expect(await scope.locator('s').innerText()).toBe('com');
    };

    // The attendant's thread and the list's preview.
    await page.bringToFront();
    const bubble = page.locator('[data-testid="thread-message"][data-from-me="false"]').filter({ hasText: 'Quero o' });
    await bubble.waitFor();
    await styled(bubble.getByTestId('message-body'));
    const preview = item(page, 'João Pereira').getByTestId('ticket-last-message');
    await expect.poll(() => preview.innerText()).toBe(plain);
    await styled(preview);

    // The simulator's bubble.
    const onPhone = sim.locator('[data-testid="phone-message"][data-from="customer"]').filter({ hasText: 'Quero o' });
    await styled(onPhone.getByTestId('phone-message-body'));
    await sim.bringToFront();
    await shot(sim, 'formatting-simulator');
    await page.bringToFront();

    // A reply quoting it shows the quote formatted, in the composer and in the thread.
    await bubble.getByTestId('message-actions').click();
    await page.getByTestId('message-reply').click();
    await styled(page.getByTestId('composer-reply').getByTestId('quoted-message-body'));
    await page.getByTestId('composer-input').fill('Anotado!');
    await page.getByTestId('composer-input').press('Enter');
    const replied = page.getByTestId('thread-message').filter({ hasText: 'Anotado!' });
    await styled(replied.getByTestId('quoted-message-body'));
    await shot(page, 'formatting-wide-light');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('ticket-panel').waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, 'formatting-narrow-light');
    await page.getByTestId('theme-toggle').click();
    await page.waitForTimeout(800);
    await shot(page, 'formatting-narrow-dark');
    await page.getByTestId('tab-list').click();
    await shot(page, 'formatting-narrow-dark-list');
    await page.getByTestId('theme-toggle').click();
    await sim.close();
    await page.context().close();
  }, 120_000);
});
