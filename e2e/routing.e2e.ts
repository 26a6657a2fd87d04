/**
 * The attendant's routing tools as an admin uses them (issue 5, acceptance 3): a two-level
 * chatbot menu built in the queue modal survives a reload and a customer chats through it from
 * the sandbox phone; a card dragged on the kanban board
 * (and moved with its keyboard menu) changes the ticket's tags as the API shows them; a quick
 * answer is made with an emoji and an attachment whose name loses its spaces.
 *
 * Setup that is not under test (a connection, a contact, a ticket) goes through the API with
 * the browser's own session: a second login would end it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startProduct, type Product } from './support/product.js';
import { overflowsSideways, seeText, shot, signInToTickets, signUpCompany, socketReady } from './support/ui.js';

let product: Product;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => {
  await product?.stop();
});

/** Calls the API from the page, with the page's access token. */
function browserApi<T = unknown>(page: Page, method: string, apiPath: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, apiPath, body }) => {
      const res = await fetch(`/api${apiPath}`, {
        method,
        headers: {
          authorization: `Bearer ${localStorage.getItem('token') ?? ''}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${apiPath} → ${res.status} ${text}`);
      return (text ? JSON.parse(text) : undefined) as T;
    },
    { method, apiPath, body },
  ) as Promise<T>;
}

/** Dialogs and pop-overs fade in: a screenshot waits until they are fully shown. */
const settled = (page: Page) =>
  page.waitForFunction(() =>
    [...document.querySelectorAll('.MuiDialog-container, .MuiPopover-paper')].every(
      (e) => getComputedStyle(e).opacity === '1',
    ),
  );

async function signedIn(company: { name: string; email: string; password: string }) {
  await signUpCompany(product.url, company);
  const page = await product.newPage({ width: 1366, height: 860 });
  const ready = socketReady(page);
  await signInToTickets(page, company.email, company.password);
  await ready;
  return page;
}

const option = (page: Page, number: string) =>
  page.locator(`[data-testid="queue-option"][data-option-number="${number}"]`);

/** Fills the new option's card (top level or under a parent) and saves it. */
async function fillNewOption(page: Page, title: string, message: string) {
  const draft = page.getByTestId('queue-option-new');
  await draft.getByLabel('Título').fill(title);
  await draft.getByLabel('Mensagem').fill(message);
  await draft.getByRole('button', { name: 'Salvar' }).click();
  await draft.waitFor({ state: 'detached' });
}

interface OptionRow {
  id: number;
  title: string;
  message: string;
  option: string;
  parentId: number | null;
}

describe('queues, kanban and quick answers', () => {
  it('an admin builds a two-level chatbot menu in the queue modal, and it is still there after a reload', async () => {
    const page = await signedIn({ name: 'Confeitaria Mel', email: 'dona@mel.test', password: 'Mel-12345' });
    await page.getByTestId('menu-queues').click();
    await page.waitForURL(/\/queues$/);
    await page.getByRole('heading', { name: 'Filas & Chatbot' }).waitFor();
    await page.getByTestId('empty-state').waitFor();
    await shot(page, 'queues-empty');

    // A new queue: name, a colour from the palette, a greeting. Options come once it exists.
    await page.getByRole('button', { name: 'Adicionar fila' }).click();
    const add = page.getByRole('dialog', { name: 'Adicionar fila' });
    await add.getByLabel('Nome', { exact: true }).fill('Encomendas');
    await add.getByRole('button', { name: 'Escolher cor' }).click();
    await page.getByTestId('color-palette').getByRole('button', { name: '#4CAF50' }).click();
    expect(await add.getByLabel('Cor', { exact: true }).inputValue()).toBe('#4CAF50');
    await add.getByLabel('Mensagem de saudação').fill('Olá! Escolha uma opção:');
    await add.getByTestId('queue-options-hint').waitFor();
    await settled(page);
    await shot(page, 'queues-dialog-new');
    await add.getByRole('button', { name: 'Salvar' }).click();
    await seeText(page, 'Fila salva com sucesso.');
    await add.waitFor({ state: 'detached' });
    const row = page.getByTestId('queue-row').filter({ hasText: 'Encomendas' });
    await row.waitFor();
    const queueId = Number(await row.getAttribute('data-queue-id'));

    // The option tree: two options, a sub-option under the first, then a rename.
    await row.getByRole('button', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar fila' });
    await edit.getByTestId('queue-options-empty').waitFor();
    await edit.getByRole('button', { name: 'Adicionar opção' }).click();
    await fillNewOption(page, 'Bolos', 'Nossos bolos saem em 48 horas.');
    await option(page, '1').waitFor();
    await edit.getByRole('button', { name: 'Adicionar opção' }).click();
    await fillNewOption(page, 'Entregas', 'Entregamos em toda a cidade.');
    await option(page, '2').waitFor();
    await option(page, '1').getByRole('button', { name: 'Sub-opção' }).click();
    expect(await page.getByTestId('queue-option-new').getAttribute('data-option-number')).toBe('1.1');
    await fillNewOption(page, 'Bolo de festa', 'Informe a data e o número de convidados.');
    await option(page, '1.1').waitFor();
    await option(page, '2').getByLabel('Título').fill('Entregas e retiradas');
    await option(page, '2').getByRole('button', { name: 'Salvar' }).click();
    await option(page, '2').getByRole('button', { name: 'Salvar' }).waitFor({ state: 'detached' });
    await settled(page);
    await shot(page, 'queues-dialog-options');
    await edit.getByRole('button', { name: 'Cancelar' }).click();
    await edit.waitFor({ state: 'detached' });

    // After a reload the modal shows the same tree, read back from the server.
    await page.reload();
    await page
      .getByTestId('queue-row')
      .filter({ hasText: 'Encomendas' })
      .getByRole('button', { name: 'Editar' })
      .click();
    await option(page, '1.1').waitFor();
    expect(await option(page, '1').getByLabel('Título').inputValue()).toBe('Bolos');
    expect(await option(page, '1').getByLabel('Mensagem').inputValue()).toBe('Nossos bolos saem em 48 horas.');
    expect(await option(page, '2').getByLabel('Título').inputValue()).toBe('Entregas e retiradas');
    expect(await option(page, '1.1').getByLabel('Título').inputValue()).toBe('Bolo de festa');
    const top = await browserApi<OptionRow[]>(page, 'GET', `/queue-options?queueId=${queueId}&parentId=-1`);
    expect(top.map((o) => [o.option, o.title, o.parentId])).toEqual([
      ['1', 'Bolos', null],
      ['2', 'Entregas e retiradas', null],
    ]);
    const sub = await browserApi<OptionRow[]>(page, 'GET', `/queue-options?queueId=${queueId}&parentId=${top[0]!.id}`);
    expect(sub.map((o) => [o.option, o.title, o.message])).toEqual([
      ['1', 'Bolo de festa', 'Informe a data e o número de convidados.'],
    ]);

    // A customer chats through that menu from the sandbox phone: a connection serving this one
    // queue (with its greeting on), paired by the simulator.
    await browserApi(page, 'PUT', '/settings/sendGreetingMessageOneQueues', { value: 'enabled' });
    const conn = await browserApi<{ id: number }>(page, 'POST', '/whatsapp', {
      name: 'Loja Mel',
      provider: 'sandbox',
      queueIds: [queueId],
    });
    const sim = await page.context().newPage();
    await sim.goto(`/connections/${conn.id}/simulator`);
    await sim.getByRole('button', { name: 'Ler o QR Code' }).click();
    await sim.getByTestId('simulator-paired').waitFor();
    await sim.getByLabel('Número (com DDI e DDD)').fill('+55 11 96666-1234');
    await sim.getByLabel('Nome', { exact: true }).fill('Rita Lima');
    await sim.getByRole('button', { name: 'Adicionar cliente' }).click();
    await sim.getByTestId('simulator-chat').getByText('Rita Lima').waitFor();
    const write = async (text: string) => {
      await sim.getByLabel('Mensagem', { exact: true }).fill(text);
      await sim.getByLabel('Mensagem', { exact: true }).press('Enter');
    };
    const fromBusiness = () => sim.locator('[data-testid="phone-message"][data-from="business"]').allInnerTexts();
    const waitForBusiness = async (count: number) => {
      await sim
        .locator('[data-testid="phone-message"][data-from="business"]')
        .nth(count - 1)
        .waitFor();
      return fromBusiness();
    };
    await write('Oi, boa tarde');
    const [menu] = await waitForBusiness(1);
    expect(menu).toContain('Olá! Escolha uma opção:');
    expect(menu).toMatch(/1\*? - Bolos/);
    expect(menu).toMatch(/2\*? - Entregas e retiradas/);
    // Option 1 has one sub-option: its level advances by itself to the sub-option's message.
    await write('1');
    const afterPick = await waitForBusiness(2);
    expect(afterPick[1]).toContain('Informe a data e o número de convidados.');
    // "#" is the main menu again; option 2 is a leaf with its own message.
    await write('#');
    await waitForBusiness(3);
    await write('2');
    const replies = await waitForBusiness(4);
    expect(replies[3]).toContain('Entregamos em toda a cidade.');
    expect(replies).toHaveLength(4);
    await shot(sim, 'queues-chatbot-phone');
    await sim.close();

    // Deleting the first option takes its sub-option with it; the other becomes option 1.
    await option(page, '1').getByRole('button', { name: 'Excluir' }).click();
    await page.getByRole('dialog', { name: 'Excluir a opção Bolos?' }).getByRole('button', { name: 'Excluir' }).click();
    await seeText(page, 'Opção excluída.');
    await option(page, '2').waitFor({ state: 'detached' });
    expect(await option(page, '1').getByLabel('Título').inputValue()).toBe('Entregas e retiradas');
    await page.getByRole('dialog', { name: 'Editar fila' }).getByRole('button', { name: 'Cancelar' }).click();

    // With per-queue hours (setting scheduleType "queue") the modal has the hours tab.
    await browserApi(page, 'PUT', '/settings/scheduleType', { value: 'queue' });
    await page.reload();
    await page.getByTestId('queue-row').getByRole('button', { name: 'Editar' }).click();
    const hours = page.getByRole('dialog', { name: 'Editar fila' });
    await hours.getByLabel('Mensagem fora do expediente').fill('Estamos fechados agora; voltamos às 8h.');
    await hours.getByRole('tab', { name: 'Horários de atendimento' }).click();
    expect(await hours.getByLabel('Sábado — Fim').inputValue()).toBe('12:00');
    expect(await hours.getByLabel('Domingo — Início').inputValue()).toBe('00:00');
    await hours.getByLabel('Sábado — Fim').fill('13:00');
    await settled(page);
    await shot(page, 'queues-dialog-hours');
    await hours.getByRole('button', { name: 'Salvar' }).click();
    await seeText(page, 'Fila salva com sucesso.');
    await hours.waitFor({ state: 'detached' });
    const saved = await browserApi<{ outOfHoursMessage: string; schedules: Array<{ weekdayEn: string }> }>(
      page,
      'GET',
      `/queue/${queueId}`,
    );
    expect(saved.outOfHoursMessage).toBe('Estamos fechados agora; voltamos às 8h.');
    expect(saved.schedules.find((d) => d.weekdayEn === 'saturday')).toMatchObject({
      startTime: '08:00',
      endTime: '13:00',
    });

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, 'queues-390');
    await page.getByTestId('queue-row').getByRole('button', { name: 'Editar' }).click();
    await option(page, '1').waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    await settled(page);
    await shot(page, 'queues-dialog-390');
    await page.context().close();
  }, 120_000);

  it('a card dragged to a lane, then moved with its menu, changes the ticket tags', async () => {
    const page = await signedIn({ name: 'Floricultura Lis', email: 'dono@lis.test', password: 'Lis-12345' });
    // A ticket to move: a sandbox connection, a contact and an open ticket (setup, via the API).
    await browserApi(page, 'POST', '/whatsapp', { name: 'Loja Lis', provider: 'sandbox' });
    const contact = await browserApi<{ id: number }>(page, 'POST', '/contacts', {
      name: 'Marina Costa',
      number: '5511988887777',
    });
    const ticket = await browserApi<{ id: number; uuid: string }>(page, 'POST', '/tickets', { contactId: contact.id });

    // Two lane tags and a plain one, made on the tags page.
    await page.getByTestId('menu-tags').click();
    await page.waitForURL(/\/tags$/);
    await page.getByTestId('empty-state').waitFor();
    for (const [name, kanban] of [
      ['Orçamento', true],
      ['Produção', true],
      ['Cliente fiel', false],
    ] as const) {
      await page.getByRole('button', { name: 'Adicionar tag' }).click();
      const dialog = page.getByRole('dialog', { name: 'Adicionar tag' });
      await dialog.getByLabel('Nome', { exact: true }).fill(name);
      if (kanban) await dialog.getByLabel('Kanban').check();
      if (name === 'Produção') {
        await settled(page);
        await shot(page, 'tags-dialog');
      }
      await dialog.getByRole('button', { name: 'Salvar' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByTestId('tag-row').filter({ hasText: name }).waitFor();
    }
    await shot(page, 'tags');
    const tagId = async (name: string) =>
      Number(await page.getByTestId('tag-row').filter({ hasText: name }).getAttribute('data-tag-id'));
    const [budget, production] = [await tagId('Orçamento'), await tagId('Produção')];
    await page.getByTestId('tags-search').locator('input').fill('orç');
    await expect.poll(() => page.getByTestId('tag-row').count()).toBe(1);

    await page.getByTestId('menu-kanban').click();
    await page.waitForURL(/\/kanban$/);
    const lane = (id: string | number) => page.locator(`[data-testid="kanban-lane"][data-lane="${id}"]`);
    const card = page.locator(`[data-testid="kanban-card"][data-ticket-id="${ticket.id}"]`);
    await lane('open').locator(`[data-ticket-id="${ticket.id}"]`).waitFor();
    await card.getByText('Marina Costa').waitFor();
    await card.getByText('5511988887777').waitFor();
    await shot(page, 'kanban');

    // Drag: the card lands in "Orçamento" and the ticket carries that tag.
    await card.dragTo(lane(budget));
    await seeText(page, 'Tag adicionada ao atendimento.');
    await lane(budget).locator(`[data-ticket-id="${ticket.id}"]`).waitFor();
    const tagsOf = async () =>
      (await browserApi<{ tags: Array<{ name: string }> }>(page, 'GET', `/tickets/${ticket.id}`)).tags.map(
        (t) => t.name,
      );
    await expect.poll(tagsOf).toEqual(['Orçamento']);

    // Keyboard alternative: the card's "move to" menu.
    await card.getByRole('button', { name: 'Mover para…' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Produção' }).waitFor();
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    await expect.poll(focused).toBe('Em aberto');
    await page.keyboard.press('ArrowDown');
    await expect.poll(focused).toBe('Produção');
    await page.keyboard.press('Enter');
    await seeText(page, 'Tag removida do atendimento.');
    await lane(production).locator(`[data-ticket-id="${ticket.id}"]`).waitFor();
    await expect.poll(tagsOf).toEqual(['Produção']);
    await shot(page, 'kanban-moved');

    // The board follows changes made elsewhere: the tag goes back to the open lane.
    await browserApi(page, 'DELETE', `/ticket-tags/${ticket.id}`);
    await lane('open').locator(`[data-ticket-id="${ticket.id}"]`).waitFor({ timeout: 10_000 });

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, 'kanban-390');
    await page.goto('/tags');
    await page.getByTestId('tag-row').first().waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, 'tags-390');

    // Dark mode, as a person who prefers it sees the board.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/kanban');
    await lane('open').locator(`[data-ticket-id="${ticket.id}"]`).waitFor();
    await shot(page, 'kanban-390-dark');
    await page.context().close();
  }, 120_000);

  it('an admin creates a quick answer with an emoji and an attachment', async () => {
    const page = await signedIn({ name: 'Padaria Trigo', email: 'dona@trigo.test', password: 'Trigo-123' });
    await page.getByTestId('menu-quick-messages').click();
    await page.waitForURL(/\/quick-messages$/);
    await page.getByRole('heading', { name: 'Respostas rápidas' }).waitFor();
    await page.getByTestId('empty-state').waitFor();

    await page.getByRole('button', { name: 'Adicionar resposta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar resposta rápida' });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.getByText('Obrigatório').waitFor();
    await dialog.getByLabel('Atalho').fill('cardapio');
    await dialog.getByLabel('Mensagem', { exact: true }).fill('Segue nosso cardápio da semana ');
    // The picker loads on first use; the emoji goes where the caret is.
    await dialog.getByRole('button', { name: 'Inserir emoji' }).click();
    const picker = page.getByTestId('emoji-picker');
    await picker.locator('input').first().fill('croissant');
    await picker.locator('[data-epr-unified="1f950"]').first().click();
    await picker.waitFor({ state: 'detached' });
    expect(await dialog.getByLabel('Mensagem', { exact: true }).inputValue()).toBe('Segue nosso cardápio da semana 🥐');
    await dialog.getByLabel('Compartilhar com toda a empresa').check();
    await dialog.getByTestId('quick-message-file').setInputFiles({
      name: 'cardapio da semana.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
    });
    await dialog.getByTestId('quick-message-attachment').getByText('cardapio_da_semana.pdf').waitFor();
    await settled(page);
    await shot(page, 'quick-messages-dialog');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await seeText(page, 'Resposta rápida salva com sucesso.');
    await dialog.waitFor({ state: 'detached' });

    const row = page.getByTestId('quick-message-row').filter({ hasText: '/cardapio' });
    await row.getByTestId('quick-message-media').getByText('cardapio_da_semana.pdf').waitFor();
    const id = Number(await row.getAttribute('data-record-id'));
    const stored = await browserApi<{ shortcode: string; message: string; geral: boolean; mediaName: string }>(
      page,
      'GET',
      `/quick-messages/${id}`,
    );
    expect(stored).toMatchObject({
      shortcode: 'cardapio',
      message: 'Segue nosso cardápio da semana 🥐',
      geral: true,
      mediaName: 'cardapio_da_semana.pdf',
    });
    await shot(page, 'quick-messages');

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, 'quick-messages-390');

    // Dark mode, as a person who prefers it sees the page.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.evaluate(() => localStorage.removeItem('preferredTheme'));
    await page.setViewportSize({ width: 1366, height: 860 });
    await page.reload();
    await row.waitFor();
    await row.getByRole('button', { name: 'Editar' }).click();
    await page
      .getByRole('dialog', { name: 'Editar resposta rápida' })
      .getByRole('button', { name: 'Inserir emoji' })
      .click();
    await page.getByTestId('emoji-picker').locator('input').first().waitFor();
    await settled(page);
    await shot(page, 'quick-messages-dark');
    await page.context().close();
  }, 120_000);
});
