/**
 * Connections as an admin uses them (foundation §2 connections page, §4 session states; issue 3
 * acceptance 5): a sandbox connection is created on /connections, its QR code shown, the
 * simulator pairs it and writes as a customer, the page follows live, and the customer's
 * message is stored on a pending ticket.
 *
 * Proof of the stored message: the simulator's conversation is read from the stored messages
 * (not from the browser), each with its ticket; the customer's bubble carries that ticket's id
 * and status ("pending"). The server test (sandbox.integration-test.ts) checks the rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startProduct, type Product } from './support/product.js';
import { overflowsSideways, seeText, shot, signInToTickets, signUpCompany, socketReady } from './support/ui.js';

/** A small picture drawn by the browser itself (PNG), as a customer would send a photo. */
const drawPicture = (page: Page) =>
  page
    .evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 200;
      canvas.height = 120;
      const g = canvas.getContext('2d')!;
      const fill = g.createLinearGradient(0, 0, 200, 120);
      fill.addColorStop(0, '#f48fb1');
      fill.addColorStop(1, '#7e57c2');
      g.fillStyle = fill;
      g.fillRect(0, 0, 200, 120);
      g.fillStyle = '#fff';
      g.font = 'bold 22px sans-serif';
      g.fillText('Bolo de lua', 36, 68);
      return canvas.toDataURL('image/png').split(',')[1]!;
    })
    .then((b64) => Buffer.from(b64, 'base64'));

let product: Product;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => {
  await product?.stop();
});

const rowOf = (page: Page, name: string) => page.getByTestId('connection-row').filter({ hasText: name });
const statusOf = (page: Page, name: string, status: string) =>
  rowOf(page, name).locator(`[data-testid="connection-status"][data-status="${status}"]`).waitFor();

/** Dialogs fade in: a screenshot waits until they are fully shown. */
const dialogsSettled = (page: Page) =>
  page.waitForFunction(() =>
    [...document.querySelectorAll('.MuiDialog-container')].every((e) => getComputedStyle(e).opacity === '1'),
  );

/** Creates a connection through the form; answers its id once its row is listed. */
async function addSandboxConnection(page: Page, name: string) {
  await page.getByRole('button', { name: 'Adicionar conexão' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adicionar conexão' });
  await dialog.getByLabel('Nome', { exact: true }).fill(name);
  await dialog.getByLabel('Tipo de conexão', { exact: true }).selectOption('sandbox');
  await dialog.getByLabel('Mensagem de saudação', { exact: true }).fill('Olá! Como podemos ajudar?');
  await dialogsSettled(page);
  await shot(page, 'connections-dialog');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await seeText(page, 'Conexão salva com sucesso.');
  await dialog.waitFor({ state: 'detached' });
  const row = rowOf(page, name);
  await row.waitFor();
  return Number(await row.getAttribute('data-connection-id'));
}

describe('connections page and the sandbox simulator', () => {
  it('an admin creates a sandbox connection, pairs it from the simulator, and a customer message lands on a pending ticket', async () => {
    await signUpCompany(product.url, { name: 'Doceria Lua', email: 'dona@lua.test', password: 'Lua-1234' });
    const page = await product.newPage({ width: 1366, height: 860 });
    const ready = socketReady(page);
    await signInToTickets(page, 'dona@lua.test', 'Lua-1234');
    await ready;

    await page.getByTestId('menu-connections').click();
    await page.waitForURL(/\/connections$/);
    await page.getByRole('heading', { name: 'Conexões' }).waitFor();
    await page.getByTestId('empty-state').waitFor();
    await shot(page, 'connections-empty');

    const id = await addSandboxConnection(page, 'Loja Sandbox');
    // The first connection is the default one; its session starts and shows a QR code.
    await rowOf(page, 'Loja Sandbox').getByTestId('connection-default').waitFor();
    await statusOf(page, 'Loja Sandbox', 'qrcode');
    expect(await rowOf(page, 'Loja Sandbox').getByTestId('connection-updated').innerText()).toMatch(
      /^\d{2}\/\d{2}\/\d{2} \d{2}:\d{2}$/,
    );
    // A connection waiting for its QR code needs attention: the menu says so, live.
    await page.getByTestId('connections-warning').waitFor();
    await shot(page, 'connections-qrcode');

    await rowOf(page, 'Loja Sandbox').getByRole('button', { name: 'QR Code' }).click();
    const qrDialog = page.getByRole('dialog', { name: /Leia o QR Code/ });
    await qrDialog.getByTestId('qrcode-image').waitFor();
    const box = await qrDialog.getByTestId('qrcode-image').boundingBox();
    expect(Math.round(box!.width)).toBe(256);
    await dialogsSettled(page);
    await shot(page, 'connections-qr-dialog');

    // The simulator, in a second tab of the same browser (same session), scans the code.
    const sim = await page.context().newPage();
    await sim.goto(`/connections/${id}/simulator`);
    await sim.getByRole('heading', { name: 'Simulador — Loja Sandbox' }).waitFor();
    await sim.getByRole('button', { name: 'Ler o QR Code' }).click();
    // Country code 999 belongs to no country: the sandbox never looks like a customer's phone.
    const own = `999${String(id).padStart(10, '0')}`;
    await sim.getByText(`Pareado como +${own}.`).waitFor();

    // The connections tab follows: the QR dialog closes by itself, the row shows CONNECTED.
    await qrDialog.waitFor({ state: 'detached' });
    await statusOf(page, 'Loja Sandbox', 'CONNECTED');
    await rowOf(page, 'Loja Sandbox').getByRole('button', { name: 'Desconectar' }).waitFor();
    await page.getByTestId('connections-warning').waitFor({ state: 'detached' });
    await shot(page, 'connections-connected');

    // The connection's own number is no customer.
    await sim.getByLabel('Número (com DDI e DDD)').fill(`+${own}`);
    await sim.getByLabel('Nome', { exact: true }).fill('A própria conexão');
    await sim.getByRole('button', { name: 'Adicionar cliente' }).click();
    await sim.getByText('Números +999 são do telefone simulado da conexão, não de clientes').waitFor();
    await shot(sim, 'simulator-own-number-refused');

    // A customer writes from the simulated phone.
    await sim.getByLabel('Número (com DDI e DDD)').fill('+55 11 98888-7777');
    await sim.getByLabel('Nome', { exact: true }).fill('Cliente Teste');
    await sim.getByRole('button', { name: 'Adicionar cliente' }).click();
    await sim.getByTestId('simulator-chat').getByText('Cliente Teste').waitFor();
    await sim.getByLabel('Mensagem', { exact: true }).fill('Olá, quero encomendar um bolo');
    await sim.getByLabel('Mensagem', { exact: true }).press('Enter');
    const sent = sim.getByTestId('phone-message').filter({ hasText: 'Olá, quero encomendar um bolo' });
    await sent.waitFor();
    expect(await sent.getAttribute('data-from')).toBe('customer');
    expect(await sent.getAttribute('data-ticket-status')).toBe('pending');
    const ticketId = Number(await sent.getAttribute('data-ticket-id'));
    expect(ticketId).toBeGreaterThan(0);
    await sent.getByText(`Atendimento #${ticketId} · aguardando`).waitFor();

    // And a picture, which lands on the same ticket.
    await sim.getByLabel('Mensagem', { exact: true }).fill('Foto do modelo');
    await sim
      .getByTestId('simulator-file')
      .setInputFiles({ name: 'modelo.png', mimeType: 'image/png', buffer: await drawPicture(sim) });
    const picture = sim.getByTestId('phone-message').filter({ hasText: 'Foto do modelo' });
    await picture.locator('img').waitFor();
    expect(Number(await picture.getAttribute('data-ticket-id'))).toBe(ticketId);
    expect(
      await sim.getByTestId('simulator-customer').filter({ hasText: 'Cliente Teste' }).getAttribute('data-number'),
    ).toBe('5511988887777');
    await shot(sim, 'simulator');

    // Narrow screens: both pages fit a 375 px phone.
    await sim.setViewportSize({ width: 375, height: 740 });
    expect(await overflowsSideways(sim)).toBe(false);
    await shot(sim, 'simulator-375');
    await sim.close();

    await page.setViewportSize({ width: 375, height: 740 });
    await rowOf(page, 'Loja Sandbox').getByRole('button', { name: 'Desconectar' }).waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, 'connections-375');
    await page.context().close();
  }, 120_000);

  it('disconnect and delete ask first; a disconnected session offers try again and a new QR code', async () => {
    await signUpCompany(product.url, { name: 'Ótica Sol', email: 'gerente@sol.test', password: 'Sol-12345' });
    const page = await product.newPage({ width: 1366, height: 860 });
    await signInToTickets(page, 'gerente@sol.test', 'Sol-12345');
    const ready = socketReady(page);
    await page.goto('/connections');
    await ready;
    await page.getByRole('heading', { name: 'Conexões' }).waitFor();
    const id = await addSandboxConnection(page, 'Balcão Sol');
    await statusOf(page, 'Balcão Sol', 'qrcode');

    // Pair through the simulator API's page, then disconnect from the table.
    const sim = await page.context().newPage();
    await sim.goto(`/connections/${id}/simulator`);
    await sim.getByRole('button', { name: 'Ler o QR Code' }).click();
    await statusOf(page, 'Balcão Sol', 'CONNECTED');
    await sim.close();

    await rowOf(page, 'Balcão Sol').getByRole('button', { name: 'Desconectar' }).click();
    const confirm = page.getByRole('dialog', { name: 'Desconectar Balcão Sol?' });
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await confirm.waitFor({ state: 'detached' });
    await statusOf(page, 'Balcão Sol', 'CONNECTED');
    await rowOf(page, 'Balcão Sol').getByRole('button', { name: 'Desconectar' }).click();
    await page
      .getByRole('dialog', { name: 'Desconectar Balcão Sol?' })
      .getByRole('button', { name: 'Desconectar' })
      .click();
    await statusOf(page, 'Balcão Sol', 'DISCONNECTED');
    await rowOf(page, 'Balcão Sol').getByRole('button', { name: 'Novo QR Code' }).waitFor();
    await page.getByTestId('connections-warning').waitFor();
    await shot(page, 'connections-disconnected');

    // Try again: the session starts over and shows a QR code (the pairing was forgotten).
    await rowOf(page, 'Balcão Sol').getByRole('button', { name: 'Tentar novamente' }).click();
    await statusOf(page, 'Balcão Sol', 'qrcode');

    // The QR dialog on a phone: the 256 px code fits.
    await page.setViewportSize({ width: 375, height: 740 });
    await rowOf(page, 'Balcão Sol').getByRole('button', { name: 'QR Code' }).click();
    const qrDialog = page.getByRole('dialog', { name: /Leia o QR Code/ });
    await qrDialog.getByTestId('qrcode-image').waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    await dialogsSettled(page);
    await shot(page, 'connections-qr-dialog-375');
    await qrDialog.getByRole('button', { name: 'Fechar' }).click();
    await qrDialog.waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1366, height: 860 });

    // Edit shows the API token; delete asks, then the row goes.
    await rowOf(page, 'Balcão Sol').getByRole('button', { name: 'Editar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar conexão' });
    const token = dialog.getByLabel('Token da API');
    await expect.poll(() => token.inputValue()).toMatch(/^[\w-]{32,}$/);
    expect(await dialog.getByLabel('Tipo de conexão').isDisabled()).toBe(true);
    await token.scrollIntoViewIfNeeded();
    await dialogsSettled(page);
    await shot(page, 'connections-edit');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();

    // The form checks the shared rules before saving, and shows Cloud API fields for that provider.
    await page.getByRole('button', { name: 'Adicionar conexão' }).click();
    const add = page.getByRole('dialog', { name: 'Adicionar conexão' });
    await add.getByLabel('Nome', { exact: true }).fill('A');
    await add.getByLabel('Tipo de conexão', { exact: true }).selectOption('cloud');
    await add.getByLabel('ID do número de telefone').waitFor();
    await add.getByText('A URL do webhook aparece aqui depois de salvar.').waitFor();
    await add.getByRole('button', { name: 'Salvar' }).click();
    await add.getByText('Muito curto!').waitFor();
    await add.getByText('Obrigatório').first().waitFor();
    await add.getByLabel('ID do número de telefone').scrollIntoViewIfNeeded();
    await dialogsSettled(page);
    await shot(page, 'connections-dialog-cloud');
    await add.getByRole('button', { name: 'Cancelar' }).click();
    await add.waitFor({ state: 'detached' });

    await rowOf(page, 'Balcão Sol').getByRole('button', { name: 'Excluir' }).click();
    await page.getByRole('dialog', { name: 'Excluir Balcão Sol?' }).getByRole('button', { name: 'Excluir' }).click();
    await seeText(page, 'Conexão excluída.');
    await rowOf(page, 'Balcão Sol').waitFor({ state: 'detached' });
    await page.getByTestId('empty-state').waitFor();
    await page.context().close();
  }, 120_000);
});
