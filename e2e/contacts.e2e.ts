/**
 * The contacts page as an admin uses it (operations §2 contacts page and notifications; issue 4
 * acceptance 4): add, edit and delete a contact; import a 1,000-row .xlsx with 10 bad rows
 * through the page (990 created, the 10 listed with name and reason; the same file again creates
 * nothing and reports all 1,000 — nothing is doubled); export contatos.csv; start a ticket.
 * Then the top bar: the volume slider and the notifications pop-over hearing a customer live.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import writeExcelFile from 'write-excel-file/node';
import { startProduct, type Product } from './support/product.js';
import {
  apiToken,
  callApi,
  overflowsSideways,
  seeText,
  shot,
  signInToTickets,
  signUpCompany,
  socketReady,
} from './support/ui.js';

const EMAIL = 'gerente@padaria.test';
const PASSWORD = 'Padaria-123';

let product: Product;
let page: Page;
let adminId: number;
beforeAll(async () => {
  product = await startProduct();
  await signUpCompany(product.url, { name: 'Padaria Pão Quente', email: EMAIL, password: PASSWORD });
  // The admin hears pending tickets (allTicket), set before the browser signs in.
  const setup = await apiToken(product.url, EMAIL, PASSWORD);
  const me = await callApi<{ id: number }>(product.url, 'GET', '/auth/me', undefined, setup);
  adminId = me.id;
  await callApi(product.url, 'PUT', `/users/${me.id}`, { allTicket: 'enable' }, setup);

  page = await product.newPage({ width: 1366, height: 860 });
  // Sounds and browser notifications are observed, not played: the page's own calls are counted.
  await page.context().addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    w.__plays = [] as number[];
    w.__notes = [] as Array<{ title: string; body?: string }>;
    HTMLMediaElement.prototype.play = function play(this: HTMLMediaElement) {
      (w.__plays as number[]).push(this.volume);
      return Promise.resolve();
    };
    class RecordedNotification {
      static permission = 'granted';
      static requestPermission = async () => 'granted';
      onclick: (() => void) | null = null;
      constructor(title: string, options?: { body?: string }) {
        (w.__notes as Array<{ title: string; body?: string }>).push({ title, body: options?.body });
      }
      close() {}
    }
    w.Notification = RecordedNotification;
  });
  const ready = socketReady(page);
  await signInToTickets(page, EMAIL, PASSWORD);
  await ready;
}, 120_000);
afterAll(async () => {
  await product?.stop();
});

/** The browser's own access token, for setup calls (a new login would end the page's session). */
const token = () => page.evaluate(() => localStorage.getItem('token') ?? '');
const api = async <T = unknown>(method: string, path: string, body?: unknown) =>
  callApi<T>(product.url, method, path, body, await token());

const rowOf = (name: string) => page.getByTestId('contact-row').filter({ hasText: name });
const popoverSettled = () =>
  page.waitForFunction(() =>
    [...document.querySelectorAll('.MuiPopover-paper')].every((e) => getComputedStyle(e).opacity === '1'),
  );
const dialogsSettled = () =>
  page.waitForFunction(() =>
    [...document.querySelectorAll('.MuiDialog-container')].every((e) => getComputedStyle(e).opacity === '1'),
  );

/** 1,000 rows; rows 10–19 are the bad ones, each with the reason the page must list. */
function sheet(base: number) {
  const rows: Array<[string, string | number, string]> = Array.from({ length: 1000 }, (_, i) => [
    `Cliente Planilha ${String(i).padStart(4, '0')}`,
    i % 2 ? base + i : String(base + i),
    i % 3 ? '' : `cliente${i}@exemplo.com`,
  ]);
  const bad: Array<[number, Partial<{ name: string; number: string; email: string }>, string]> = [
    [10, { number: '123' }, 'Número: Muito curto!'],
    [11, { number: '9876' }, 'Número: Muito curto!'],
    [12, { number: 'sem número' }, 'Número: Número de telefone inválido'],
    [13, { number: '1234567890123456789' }, 'Número: Número de telefone inválido'],
    [14, { email: 'quebrado@' }, 'E-mail: E-mail inválido'],
    [15, { email: 'sem arroba' }, 'E-mail: E-mail inválido'],
    [16, { name: 'X' }, 'Nome: Muito curto!'],
    [17, { name: 'N'.repeat(51) }, 'Nome: Muito longo!'],
    [18, { number: String(base) }, 'Já existe um contato com este número'], // row 0 again
    [19, { number: `+${base + 2}` }, 'Já existe um contato com este número'], // row 2, written differently
  ];
  for (const [i, patch] of bad) {
    const [name, number, email] = rows[i]!;
    rows[i] = [patch.name ?? name, patch.number ?? number, patch.email ?? email];
  }
  const reasons = bad.map(([i, , reason]) => ({ name: rows[i]![0], reason }));
  return { rows, reasons };
}

/** Chooses the sheet: the import dialog previews it until confirmed. */
async function importSheet(file: string) {
  await page.getByTestId('contacts-import').click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('contacts-import-sheet').click();
  await (await chooser).setFiles(file);
  await page.getByTestId('import-preview').waitFor();
}

async function writeSheet(name: string, rows: Array<Array<string | number>>) {
  const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'balcao-contacts-')), name);
  await fs.writeFile(file, await writeExcelFile(rows).toBuffer());
  return file;
}

describe('contacts page', () => {
  it('adds, validates, edits a contact with extra info', async () => {
    await page.getByTestId('menu-contacts').click();
    await page.waitForURL(/\/contacts$/);
    await page.getByRole('heading', { name: 'Contatos (0)' }).waitFor();
    await page.getByTestId('empty-state').waitFor();
    await shot(page, 'contacts-empty');

    await page.getByTestId('contact-add').click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar contato' });
    await dialog.getByLabel('Nome', { exact: true }).fill('M');
    await dialog.getByLabel('Número', { exact: true }).fill('+55 (11) 98888-1234');
    await dialog.getByTestId('contact-save').click();
    await dialog.getByText('Muito curto!').waitFor();
    await dialog.getByLabel('Nome', { exact: true }).fill('Maria Souza');
    await dialog.getByLabel('E-mail', { exact: true }).fill('maria@exemplo.com');
    await dialog.getByTestId('extra-info-add').click();
    await dialog.getByLabel('Nome do campo', { exact: true }).fill('CPF');
    await dialog.getByLabel('Valor', { exact: true }).fill('123.456.789-00');
    await dialogsSettled();
    await shot(page, 'contacts-dialog');
    await dialog.getByTestId('contact-save').click();
    await seeText(page, 'Contato salvo com sucesso.');
    await dialog.waitFor({ state: 'detached' });
    const row = rowOf('Maria Souza');
    await row.waitFor();
    expect(await row.getByTestId('contact-number').innerText()).toBe('+5511988881234');

    await row.getByTestId('contact-edit').click();
    const edit = page.getByRole('dialog', { name: 'Editar contato' });
    expect(await edit.getByLabel('Valor', { exact: true }).inputValue()).toBe('123.456.789-00');
    await edit.getByLabel('Nome', { exact: true }).fill('Maria S. Souza');
    await edit.getByTestId('contact-save').click();
    await edit.waitFor({ state: 'detached' });
    await rowOf('Maria S. Souza').waitFor();
    const stored = await api<{ contacts: Array<{ name: string; extraInfo: unknown }> }>(
      'GET',
      '/contacts?searchParam=maria',
    );
    expect(stored.contacts).toEqual([
      expect.objectContaining({ name: 'Maria S. Souza', extraInfo: [{ name: 'CPF', value: '123.456.789-00' }] }),
    ]);
  });

  it('imports a 1,000-row .xlsx with 10 bad rows in chunks: 990 created, the 10 listed; again: nothing doubled', async () => {
    const base = 5511970000000;
    const { rows, reasons } = sheet(base);
    const file = await writeSheet('clientes.xlsx', [['Nome', 'Número', 'E-mail'], ...rows]);

    // Slow the uploads a little, so the progress bar can be seen (and photographed).
    const chunkSizes: number[] = [];
    await page.route('**/api/contacts/upload', async (route) => {
      chunkSizes.push((JSON.parse(route.request().postData() ?? '[]') as unknown[]).length);
      await new Promise((r) => setTimeout(r, 250));
      await route.continue();
    });
    await importSheet(file);
    const dialog = page.getByTestId('import-dialog');
    // Rows 10–17 break a rule the browser checks too; 18 and 19 only the server can know.
    expect(await dialog.getByTestId('import-preview').getAttribute('data-ready')).toBe('992');
    expect(await dialog.getByTestId('import-preview').getAttribute('data-refused')).toBe('8');
    await dialog.getByTestId('import-confirm').click();
    await dialog.getByText(/Enviando [2-8]00 de 1000 linhas/).waitFor();
    await dialogsSettled();
    await shot(page, 'contacts-import-progress');
    const summary = dialog.getByTestId('import-summary');
    await summary.waitFor({ timeout: 30_000 });
    expect(await summary.getAttribute('data-created')).toBe('990');
    expect(await summary.getAttribute('data-errors')).toBe('10');
    expect(await summary.innerText()).toContain('990 contatos criados. 10 linhas não importadas:');
    expect(chunkSizes).toEqual([200, 200, 200, 200, 200]);

    const listed = await dialog
      .getByTestId('import-error')
      .evaluateAll((items) =>
        items.map((li) => ({ name: li.getAttribute('data-name'), text: (li as HTMLElement).innerText })),
      );
    expect(listed).toHaveLength(10);
    for (const { name, reason } of reasons) {
      const item = listed.find((l) => l.name === name);
      expect(item, name).toBeDefined();
      expect(item!.text).toContain(name);
      expect(item!.text).toContain(reason);
    }
    await shot(page, 'contacts-import-result');
    await dialog.getByTestId('import-close').click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Contatos (991)' }).waitFor();
    const count = async () => (await api<{ count: number }>('GET', '/contacts?searchParam=cliente%20planilha')).count;
    expect(await count()).toBe(990);

    // The same file again: no contact is created twice; every row is reported as existing.
    chunkSizes.length = 0;
    await importSheet(file);
    await dialog.getByTestId('import-confirm').click();
    await summary.waitFor({ timeout: 30_000 });
    expect(await summary.getAttribute('data-created')).toBe('0');
    expect(await summary.getAttribute('data-errors')).toBe('1000');
    expect(await dialog.getByTestId('import-error').count()).toBe(1000);
    expect(await dialog.locator('[data-error="ERR_DUPLICATED_CONTACT"]').count()).toBe(992);
    await dialog.getByTestId('import-close').click();
    expect(await count()).toBe(990);
    await page.unroute('**/api/contacts/upload');

    // Anything but .xlsx is refused before reading.
    await page.getByTestId('contacts-import').click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('contacts-import-sheet').click();
    await (await chooser).setFiles({ name: 'contatos.csv', mimeType: 'text/csv', buffer: Buffer.from('a;b\n') });
    await seeText(page, 'Só é possível importar planilhas .xlsx.');
  });

  it('searches (lower-cased, debounced), scrolls for more, and exports contatos.csv with ; and quoting', async () => {
    await page.getByTestId('contact-row').first().waitFor();
    expect(await page.getByTestId('contact-row').count()).toBe(20);
    await page.getByTestId('contacts-table').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="contact-row"]').length >= 40);

    await page.getByTestId('contacts-search').locator('input').fill('MARIA');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="contact-row"]').length === 1);
    await rowOf('Maria S. Souza').waitFor();
    await page.getByTestId('contacts-search').locator('input').fill('');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="contact-row"]').length >= 20);

    // A name a spreadsheet would misread: the separator, quotes.
    await api('POST', '/contacts', { name: 'Silva; Ana "Aninha"', number: '5511955554444', email: '' });
    const download = page.waitForEvent('download');
    await page.getByTestId('contacts-export').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('contatos.csv');
    const text = await fs.readFile((await file.path())!, 'utf8');
    expect(text.startsWith('\uFEFFname;number;email\r\n')).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(1 + 992);
    expect(lines).toContain('Maria S. Souza;5511988881234;maria@exemplo.com');
    expect(lines).toContain(`Cliente Planilha 0000;${5511970000000};cliente0@exemplo.com`);
    expect(lines).toContain(`Cliente Planilha 0001;${5511970000001};`);
    expect(lines).toContain('"Silva; Ana ""Aninha""";5511955554444;');
  });

  it('starts a ticket from a contact: /tickets/{uuid}; another user’s open ticket is named', async () => {
    // A connection to open tickets on (the company's default), paired through the simulator API.
    const conn = await api<{ id: number }>('POST', '/whatsapp', { name: 'Balcão Sandbox', provider: 'sandbox' });
    let qrcode = '';
    for (let i = 0; i < 100 && !qrcode; i++) {
      const state = await api<{ status: string; qrcode: string }>('GET', `/sandbox/${conn.id}`);
      if (state.status === 'qrcode') qrcode = state.qrcode;
      else await new Promise((r) => setTimeout(r, 100));
    }
    await api('POST', `/sandbox/${conn.id}/scan`, { qrcode });

    await page.getByTestId('contacts-search').locator('input').fill('maria');
    await rowOf('Maria S. Souza').getByTestId('contact-start-ticket').click();
    const dialog = page.getByTestId('start-ticket-dialog');
    await dialog.getByText('Iniciar atendimento com Maria S. Souza').waitFor();
    await dialogsSettled();
    await shot(page, 'contacts-start-ticket');
    await dialog.getByTestId('start-ticket-confirm').click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    const uuid = page.url().split('/').pop();
    const ticket = await api<{ contact: { name: string }; userId: number; status: string }>(
      'GET',
      `/tickets/u/${uuid}`,
    );
    expect(ticket).toMatchObject({ contact: { name: 'Maria S. Souza' }, userId: adminId, status: 'open' });

    // Someone else is already serving this customer: the dialog says who.
    const staff = await api<{ id: number }>('POST', '/users', {
      name: 'Joana Atendente',
      email: 'joana@padaria.test',
      password: 'Joana-123',
    });
    const ana = await api<{ id: number }>('POST', '/contacts', { name: 'Ana Clara', number: '5511944442222' });
    await api('POST', '/tickets', { contactId: ana.id, userId: staff.id });
    await page.getByTestId('menu-contacts').click();
    await page.getByTestId('contacts-search').locator('input').fill('ana clara');
    await rowOf('Ana Clara').getByTestId('contact-start-ticket').click();
    await dialog.getByTestId('start-ticket-confirm').click();
    await dialog
      .getByTestId('other-open-ticket')
      .getByText('Este contato já está em atendimento com Joana Atendente na fila Sem fila.')
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/contacts');
    await dialog.getByRole('button', { name: 'Fechar' }).click();
  });

  it('deletes a contact after confirming', async () => {
    await page.getByTestId('contacts-search').locator('input').fill('silva');
    const row = rowOf('Silva; Ana');
    await row.getByTestId('contact-delete').click();
    await page.getByRole('dialog', { name: 'Excluir o contato Silva; Ana "Aninha"?' }).waitFor();
    await page.getByTestId('confirm-yes').click();
    await seeText(page, 'Contato excluído com sucesso.');
    await row.waitFor({ state: 'detached' });
    const left = await api<{ count: number }>('GET', '/contacts?searchParam=silva');
    expect(left.count).toBe(0);
    await page.getByTestId('contacts-search').locator('input').fill('');
  });
});

describe('phone numbers as Brazilians write them (issue 12.3)', () => {
  it('the import stores "(11) 94444-3333" as 5511944443333 and lists an invalid number with its reason; the dialog refuses it too', async () => {
    await page.getByTestId('menu-contacts').click();
    await page.waitForURL(/\/contacts$/);
    const file = await writeSheet('numeros.xlsx', [
      ['Nome', 'Telefone'],
      ['Ana Brasileira', '(11) 94444-3333'],
      ['Bruno Sem Nove', '(21) 8765-4321'],
      ['Carla Inválida', '(11) 04444-3333'],
      ['Davi Exterior', '+1 415 555 2671'],
    ]);
    await importSheet(file);
    const dialog = page.getByTestId('import-dialog');
    const preview = dialog.getByTestId('import-preview');
    expect(await preview.getAttribute('data-ready')).toBe('3');
    expect(await preview.getAttribute('data-refused')).toBe('1');
    const previewed = preview.getByTestId('import-preview-row');
    expect(await previewed.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-stored')))).toEqual([
      '5511944443333',
      '552187654321',
      '',
      '14155552671',
    ]);
    expect(await previewed.first().innerText()).toContain('(11) 94444-3333 → será salvo como +5511944443333');
    expect(await previewed.nth(2).innerText()).toContain('(11) 04444-3333 · Número: Número de telefone inválido');
    await dialogsSettled();
    await shot(page, 'contacts-import-preview');

    await dialog.getByTestId('import-confirm').click();
    const summary = dialog.getByTestId('import-summary');
    await summary.waitFor();
    expect(await summary.getAttribute('data-created')).toBe('3');
    expect(await summary.getAttribute('data-errors')).toBe('1');
    const refused = dialog.locator('[data-testid="import-error"][data-name="Carla Inválida"]');
    expect(await refused.getAttribute('data-error')).toBe('number.invalidNumber');
    expect(await refused.innerText()).toContain('Número: Número de telefone inválido');
    await shot(page, 'contacts-import-numbers-result');
    await dialog.getByTestId('import-close').click();
    await dialog.waitFor({ state: 'detached' });

    const stored = async (name: string) =>
      (await api<{ contacts: Array<{ number: string }> }>('GET', `/contacts?searchParam=${encodeURIComponent(name)}`))
        .contacts;
    expect(await stored('Ana Brasileira')).toEqual([expect.objectContaining({ number: '5511944443333' })]);
    expect(await stored('Bruno Sem Nove')).toEqual([expect.objectContaining({ number: '552187654321' })]);
    expect(await stored('Carla')).toEqual([]);
    await page.getByTestId('contacts-search').locator('input').fill('ana brasileira');
    expect(await rowOf('Ana Brasileira').getByTestId('contact-number').innerText()).toBe('+5511944443333');
    await page.getByTestId('contacts-search').locator('input').fill('');

    // The contact dialog reads numbers by the same rule.
    await page.getByTestId('contact-add').click();
    const add = page.getByRole('dialog', { name: 'Adicionar contato' });
    await add.getByText('DDD e número, ou + e o código do país').waitFor();
    await add.getByLabel('Nome', { exact: true }).fill('Eva Discada');
    await add.getByLabel('Número', { exact: true }).fill('(11) 04444-3333');
    await add.getByTestId('contact-save').click();
    await add.getByText('Número de telefone inválido').waitFor();
    await dialogsSettled();
    await shot(page, 'contacts-dialog-invalid-number');
    await add.getByLabel('Número', { exact: true }).fill('(11) 95555-1212');
    await add.getByTestId('contact-save').click();
    await add.waitFor({ state: 'detached' });
    expect(await stored('Eva Discada')).toEqual([expect.objectContaining({ number: '5511955551212' })]);

    // How the preview and the refusal read at 390 px, in each language.
    await page.setViewportSize({ width: 390, height: 844 });
    const language = async (lang: string) => {
      await page.getByTestId('language-menu').click();
      await page.getByTestId(`language-${lang}`).click();
      await page.getByRole('menu').waitFor({ state: 'detached' });
    };
    for (const lang of ['pt', 'en', 'es']) {
      if (lang !== 'pt') await language(lang);
      await importSheet(file);
      expect(await overflowsSideways(page)).toBe(false);
      await dialogsSettled();
      await shot(page, `contacts-390-import-preview-${lang}`);
      await page.getByTestId('import-cancel').click();
      await page.getByTestId('contact-add').click();
      await page.getByTestId('contact-dialog').locator('input[name="number"]').fill('(11) 04444-3333');
      await page.getByTestId('contact-save').click();
      await page.getByTestId('contact-dialog').locator('.Mui-error').first().waitFor();
      await dialogsSettled();
      await shot(page, `contacts-390-dialog-invalid-${lang}`);
      await page.keyboard.press('Escape');
      await page.getByTestId('contact-dialog').waitFor({ state: 'detached' });
    }
    await language('pt');
    await page.setViewportSize({ width: 1366, height: 860 });
  }, 120_000);
});

describe('top bar: volume and notifications', () => {
  it('the volume slider keeps 0–1 in steps of 0.1 as `volume`', async () => {
    await page.getByTestId('volume-button').click();
    const slider = page.getByRole('slider', { name: 'Volume das notificações' });
    await slider.focus();
    await slider.press('ArrowLeft');
    await slider.press('ArrowLeft');
    await slider.press('ArrowLeft');
    expect(await page.evaluate(() => localStorage.getItem('volume'))).toBe('0.7');
    await slider.press('ArrowRight');
    expect(await page.evaluate(() => localStorage.getItem('volume'))).toBe('0.8');
    await popoverSettled();
    // Each move lets the person hear the new volume.
    expect(await page.evaluate(() => (window as unknown as { __plays: number[] }).__plays)).toEqual([
      0.9, 0.8, 0.7, 0.8,
    ]);
    await shot(page, 'topbar-volume');
    await page.keyboard.press('Escape');
  });

  it('a customer’s message shows in the pop-over live, rings at that volume, pops a browser notification; a click opens the ticket', async () => {
    await page.getByTestId('notifications').click();
    await page.getByTestId('notifications-empty').waitFor();
    await page.keyboard.press('Escape');
    await page.evaluate(() => ((window as unknown as { __plays: number[] }).__plays.length = 0));

    const [conn] = await api<Array<{ id: number }>>('GET', '/whatsapp');
    await api('POST', `/sandbox/${conn!.id}/messages`, {
      number: '5511933332222',
      name: 'Rafael Cliente',
      body: 'Bom dia! Tem pão de queijo?',
    });
    await page.getByTestId('notifications-count').getByText('1', { exact: true }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __plays: number[] }).__plays)).toEqual([0.8]);
    expect(await page.evaluate(() => (window as unknown as { __notes: unknown[] }).__notes)).toEqual([
      { title: 'Rafael Cliente', body: 'Bom dia! Tem pão de queijo?' },
    ]);

    await page.getByTestId('notifications').click();
    const item = page.getByTestId('notification-item').filter({ hasText: 'Rafael Cliente' });
    await item.getByText('Bom dia! Tem pão de queijo?').waitFor();
    await item.getByText('Aguardando').waitFor();
    await popoverSettled();
    await shot(page, 'topbar-notifications');
    await item.click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    const uuid = page.url().split('/').pop();
    const ticket = await api<{ contact: { name: string }; status: string }>('GET', `/tickets/u/${uuid}`);
    expect(ticket).toMatchObject({ contact: { name: 'Rafael Cliente' }, status: 'pending' });
  });
});

describe('narrow screens', () => {
  it('the contacts page and the top bar fit 390 px', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/contacts');
    await page.getByTestId('contact-row').first().waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, 'contacts-390');
    await page.getByTestId('contacts-import').click();
    await shot(page, 'contacts-390-import-menu');
    await page.keyboard.press('Escape');
    await page.getByTestId('notifications').click();
    await page.getByTestId('notification-item').waitFor();
    await popoverSettled();
    await shot(page, 'topbar-390-notifications');
    await page.keyboard.press('Escape');
    await page.getByTestId('contact-add').click();
    await dialogsSettled();
    await shot(page, 'contacts-390-dialog');
    expect(await overflowsSideways(page)).toBe(false);
  });
});
