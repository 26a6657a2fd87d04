/**
 * Issue 35, one clock for every date a company types, and a campaign's test send. The browser is
 * in Tokyo, the company on São Paulo's clock: a campaign and a schedule typed for 09:30 are stored
 * as 09:30 in São Paulo (12:30 UTC), each field names the company's zone, and a campaign set for
 * "Agora" starts (the case: one set for "now" from another zone stayed Programada). Then
 * "Enviar teste" sends the campaign's message to a typed number, and the sandbox phone has it.
 * Screenshots (pt wide, 390 px dark, en, es) go to $E2E_SHOTS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Campaign, CampaignPage, SandboxConversation, Schedule } from '@balcao/contracts';
import { startProduct, type Product } from './support/product.js';
import { connectedSandbox } from './support/sandbox.js';
import {
  apiToken,
  callApi,
  companyClockIn,
  overflowsSideways,
  shot,
  signInToTickets,
  signUpCompany,
} from './support/ui.js';

const EMAIL = 'dona@relogio.test';
const PASSWORD = 'Relogio-123';
const FAR_ZONE = 'Asia/Tokyo';
/** 09:30 on the company's clock (São Paulo, UTC-3 all year since 2019) is 12:30 UTC. */
const TYPED = '2099-05-20T09:30';
const STORED = '2099-05-20T12:30:00.000Z';
const TEST_NUMBER = '5511955550123';

let product: Product;
/** The last session's token: a sign-in in the browser ends the one before. */
let token: string;
let whatsappId: number;
const api = <T>(method: string, path: string, body?: unknown) => callApi<T>(product.url, method, path, body, token);

async function signedIn(page: Page) {
  await signInToTickets(page, EMAIL, PASSWORD);
  token = await page.evaluate(() => localStorage.getItem('token') ?? '');
}

beforeAll(async () => {
  product = await startProduct();
  await signUpCompany(product.url, { name: 'Relojoaria Tempo', email: EMAIL, password: PASSWORD });
  token = await apiToken(product.url, EMAIL, PASSWORD);
  whatsappId = await connectedSandbox(product.url, token, 'Tempo WhatsApp');
  const listId = (await api<{ id: number }>('POST', '/contact-lists', { name: 'Clientes' })).id;
  await api('POST', '/contact-list-items', { name: 'Cliente Um', number: '5511955550001', contactListId: listId });
  await api('POST', '/contacts', { name: 'Marta Ponteiro', number: '5511955550002' });
  await api('POST', '/campaign-settings', { settings: { messageInterval: 0, longerIntervalAfter: 0 } });
}, 120_000);
afterAll(async () => {
  await product?.stop();
});

/** Every open dialog done fading in (its container and its paper), and none fading out. */
const dialogSettled = (page: Page) =>
  page.waitForFunction(() =>
    [...document.querySelectorAll('.MuiDialog-container, .MuiDialog-paper')].every(
      (e) => getComputedStyle(e).opacity === '1',
    ),
  );
const campaignNamed = async (name: string) =>
  (await api<CampaignPage>('GET', '/campaigns', undefined)).records.find((c) => c.name === name)!;

async function newCampaign(page: Page, name: string) {
  await page.getByTestId('campaign-add').click();
  const dialog = page.getByTestId('campaign-dialog');
  await dialog.getByTestId('campaign-name').fill(name);
  await dialog.getByTestId('campaign-whatsappId').selectOption(String(whatsappId));
  await dialog.getByTestId('campaign-contactListId').selectOption({ label: 'Clientes' });
  await dialog.getByTestId('campaign-message1').fill('Olá {{firstName}}, relógios com desconto!');
  return dialog;
}

describe('the company’s clock, from a browser in Tokyo', () => {
  it('a campaign and a schedule typed for 09:30 are 09:30 in São Paulo; "Agora" starts a campaign at once', async () => {
    const page = await product.newPage({ width: 1366, height: 860, timezoneId: FAR_ZONE });
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(FAR_ZONE);
    await signedIn(page);
    await page.goto('/campaigns');

    // A campaign for 09:30: the field names the company's zone; stored as 09:30 there.
    let dialog = await newCampaign(page, 'Dia dos Pais');
    const zone = dialog.getByTestId('campaign-scheduledAt-zone');
    expect(await zone.innerText()).toBe('Horário da empresa: Horário Padrão de Brasília (GMT-3)');
    expect(await zone.getAttribute('title')).toBe('America/Sao_Paulo');
    await dialog.getByTestId('campaign-scheduledAt').fill(TYPED);
    await dialogSettled(page);
    await shot(page, 'company-clock-campaign-tokyo-wide');
    await dialog.getByTestId('campaign-save').click();
    await page.getByText('Campanha salva com sucesso.').first().waitFor();
    const fathers = await campaignNamed('Dia dos Pais');
    expect([fathers.status, fathers.scheduledAt]).toEqual(['PROGRAMADA', STORED]);
    const row = page.getByTestId('campaign-row').filter({ hasText: 'Dia dos Pais' });
    expect(await row.getByTestId('campaign-scheduled-at').innerText()).toBe('20/05/2099 09:30');
    // Opened again, the form shows the same wall clock.
    await row.getByTestId('campaign-edit').click();
    expect(await dialog.getByTestId('campaign-scheduledAt').inputValue()).toBe(TYPED);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // "Agora" fills in São Paulo's now (Tokyo's is 12 hours ahead): the campaign starts.
    dialog = await newCampaign(page, 'Já');
    await dialog.getByTestId('campaign-scheduledAt-now').click();
    const typedNow = await dialog.getByTestId('campaign-scheduledAt').inputValue();
    const spNow = new Date(Date.now() - 3 * 3600_000).toISOString().slice(0, 16);
    expect(Math.abs(Date.parse(`${typedNow}Z`) - Date.parse(`${spNow}Z`))).toBeLessThanOrEqual(60_000);
    await dialog.getByTestId('campaign-save').click();
    await page.getByText('Campanha salva com sucesso.').first().waitFor();
    await expect
      .poll(async () => (await campaignNamed('Já')).status, { timeout: 30_000 })
      .toMatch(/EM_ANDAMENTO|FINALIZADA/);
    await page.locator('[data-testid="campaign-row"][data-status="FINALIZADA"]').filter({ hasText: 'Já' }).waitFor({
      timeout: 30_000,
    });
    await shot(page, 'company-clock-campaign-now-started-wide');

    // A schedule for 09:30, typed in the same zone.
    await page.goto('/schedules');
    await page.getByTestId('schedule-add').click();
    const sdialog = page.getByTestId('schedule-dialog');
    await sdialog.getByTestId('schedule-contact-search').fill('marta');
    await page.getByRole('option', { name: /Marta Ponteiro/ }).click();
    await sdialog.getByTestId('schedule-body').fill('Seu relógio está pronto, {{firstName}}!');
    // Its default (one hour from now) is São Paulo's clock too.
    const byDefault = await sdialog.getByTestId('schedule-send-at').inputValue();
    const spInAnHour = new Date(Date.now() - 2 * 3600_000).toISOString().slice(0, 16);
    expect(Math.abs(Date.parse(`${byDefault}Z`) - Date.parse(`${spInAnHour}Z`))).toBeLessThanOrEqual(60_000);
    expect(await sdialog.getByTestId('schedule-send-at-zone').innerText()).toContain('(GMT-3)');
    await sdialog.getByTestId('schedule-send-at').fill(TYPED);
    await dialogSettled(page);
    await shot(page, 'company-clock-schedule-tokyo-wide');
    await sdialog.getByTestId('schedule-save').click();
    await page.getByText('Agendamento salvo com sucesso.').first().waitFor();
    const { schedules } = await api<{ schedules: Schedule[] }>('GET', '/schedules', undefined);
    expect(schedules.map((s) => s.sendAt)).toEqual([STORED]);

    // The calendar shows schedules on the company's clock too: tomorrow 10:00 in São Paulo (22:00 in Tokyo).
    const tomorrow = companyClockIn(24 * 3600_000).slice(0, 10);
    const marta = schedules[0]!.contact;
    await api('POST', '/schedules', {
      body: 'Lembrete do conserto',
      contactId: marta.id,
      sendAt: `${tomorrow} 10:00:00`,
    });
    await page.reload();
    await page.getByRole('button', { name: 'Agenda', exact: true }).click();
    const agendaRow = page.locator('.rbc-agenda-view tbody tr').filter({ hasText: 'Marta Ponteiro' });
    await agendaRow.first().waitFor();
    expect(await agendaRow.first().locator('.rbc-agenda-time-cell').innerText()).toBe('10:00');
    await shot(page, 'company-clock-schedules-agenda-tokyo-wide');
    await page.context().close();
  }, 180_000);

  it('"Enviar teste" sends the campaign’s message to a typed number; the sandbox phone has it', async () => {
    const page = await product.newPage({ width: 1366, height: 860, timezoneId: FAR_ZONE });
    await signedIn(page);
    await page.goto('/campaigns');
    const row = page.getByTestId('campaign-row').filter({ hasText: 'Dia dos Pais' });
    await row.getByTestId('campaign-test').click();
    const dialog = page.getByTestId('campaign-test-dialog');
    const number = dialog.getByTestId('campaign-test-number');
    // A number the contracts accept but no phone plan knows: the server's 400 names the field.
    await number.fill('(11) 04444-3333');
    await dialog.getByTestId('campaign-test-send').click();
    await dialog.getByText('Número de telefone inválido').waitFor();
    await number.fill('(11) 95555-0123');
    await dialogSettled(page);
    await shot(page, 'campaign-test-dialog-wide');
    await dialog.getByTestId('campaign-test-send').click();
    await page.getByText(`Teste enviado para +${TEST_NUMBER}.`).first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    const phone = () => api<SandboxConversation>('GET', `/sandbox/${whatsappId}/conversations/${TEST_NUMBER}`);
    await expect
      .poll(async () => (await phone()).messages.map((m) => [m.fromCustomer, m.body]), { timeout: 20_000 })
      .toEqual([[false, 'Olá Relojoaria, relógios com desconto!']]);
    // Not part of the campaign: still scheduled, nothing delivered.
    const after = await api<Campaign & { delivered: number }>(
      'GET',
      `/campaigns/${(await campaignNamed('Dia dos Pais')).id}?lists=false`,
    );
    expect([after.status, after.delivered]).toEqual(['PROGRAMADA', 0]);

    // The last number typed comes back next time.
    await row.getByTestId('campaign-test').click();
    expect(await dialog.getByTestId('campaign-test-number').inputValue()).toBe('(11) 95555-0123');
    await page.keyboard.press('Escape');
    await page.context().close();
  }, 120_000);

  it('phones (390 px, dark) and the other languages name the zone in their words', async () => {
    for (const [locale, lang, text] of [
      ['pt-BR', 'pt', 'Horário da empresa: Horário Padrão de Brasília (GMT-3)'],
      ['en-US', 'en', 'Company time: Brasilia Standard Time (GMT-3)'],
      ['es-ES', 'es', 'Hora de la empresa: hora estándar de Brasilia (GMT-3)'],
    ] as const) {
      const phoneView = lang === 'pt';
      const page = await product.newPage({
        ...(phoneView ? { width: 390, height: 844 } : { width: 1366, height: 860 }),
        locale,
        timezoneId: FAR_ZONE,
      });
      await signedIn(page);
      await page.evaluate(
        ({ l, theme }) => {
          localStorage.setItem('i18nextLng', l);
          localStorage.setItem('preferredTheme', theme);
        },
        { l: lang, theme: phoneView ? 'dark' : 'light' },
      );
      await page.goto('/campaigns');
      await page.getByTestId('campaign-row').filter({ hasText: 'Dia dos Pais' }).getByTestId('campaign-edit').click();
      const zone = page.getByTestId('campaign-dialog').getByTestId('campaign-scheduledAt-zone');
      await zone.scrollIntoViewIfNeeded();
      expect(await zone.innerText()).toBe(text);
      await dialogSettled(page);
      await shot(page, `company-clock-campaign-${lang}${phoneView ? '-390-dark' : ''}`);
      await page.keyboard.press('Escape');
      await page.getByTestId('campaign-dialog').waitFor({ state: 'detached' });
      await page.getByTestId('campaign-row').filter({ hasText: 'Dia dos Pais' }).getByTestId('campaign-test').click();
      await page.getByTestId('campaign-test-dialog').getByTestId('campaign-test-number').waitFor();
      await dialogSettled(page);
      if (phoneView) expect(await overflowsSideways(page)).toBe(false);
      await shot(page, `campaign-test-dialog-${lang}${phoneView ? '-390-dark' : ''}`);
      await page.context().close();
    }
  }, 180_000);
});
