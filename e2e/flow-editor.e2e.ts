/**
 * Issue 35, point 2: the flow builder keeps work. A 50-node flow opens in under a second (the
 * figure printed, and in docs/bench/flow-editor.md). New nodes land in view and on free ground;
 * handles are big enough to hit; the start reads "Início"; nodes nothing reaches are named, and
 * Salvar asks before saving them; the drawing saves itself (saved / unsaved / saving / not saved);
 * undo and redo by buttons and keys; leaving with a pending change saves it first, and leaving
 * after a failed save asks. Screenshots (wide and 390 px, light and dark) go to $E2E_SHOTS.
 */
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { FlowWithGraph } from '@balcao/contracts';
import { startProduct, type Product } from './support/product.js';
import { apiToken, callApi, overflowsSideways, seeText, shot, signInToTickets, signUpCompany } from './support/ui.js';

const COMPANY = 'Sorveteria Buriti';
const EMAIL = 'dono@buriti.test';
const PASSWORD = 'Buriti-12345';
const BIG = 50;
const OPENS = 5;
/** The machine is shared: a step may take seconds under load. */
const POLL = { timeout: 15_000 };

let product: Product;
let bigFlowId: number;

/** A flow of 50 nodes as a company would draw one: the start, menus, messages and intervals, chained. */
function bigGraph() {
  const nodes = [{ id: '1', type: 'start', position: { x: 250, y: 100 }, data: { label: 'Inicio do fluxo' } }];
  for (let i = 1; i < BIG; i++) {
    const id = `n${String(i).padStart(29, '0')}`;
    const position = { x: 250 + (i % 8) * 280, y: 100 + Math.floor(i / 8) * 220 };
    const data =
      i % 5 === 0
        ? {
            message: `Menu ${i}`,
            arrayOption: [
              { number: 1, value: 'Sim' },
              { number: 2, value: 'Não' },
            ],
          }
        : i % 7 === 0
          ? { sec: 3, label: 'Intervalo 3 seg' }
          : { label: `Mensagem ${i}: sabores do dia, horários e entregas.` };
    const type = i % 5 === 0 ? 'menu' : i % 7 === 0 ? 'interval' : 'message';
    nodes.push({ id, type, position, data } as never);
  }
  const connections = nodes.slice(1).map((n, i) => {
    const from = nodes[i]!;
    const handle = from.type === 'menu' ? 'a1' : 'a';
    return {
      id: `e-${from.id}-${handle}-${n.id}`,
      source: from.id,
      sourceHandle: handle,
      target: n.id,
      targetHandle: null,
    };
  });
  return { nodes, connections };
}

beforeAll(async () => {
  product = await startProduct();
  await signUpCompany(product.url, { name: COMPANY, email: EMAIL, password: PASSWORD });
  const token = await apiToken(product.url, EMAIL, PASSWORD);
  bigFlowId = (await callApi<{ id: number }>(product.url, 'POST', '/flowbuilder', { name: 'Cardápio completo' }, token))
    .id;
  await callApi(product.url, 'POST', '/flowbuilder/flow', { idFlow: bigFlowId, ...bigGraph() }, token);
}, 120_000);
afterAll(async () => {
  await product?.stop();
});

const pageToken = (page: Page) => page.evaluate(() => localStorage.getItem('token') ?? '');
const storedGraph = async (page: Page, id: number) =>
  (await callApi<FlowWithGraph>(product.url, 'GET', `/flowbuilder/flow/${id}`, undefined, await pageToken(page))).flow
    .flow!;
const node = (page: Page, type: string) =>
  page.locator('.react-flow__node').filter({ has: page.locator(`[data-node-type="${type}"]`) });
const saveState = (page: Page) => page.getByTestId('flow-save-state').getAttribute('data-state');

async function addMessage(page: Page, text: string) {
  await page.getByTestId('flow-speed-dial').click();
  await page.getByTestId('flow-add-message').click();
  const dialog = page.getByTestId('flow-node-dialog');
  await dialog.getByTestId('flow-message-text').fill(text);
  await dialog.getByTestId('flow-node-save').click();
  await dialog.waitFor({ state: 'detached' });
}

const boxes = (page: Page) =>
  page.locator('.react-flow__node').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
const overlap = (a: DOMRect, b: DOMRect) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

describe('the flow editor', () => {
  it(`opens a ${BIG}-node flow in under a second`, async () => {
    const page = await product.newPage({ width: 1366, height: 900 });
    await signInToTickets(page, EMAIL, PASSWORD);
    await page.getByTestId('menu-flowbuilders').click();
    const row = page.locator(`[data-flow-id="${bigFlowId}"]`);
    const times: number[] = [];
    for (let i = 0; i < OPENS; i++) {
      await row.waitFor();
      // From the click on the list's row to every node drawn (measured and visible).
      const started = await page.evaluate(() => performance.now());
      await row.click();
      await page.waitForFunction(
        (n) => {
          const nodes = document.querySelectorAll('.react-flow__node');
          return (
            nodes.length === n &&
            [...nodes].every(
              (e) => (e as HTMLElement).style.visibility !== 'hidden' && e.getBoundingClientRect().width > 0,
            )
          );
        },
        BIG,
        { polling: 'raf' },
      );
      times.push((await page.evaluate(() => performance.now())) - started);
      await page.goBack();
    }
    const sorted = [...times].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    // The figure is the browser's and the server's time on this machine: when other processes
    // crowd its cores (load per core above 2), a second is out of reach whatever the editor does,
    // and only a gross regression is caught.
    const crowded = os.loadavg()[0]! / os.cpus().length > 2;
    console.log(
      JSON.stringify({
        bench: 'flow-editor-open',
        nodes: BIG,
        loadPerCore: Math.round((os.loadavg()[0]! / os.cpus().length) * 10) / 10,
        firstMs: Math.round(times[0]!),
        medianMs: Math.round(median),
        allMs: times.map(Math.round),
      }),
    );
    expect(median).toBeLessThan(crowded ? 4000 : 1000);
    await page.context().close();
  }, 120_000);

  it('keeps the work: placement, handles, Início, unconnected nodes, autosave, undo/redo and leaving', async () => {
    const page = await product.newPage({ width: 1366, height: 900 });
    await signInToTickets(page, EMAIL, PASSWORD);
    const { id } = await callApi<{ id: number }>(
      product.url,
      'POST',
      '/flowbuilder',
      { name: 'Boas-vindas' },
      await pageToken(page),
    );
    await page.goto('/flowbuilders');
    await page.locator(`[data-flow-id="${id}"]`).click();
    await node(page, 'start').getByText('Início do fluxo').waitFor();
    await node(page, 'start').getByText('Início', { exact: true }).waitFor();
    expect(await saveState(page)).toBe('saved');

    // Handles: at least 14 px drawn, a larger target around them.
    const handle = await page
      .locator('.react-flow__handle.source')
      .first()
      .evaluate((e) => {
        const r = e.getBoundingClientRect();
        const after = getComputedStyle(e, '::after');
        return { w: r.width, h: r.height, inset: after.top };
      });
    expect(handle.w).toBeGreaterThanOrEqual(14);
    expect(handle.h).toBeGreaterThanOrEqual(14);
    expect(parseFloat(handle.inset)).toBeLessThanOrEqual(-8);

    // Pan the view away from the start: new nodes still land in view, and not on one another.
    const canvasBox = (await page.getByTestId('flow-canvas').boundingBox())!;
    await page.mouse.move(canvasBox.x + canvasBox.width - 60, canvasBox.y + 60);
    await page.mouse.down();
    await page.mouse.move(canvasBox.x + canvasBox.width - 560, canvasBox.y + 360, { steps: 8 });
    await page.mouse.up();
    await addMessage(page, 'Olá! Bem-vindo à Sorveteria Buriti.');
    await addMessage(page, 'Hoje temos açaí, cupuaçu e buriti.');
    await addMessage(page, 'Quer ver o cardápio?');
    const drawn = await boxes(page);
    expect(drawn).toHaveLength(4);
    for (const b of drawn.slice(1)) {
      expect(b.left).toBeGreaterThanOrEqual(canvasBox.x);
      expect(b.right).toBeLessThanOrEqual(canvasBox.x + canvasBox.width);
      expect(b.top).toBeGreaterThanOrEqual(canvasBox.y);
      expect(b.bottom).toBeLessThanOrEqual(canvasBox.y + canvasBox.height);
    }
    for (const [i, a] of drawn.entries()) for (const b of drawn.slice(i + 1)) expect(overlap(a, b)).toBe(false);

    // Nothing leads to the three messages: named above the canvas.
    const notice = page.getByTestId('flow-unconnected');
    await notice.getByText(/Estes 3 nós não recebem nenhuma conexão/).waitFor();
    await notice.getByText(/Nó 2 \(Mensagem\), Nó 3 \(Mensagem\), Nó 4 \(Mensagem\)/).waitFor();

    // Saved by itself a moment later, as drawn.
    await expect.poll(() => saveState(page), { timeout: 10_000 }).toBe('saved');
    expect((await storedGraph(page, id)).nodes).toHaveLength(4);
    await shot(page, 'flow-editor-autosaved-wide-light');

    // Undo and redo: keys and buttons.
    await page.locator('.react-flow__pane').click();
    await page.keyboard.press('Control+z');
    await expect.poll(() => node(page, 'message').count(), POLL).toBe(2);
    await page.getByTestId('flow-undo').click();
    await expect.poll(() => node(page, 'message').count(), POLL).toBe(1);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => node(page, 'message').count(), POLL).toBe(2);
    await page.keyboard.press('Control+y');
    await expect.poll(() => node(page, 'message').count(), POLL).toBe(3);
    await page.getByTestId('flow-undo').click();
    await page.getByTestId('flow-redo').click();
    await expect.poll(() => node(page, 'message').count(), POLL).toBe(3);

    // Salvar by hand names the unconnected nodes first; saving anyway is allowed.
    await page.getByTestId('flow-save').click();
    const ask = page.getByTestId('confirm-dialog');
    await ask.getByText('Há nós sem conexão').waitFor();
    expect(await ask.getByTestId('flow-unconnected-list').locator('li').allInnerTexts()).toEqual([
      'Nó 2 (Mensagem)',
      'Nó 3 (Mensagem)',
      'Nó 4 (Mensagem)',
    ]);
    await shot(page, 'flow-editor-unconnected-wide-light');
    await ask.getByRole('button', { name: 'Salvar assim mesmo' }).click();
    await seeText(page, 'Fluxo salvo com sucesso');

    // Leaving right after a change: it is saved on the way out.
    const last = node(page, 'message').last();
    await last.locator('[data-testid="flow-node"]').click();
    await page.keyboard.press('Delete');
    await expect.poll(() => node(page, 'message').count(), POLL).toBe(2);
    expect(await saveState(page)).toBe('pending');
    await page.goBack();
    // Back is a POP: the address shows /flowbuilders at once, the guard holds the router there
    // until the save answers, then lets it go. So the stored drawing is polled, then the list seen.
    await expect.poll(async () => (await storedGraph(page, id)).nodes.length, POLL).toBe(3);
    await page.waitForURL(/\/flowbuilders$/);
    await page.locator(`[data-flow-id="${id}"]`).waitFor();

    // A save that fails keeps the person in the editor until they choose to leave.
    await page.locator(`[data-flow-id="${id}"]`).click();
    await expect.poll(() => node(page, 'message').count(), POLL).toBe(2);
    await page.route('**/api/flowbuilder/flow', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: '{"error":"ERR_UNAVAILABLE","message":"x"}',
          })
        : route.fallback(),
    );
    await addMessage(page, 'Até logo!');
    await expect.poll(() => saveState(page), { timeout: 10_000 }).toBe('failed');
    await page.getByTestId('flow-save-retry').waitFor();
    await page.getByTestId('menu-flowbuilders').click();
    const leave = page.getByTestId('confirm-dialog');
    await leave.getByText('Sair sem salvar?').waitFor();
    await leave.getByRole('button', { name: 'Cancelar' }).click();
    await leave.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/flowbuilder/${id}`);
    await page.unroute('**/api/flowbuilder/flow');
    await page.getByTestId('flow-save-retry').click();
    await expect.poll(() => saveState(page), POLL).toBe('saved');
    expect((await storedGraph(page, id)).nodes).toHaveLength(4);

    // Dark and 390 px.
    await page.getByTestId('theme-toggle').click();
    await page.waitForTimeout(800);
    await shot(page, 'flow-editor-wide-dark');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, 'flow-editor-narrow-dark');
    await page.context().close();
  }, 180_000);
});
