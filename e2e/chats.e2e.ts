/**
 * Issue 17, internal chat: two colleagues in two browsers. Ana starts a chat with Bia from the
 * chats page and writes; Bia, on her tickets, sees the top bar's chat badge rise live, opens the
 * chat from its pop-over, reads the message (the badge clears) and answers with the button; Ana
 * sees the answer live. The new-chat modal refuses a chat without a title or a colleague (the
 * spec's alerts). Only the owner sees edit and delete. The page at 390 px uses two tabs.
 * Screenshots (wide, dark, 390 px) go to $E2E_SHOTS.
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

const ANA = { name: 'Ana Lima', email: 'ana@floricultura.test', password: 'Flores-1234' };
const BIA = { name: 'Bia Rocha', email: 'bia@floricultura.test', password: 'Flores-5678' };

let product: Product;

beforeAll(async () => {
  product = await startProduct();
  await signUpCompany(product.url, { name: 'Floricultura Ipê', email: ANA.email, password: ANA.password });
  const token = await apiToken(product.url, ANA.email, ANA.password);
  await callApi(product.url, 'POST', '/users', { ...BIA, profile: 'user' }, token);
  // Ana's own display name (signup names the admin after the company).
  const me = await callApi<{ id: number }>(product.url, 'GET', '/auth/me', undefined, token);
  await callApi(product.url, 'PUT', `/users/${me.id}`, { name: ANA.name }, token);
});
afterAll(async () => {
  await product?.stop();
});

async function signedIn(who: typeof ANA, size = { width: 1366, height: 860 }) {
  const page = await product.newPage(size);
  const ready = socketReady(page);
  await signInToTickets(page, who.email, who.password);
  await ready;
  return page;
}
/** No two controls of the top bar overlap (ten of them share a phone's 390 px). */
const topBarFits = (page: Page) =>
  page.evaluate(() => {
    const bar = document.querySelector('header .MuiToolbar-root');
    const rects = [...(bar?.children ?? [])]
      .map((el) => el.getBoundingClientRect())
      .filter((r) => r.width > 0 && r.height > 0);
    return rects.every((a, i) => rects.slice(i + 1).every((b) => a.right <= b.left + 0.5 || b.right <= a.left + 0.5));
  });
const badgeIs = (page: Page, text: string) =>
  page.waitForFunction(
    (want) => {
      const el = document.querySelector('[data-testid="chats-unread-total"] .MuiBadge-badge');
      const shown = el && !el.classList.contains('MuiBadge-invisible') ? (el.textContent ?? '') : '';
      return shown === want;
    },
    text,
    { timeout: 15_000 },
  );

/** Waits for pop-overs to finish fading in (a screenshot mid-fade shows the page through them). */
const popoverSettled = (page: Page) =>
  page.waitForFunction(() =>
    [...document.querySelectorAll('.MuiPopover-paper')].every((e) => getComputedStyle(e).opacity === '1'),
  );

describe('internal chat', () => {
  it('a message reaches the other browser live; she reads it and answers', async () => {
    const ana = await signedIn(ANA);
    const bia = await signedIn(BIA);
    await badgeIs(bia, '');

    await ana.getByTestId('side-drawer').getByTestId('menu-chats').click();
    await ana.waitForURL(/\/chats$/);
    await ana.getByTestId('chats-welcome').waitFor();
    await ana.getByTestId('empty-state').waitFor();
    await shot(ana, 'chats-empty-wide');

    // The modal's own checks: a title, then a colleague.
    await ana.getByTestId('chat-new').click();
    const dialog = ana.getByTestId('chat-dialog');
    await dialog.getByTestId('chat-save').click();
    await seeText(ana, 'Por favor, preencha o título da conversa.');
    await dialog.getByLabel('Título').fill('Entrega de sábado');
    await dialog.getByTestId('chat-save').click();
    await seeText(ana, 'Por favor, selecione pelo menos um usuário.');
    await dialog.getByRole('combobox').fill('Bia');
    await ana.getByRole('option', { name: BIA.name }).click();
    await dialog.getByTestId('chat-save').click();
    await dialog.waitFor({ state: 'detached' });
    await ana.waitForURL(/\/chats\/\d+$/);
    await ana.getByTestId('chat-title').getByText('Entrega de sábado').waitFor();
    await ana.getByTestId('chat-edit').waitFor();

    // Enter sends.
    await ana.getByTestId('chat-input').locator('textarea').first().fill('Bia, as rosas chegaram?');
    await ana.keyboard.press('Enter');
    await ana.getByTestId('chat-message').filter({ hasText: 'Bia, as rosas chegaram?' }).waitFor();
    // The composer empties once the send is answered, which may come after the message shows.
    await expect.poll(() => ana.getByTestId('chat-input').locator('textarea').first().inputValue()).toBe('');

    // Bia, on her tickets, sees the badge rise without reloading.
    await badgeIs(bia, '1');
    expect(bia.url()).toMatch(/\/tickets$/);
    await shot(bia, 'chats-badge-wide');
    await bia.getByTestId('chats-popover').click();
    const item = bia.getByTestId('chats-popover-item').filter({ hasText: 'Entrega de sábado' });
    await item.getByText('Bia, as rosas chegaram?').waitFor();
    await popoverSettled(bia);
    await shot(bia, 'chats-popover-wide');
    await item.click();
    await bia.waitForURL(/\/chats\/\d+$/);
    await bia.getByTestId('chat-message').filter({ hasText: 'Bia, as rosas chegaram?' }).waitFor();
    // Read: the badge clears. Only the owner edits or deletes.
    await badgeIs(bia, '');
    expect(await bia.getByTestId('chat-edit').count()).toBe(0);
    expect(await bia.getByTestId('chat-delete').count()).toBe(0);

    // The button sends too; Ana, in the chat, sees the answer live.
    await bia.getByTestId('chat-input').locator('textarea').first().fill('Chegaram! Já estou montando os buquês.');
    await bia.getByTestId('chat-send').click();
    await ana.getByTestId('chat-message').filter({ hasText: 'Já estou montando os buquês.' }).waitFor();
    // Ana has the chat open: it is read as it arrives.
    await badgeIs(ana, '');
    await shot(ana, 'chats-conversation-wide');

    await ana.emulateMedia({ colorScheme: 'dark' });
    await ana.reload();
    await ana.getByTestId('chat-message').filter({ hasText: 'Já estou montando os buquês.' }).waitFor();
    await shot(ana, 'chats-conversation-wide-dark');

    // 390 px: two tabs, the chat list first when no chat is named.
    await bia.setViewportSize({ width: 390, height: 844 });
    await bia.goto('/chats');
    await bia.getByTestId('chats-tab-list').waitFor();
    await bia.getByTestId('chat-item').filter({ hasText: 'Entrega de sábado' }).waitFor();
    expect(await overflowsSideways(bia)).toBe(false);
    await shot(bia, 'chats-list-390');
    await bia.getByTestId('chat-item').filter({ hasText: 'Entrega de sábado' }).click();
    await bia.getByTestId('chat-message').filter({ hasText: 'Bia, as rosas chegaram?' }).waitFor();
    expect(await bia.getByTestId('chat-list').isVisible()).toBe(false);
    expect(await overflowsSideways(bia)).toBe(false);
    await shot(bia, 'chats-messages-390');
    await bia.emulateMedia({ colorScheme: 'dark' });
    await bia.reload();
    await bia.getByTestId('chat-message').filter({ hasText: 'Já estou montando os buquês.' }).waitFor();
    await shot(bia, 'chats-messages-390-dark');
    expect(await topBarFits(bia)).toBe(true);
    await bia.getByTestId('chats-tab-list').click();
    await bia.getByTestId('chat-list').waitFor();
    await badgeIs(bia, '');
    await ana.close();
    await bia.close();
  }, 180_000);
});
