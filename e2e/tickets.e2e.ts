/**
 * The ticket area as an attendant uses it (operations §2–§4; issue 4 acceptance 3): with a
 * sandbox connection, a customer writes from the simulated phone; the pending ticket appears
 * live (it does not open on click); the attendant accepts it, replies with text and a picture,
 * and the customer's phone shows both with their ticks (which turn to read on the attendant's
 * side once the phone reads them). The contact drawer takes a note; the ticket is transferred to
 * another queue, resolved, and — userRating on — the customer's "3" closes it with rating 3.
 * Then the new-ticket dialog (ERR_OTHER_OPEN_TICKET: someone else's ticket is named, one's own
 * is opened) and the unauthorized redirect. Screenshots (wide and 390 px, light and dark) go to
 * $E2E_SHOTS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
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

const COMPANY = 'Padaria Estrela';
const EMAIL = 'dono@estrela.test';
const PASSWORD = 'Estrela-1234';
const RATING_ASK = 'Como foi o atendimento? Responda 1, 2 ou 3.';

interface Ids {
  whatsappId: number;
  vendas: number;
  suporte: number;
  adminId: number;
}

let product: Product;
let ids: Ids;

/** A small PNG the browser draws itself, as a photo of the cake. */
const cakePicture = (page: Page) =>
  page
    .evaluate(() => {
      const c = document.createElement('canvas');
      c.width = 160;
      c.height = 100;
      const g = c.getContext('2d')!;
      g.fillStyle = '#ffcc80';
      g.fillRect(0, 0, 160, 100);
      g.fillStyle = '#6d4c41';
      g.beginPath();
      g.arc(80, 50, 34, 0, Math.PI * 2);
      g.fill();
      return c.toDataURL('image/png').split(',')[1]!;
    })
    .then((b64) => Buffer.from(b64, 'base64'));

/** The browser's own access token: API checks without a new login (which would end its session). */
const pageToken = (page: Page) => page.evaluate(() => localStorage.getItem('token') ?? '');

/** Dialogs and drawers slide in: a screenshot waits for them to settle. */
const settled = (page: Page) =>
  page.waitForFunction(() =>
    [...document.querySelectorAll('.MuiDialog-container, .MuiDrawer-paper')].every(
      (e) => getComputedStyle(e).opacity === '1' && getComputedStyle(e).transform === 'none',
    ),
  );

beforeAll(async () => {
  product = await startProduct();
  await signUpCompany(product.url, { name: COMPANY, email: EMAIL, password: PASSWORD });
  // Setup through the API before the browser signs in (a login ends the other sessions).
  const token = await apiToken(product.url, EMAIL, PASSWORD);
  const me = await callApi<{ id: number }>(product.url, 'GET', '/auth/me', undefined, token);
  const queue = (name: string, color: string) =>
    callApi<{ id: number }>(product.url, 'POST', '/queue', { name, color, greetingMessage: `Fila ${name}` }, token);
  const vendas = await queue('Vendas', '#2e7d32');
  const suporte = await queue('Suporte', '#1565c0');
  await callApi(product.url, 'PUT', `/users/${me.id}`, { queueIds: [vendas.id] }, token);
  await callApi(product.url, 'PUT', '/settings/userRating', { value: 'enabled' }, token);
  const conn = await callApi<{ id: number }>(
    product.url,
    'POST',
    '/whatsapp',
    {
      name: 'Balcão Estrela',
      provider: 'sandbox',
      isDefault: true,
      ratingMessage: RATING_ASK,
      complationMessage: 'Obrigado pela preferência!',
    },
    token,
  );
  ids = { whatsappId: conn.id, vendas: vendas.id, suporte: suporte.id, adminId: me.id };
});
afterAll(async () => {
  await product?.stop();
});

const item = (page: Page, list: string, name: string) =>
  page.getByTestId(`tickets-list-${list}`).getByTestId('ticket-item').filter({ hasText: name });
const phoneMessage = (sim: Page, text: string) => sim.getByTestId('phone-message').filter({ hasText: text });

describe('the ticket area', () => {
  it('a customer writes, the attendant accepts, replies with text and a picture, transfers, resolves, and the customer rates 3', async () => {
    const page = await product.newPage({ width: 1366, height: 860 });
    const ready = socketReady(page);
    await signInToTickets(page, EMAIL, PASSWORD);
    await ready;
    await page.getByTestId('tickets-welcome').waitFor();
    // The connection has no queues: its new tickets wait queueless (an admin sees waiting tickets
    // anyway; "all" also shows the ones other people attend).
    await page.getByLabel('Todos', { exact: true }).check();
    await page.getByTestId('tab-pending').click();
    await page.getByTestId('tickets-list-pending').getByTestId('empty-state').waitFor();

    // The simulated phone pairs the connection and a customer writes.
    const sim = await page.context().newPage();
    await sim.goto(`/connections/${ids.whatsappId}/simulator`);
    await sim.getByRole('button', { name: 'Ler o QR Code' }).click();
    await sim.getByTestId('simulator-paired').waitFor();
    await sim.getByLabel('Número (com DDI e DDD)').fill('+55 11 97777-1234');
    await sim.getByLabel('Nome', { exact: true }).fill('Maria Souza');
    await sim.getByRole('button', { name: 'Adicionar cliente' }).click();
    await sim.getByTestId('simulator-chat').getByText('Maria Souza').waitFor();
    await sim.getByLabel('Mensagem', { exact: true }).fill('Bom dia! Vocês fazem bolo de cenoura?');
    await sim.getByLabel('Mensagem', { exact: true }).press('Enter');

    // The pending ticket appears live, counted, with its unread message; a click does not open it.
    const pending = item(page, 'pending', 'Maria Souza');
    await pending.waitFor();
    await page.locator('[data-testid="count-pending"][data-count="1"]').waitFor();
    expect(await pending.getByTestId('ticket-last-message').innerText()).toBe('Bom dia! Vocês fazem bolo de cenoura?');
    expect(await pending.getByTestId('ticket-queue').innerText()).toBe('Sem fila');
    await pending.getByTestId('ticket-contact').click();
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/tickets');
    await shot(page, 'tickets-wide-light-pending');

    // Accept: the ticket opens, assigned to the attendant, and leaves the pending list.
    await pending.getByTestId('ticket-accept').click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    const panel = page.getByTestId('ticket-panel');
    await page.locator('[data-testid="ticket-panel"][data-status="open"]').waitFor();
    const ticketId = Number(await panel.getAttribute('data-ticket-id'));
    await panel.getByText(`Atribuído a ${COMPANY}`).waitFor();
    await page.getByTestId('messages-thread').getByText('Bom dia! Vocês fazem bolo de cenoura?').waitFor();
    await pending.waitFor({ state: 'detached' });

    // A text reply (Enter sends; signOption is on by default and signs with the name)…
    const input = page.getByTestId('composer-input');
    await input.fill('Fazemos sim! Fica pronto amanhã às 10h.');
    await input.press('Enter');
    const reply = page
      .locator('[data-testid="thread-message"][data-from-me="true"]')
      .filter({ hasText: 'Fazemos sim!' });
    await reply.waitFor();
    // Shown as the phone shows it: the name in bold.
    expect(await reply.getByTestId('message-body').innerText()).toBe(
      `${COMPANY}:\nFazemos sim! Fica pronto amanhã às 10h.`,
    );
    expect(await reply.locator('strong').innerText()).toBe(COMPANY);
    expect(await input.inputValue()).toBe('');
    // … and a picture.
    await page
      .getByTestId('composer-file')
      .setInputFiles({ name: 'bolo.png', mimeType: 'image/png', buffer: await cakePicture(page) });
    await page.getByTestId('composer-files').getByText('bolo.png').waitFor();
    await page.getByTestId('composer-send').click();
    const sentPicture = page.locator('[data-testid="thread-message"][data-from-me="true"][data-media-type="image"]');
    await sentPicture.waitFor();
    // The attendant's thread shows the picture itself, fetched from the message's media address.
    await sentPicture.getByTestId('message-image').waitFor();

    // The customer's phone shows both, with ticks.
    const textOnPhone = phoneMessage(sim, 'Fazemos sim! Fica pronto amanhã às 10h.');
    await textOnPhone.waitFor();
    expect(await textOnPhone.getAttribute('data-from')).toBe('business');
    await textOnPhone.locator('[data-testid="message-ticks"][data-ack="2"]').waitFor();
    const pictureOnPhone = sim
      .locator('[data-testid="phone-message"][data-from="business"]')
      .filter({ has: sim.locator('img') });
    await pictureOnPhone.waitFor();
    await pictureOnPhone.locator('[data-testid="message-ticks"][data-ack="2"]').waitFor();
    await shot(sim, 'tickets-simulator-phone');

    // The phone reads them: the attendant's ticks turn to read, live.
    await sim.getByTestId('simulator-mark-read').click();
    await reply.locator('[data-testid="message-ticks"][data-ack="4"]').waitFor();

    // The contact drawer: details and a note. (The attendant's tab comes to the front: a
    // background tab's transitions stand still, and its screenshots would show them half-way.)
    await page.bringToFront();
    await page.getByTestId('ticket-contact-button').click();
    const drawer = page.getByTestId('contact-drawer');
    await drawer.getByTestId('contact-name').getByText('Maria Souza').waitFor();
    await drawer.getByText('+5511977771234').waitFor();
    await drawer.getByTestId('note-input').fill('Prefere retirar na loja.');
    await drawer.getByTestId('note-save').click();
    await seeText(page, 'Observação salva com sucesso!');
    await drawer.getByTestId('note').filter({ hasText: 'Prefere retirar na loja.' }).waitFor();
    await settled(page);
    await shot(page, 'tickets-wide-light-drawer');
    await drawer.getByTestId('contact-drawer-close').click();
    await drawer.waitFor({ state: 'detached' });
    await shot(page, 'tickets-wide-light');

    // Dark, then a 390 px phone (two tabs): nothing sticks out sideways.
    await page.getByTestId('theme-toggle').click();
    await page.waitForTimeout(1000); // colours fade to the new theme
    await shot(page, 'tickets-wide-dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('ticket-panel').waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, 'tickets-narrow-dark-chat');
    await page.getByTestId('tab-list').click();
    await page.getByTestId('tab-assigned').click();
    // Names are cut at 10 characters on small screens.
    const short = item(page, 'open', 'Maria Souz…');
    await short.waitFor();
    expect(await short.getByTestId('ticket-contact').innerText()).toBe('Maria Souz…');
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, 'tickets-narrow-dark-list');
    await page.getByTestId('theme-toggle').click();
    await page.waitForTimeout(500);
    await shot(page, 'tickets-narrow-light-list');
    await page.getByTestId('tab-chat').click();
    await shot(page, 'tickets-narrow-light-chat');
    await page.setViewportSize({ width: 1366, height: 860 });

    // Transfer to Suporte, to the attendant themself: back to the list, the ticket under its new queue.
    await page.getByTestId('ticket-more').click();
    await page.getByTestId('ticket-transfer').click();
    const transfer = page.getByTestId('transfer-dialog');
    await transfer.getByRole('button', { name: 'Transferir' }).click();
    await transfer.getByText('Escolha a fila de destino').waitFor();
    await transfer.locator('select[name="queueId"]').selectOption({ label: 'Suporte' });
    await transfer.getByTestId('transfer-user').fill('Pad');
    await page.getByRole('option', { name: COMPANY }).click();
    await settled(page);
    await shot(page, 'tickets-wide-light-transfer');
    await transfer.getByRole('button', { name: 'Transferir' }).click();
    await seeText(page, 'Transferido para Suporte.');
    await page.waitForURL(/\/tickets$/);
    await page.getByTestId('tab-assigned').click();
    const moved = item(page, 'open', 'Maria Souza');
    await moved.getByTestId('ticket-queue').getByText('Suporte').waitFor();

    // Resolve: the rating request goes out and the ticket waits for the answer.
    await moved.click();
    await page.getByTestId('ticket-header-queue').getByText('Suporte').waitFor();
    await page.getByTestId('ticket-resolve').click();
    await page.waitForURL(/\/tickets$/);
    await phoneMessage(sim, RATING_ASK).waitFor();
    await sim.getByLabel('Mensagem', { exact: true }).fill('3');
    await sim.getByLabel('Mensagem', { exact: true }).press('Enter');
    await phoneMessage(sim, 'Obrigado pela preferência!').waitFor();

    // Closed, live: it leaves the open list; the closed tab shows it with its rating.
    await moved.waitFor({ state: 'detached' });
    await page.getByTestId('tab-closed').click();
    await item(page, 'closed', 'Maria Souza').click();
    await page.locator('[data-testid="ticket-rating"][data-rating="3"]').waitFor();
    expect(await page.getByTestId('composer-input').isDisabled()).toBe(true);
    await page.getByTestId('ticket-reopen').waitFor();
    const ticket = await callApi<{ rating: number | null; status: string }>(
      product.url,
      'GET',
      `/tickets/${ticketId}`,
      undefined,
      await pageToken(page),
    );
    expect(ticket).toMatchObject({ status: 'closed', rating: 3 });
    await sim.close();
    await page.context().close();
  }, 180_000);

  it('new ticket: someone else’s live ticket is named, one’s own is opened; a ticket out of reach goes back to /tickets', async () => {
    // A colleague of Vendas already attends João (set up with the colleague's own session).
    const page = await product.newPage({ width: 1366, height: 860 });
    await signInToTickets(page, EMAIL, PASSWORD);
    const admin = await pageToken(page);
    await callApi(
      product.url,
      'POST',
      '/users',
      {
        name: 'Bruno Lima',
        email: 'bruno@estrela.test',
        password: 'Bruno-1234',
        profile: 'user',
        queueIds: [ids.vendas],
      },
      admin,
    );
    const joao = await callApi<{ id: number }>(
      product.url,
      'POST',
      '/contacts',
      { name: 'João Pereira', number: '5511966665555' },
      admin,
    );
    await callApi(product.url, 'POST', '/contacts', { name: 'Ana Ribeiro', number: '5511955554444' }, admin);
    const bruno = await apiToken(product.url, 'bruno@estrela.test', 'Bruno-1234');
    await callApi(product.url, 'POST', '/tickets', { contactId: joao.id, queueId: ids.vendas }, bruno);

    const newTicket = async (search: string, name: string) => {
      await page.getByTestId('new-ticket').click();
      const dialog = page.getByTestId('new-ticket-dialog');
      await dialog.getByTestId('contact-search').fill(search.slice(0, 2));
      await page.getByText('Digite ao menos 3 caracteres').waitFor();
      await dialog.getByTestId('contact-search').fill(search);
      await page.getByRole('option', { name: new RegExp(name) }).click();
      await dialog.locator('select[name="queueId"]').selectOption({ label: 'Vendas' });
      await dialog.getByTestId('new-ticket-save').click();
      return dialog;
    };

    // João: Bruno has him — the dialog says who and where.
    const dialog = await newTicket('joão', 'João Pereira');
    const other = page.getByTestId('other-open-ticket');
    await other.getByText('Este contato já tem um atendimento aberto com Bruno Lima na fila Vendas.').waitFor();
    await settled(page);
    await shot(page, 'tickets-wide-light-other-open');
    await other.getByRole('button', { name: 'Fechar' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Ana: a new ticket, opened and assigned; asking again opens the same one.
    await newTicket('ana r', 'Ana Ribeiro');
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    const first = page.url();
    await page.locator('[data-testid="ticket-panel"][data-status="open"]').waitFor();
    await page.getByTestId('ticket-header-queue').getByText('Vendas').waitFor();
    await page.getByTestId('tickets-welcome').waitFor({ state: 'detached' });
    await page.goto('/tickets');
    // The composer reads the quick answers as it opens: before the one made below exists.
    const quickRead = page.waitForResponse((r) => r.url().includes('/api/quick-messages/list'));
    await newTicket('ana r', 'Ana Ribeiro');
    await page.waitForURL(first);

    // Quick answer: "/" and a letter list the answers (labels cut at 35); Enter puts the text in.
    // Made after the composer read its list (no answer yet): the new answer's event makes it read
    // the list again, with no reload.
    await quickRead;
    const input = page.getByTestId('composer-input');
    await input.fill('/ent');
    expect(await page.getByTestId('quick-answers').count()).toBe(0);
    await input.fill('');
    await callApi(
      product.url,
      'POST',
      '/quick-messages',
      { shortcode: 'entrega', message: 'Entregamos em até 2 horas na região.' },
      admin,
    );
    await input.fill('/ent');
    const answer = page.getByTestId('quick-answers').getByTestId('quick-answer');
    expect(await answer.innerText()).toBe('entrega - Entregamos em até 2 horas...');
    await input.press('Enter');
    expect(await input.inputValue()).toBe('Entregamos em até 2 horas na região.');
    await page.getByTestId('composer-sign').click(); // unsigned from now on (kept in local storage)
    await input.press('Enter');
    const sent = page
      .locator('[data-testid="thread-message"][data-from-me="true"]')
      .filter({ hasText: 'Entregamos em até 2 horas' });
    await sent.waitFor();
    expect(await sent.getByTestId('message-body').innerText()).toBe('Entregamos em até 2 horas na região.');
    expect(await page.evaluate(() => localStorage.getItem('signOption'))).toBe('false');

    // Reply quotes it; delete marks one's own message deleted.
    await sent.getByTestId('message-actions').click();
    await page.getByTestId('message-reply').click();
    await page.getByTestId('composer-reply').getByText('Entregamos em até 2 horas na região.').waitFor();
    await input.fill('Pode confirmar o endereço?');
    await input.press('Enter');
    const replied = page.getByTestId('thread-message').filter({ hasText: 'Pode confirmar o endereço?' });
    await replied.getByTestId('quoted-message').getByText('Entregamos em até 2 horas na região.').waitFor();
    await page.getByTestId('composer-reply').waitFor({ state: 'detached' });
    await replied.getByTestId('message-actions').click();
    await page.getByTestId('message-delete').click();
    await page.getByTestId('confirm-yes').click();
    await replied.getByTestId('message-deleted').waitFor();

    // Peek (admins) at João's ticket without opening it.
    await page.getByTestId('tab-assigned').click();
    await item(page, 'open', 'João Pereira').getByTestId('ticket-peek').click();
    const peek = page.getByTestId('peek-dialog');
    await peek.getByText('João Pereira · #').waitFor();
    await peek.getByTestId('thread-empty').waitFor();
    await peek.getByRole('button', { name: 'Fechar' }).click();
    await peek.waitFor({ state: 'detached' });
    expect(page.url()).toBe(first);

    // Search: lower-cased text finds Ana; clearing it goes back to the open tab.
    await page.getByTestId('tab-search').click();
    await page.getByTestId('search-hint').waitFor();
    await page.getByTestId('ticket-search').fill('RIBEIRO');
    await item(page, 'search', 'Ana Ribeiro').waitFor();
    expect(await page.getByTestId('tickets-list-search').getByTestId('ticket-item').count()).toBe(1);
    await page.getByTestId('ticket-search').fill('');
    await page.getByTestId('tab-assigned').waitFor();

    // A ticket that does not exist (or is out of reach) answers 404: notice, back to /tickets.
    await page.goto('/tickets/999999');
    await seeText(page, 'Você não tem acesso a este atendimento.');
    await page.waitForURL(/\/tickets$/);
    await page.context().close();
  }, 120_000);
});
