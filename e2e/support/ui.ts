/**
 * What the browser scenarios share: signing in through the login form, reading the side menu,
 * talking to the API as a setup step, colours and screenshots. Texts are the Portuguese ones
 * (pt is the app's default language and the contexts' locale).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';

/** Side-menu ids (`menu-<route>`) of an admin whose plan has every feature (foundation §2). */
export const ADMIN_MENU = [
  'dashboard',
  'reports',
  'tickets',
  'kanban',
  'quick-messages',
  'todolist',
  'contacts',
  'schedules',
  'tags',
  'chats',
  'helps',
  // Administration
  'campaigns',
  'contact-lists',
  'campaigns-config',
  'phrase-lists',
  'flowbuilders',
  'prompts',
  'queue-integration',
  'connections',
  'files',
  'queues',
  'users',
  'messages-api',
  'financeiro',
  'settings',
].map((id) => `menu-${id}`);

/** A plain user on the same plan: no dashboard, no administration. */
export const USER_MENU = [
  'tickets',
  'kanban',
  'quick-messages',
  'todolist',
  'contacts',
  'schedules',
  'tags',
  'chats',
  'helps',
].map((id) => `menu-${id}`);

export const sorted = (ids: string[]) => [...ids].sort();

/** Fills the login form and submits it (the page is left wherever the app goes). */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}

/** Signs in and waits for the landing page, /tickets, with its top bar. */
export async function signInToTickets(page: Page, email: string, password: string) {
  await signIn(page, email, password);
  await page.waitForURL(/\/tickets$/);
  await page.getByTestId('greeting').waitFor();
}

/**
 * The ids of the side menu's items, sorted. Below 1200 px the drawer is a temporary one: it is
 * opened from the top bar first.
 */
export async function menuIds(page: Page): Promise<string[]> {
  const drawer = page.getByTestId('side-drawer');
  const tickets = drawer.getByTestId('menu-tickets');
  if (!(await tickets.isVisible())) await page.getByTestId('drawer-toggle').click();
  await tickets.waitFor();
  const ids = await drawer
    .locator('[data-testid^="menu-"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''));
  return sorted(ids);
}

/** A toast (or any text) that a person would read on the page. */
export const seeText = (page: Page, text: string | RegExp) => page.getByText(text).first().waitFor();

/** Calls the API as a setup step (JSON in, JSON out); throws on an unexpected status. */
export async function callApi<T = unknown>(
  baseUrl: string,
  method: string,
  apiPath: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const res = await fetch(`${baseUrl}/api${apiPath}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${apiPath} → ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** An access token for API setup calls. Mind that a login ends the user's other sessions. */
export async function apiToken(baseUrl: string, email: string, password: string): Promise<string> {
  return (await callApi<{ token: string }>(baseUrl, 'POST', '/auth/login', { email, password })).token;
}

export interface Plan {
  id: number;
  name: string;
}

/** Signs a company up (its first admin has the company's email) on a plan, by name or the first. */
export async function signUpCompany(
  baseUrl: string,
  company: { name: string; email: string; password: string; planName?: string },
) {
  const plans = await callApi<Plan[]>(baseUrl, 'GET', '/plans/list');
  const plan = company.planName ? plans.find((p) => p.name === company.planName) : plans[0];
  if (!plan) throw new Error(`no plan ${company.planName ?? ''}`);
  await callApi(baseUrl, 'POST', '/companies/cadastro', {
    name: company.name,
    email: company.email,
    password: company.password,
    planId: plan.id,
  });
}

/** WCAG relative luminance (0 black … 1 white) of a CSS `rgb()`/`rgba()` colour. */
export function luminance(css: string): number {
  const m = /rgba?\(\s*(\d+)[,\s]+(\d+)[,\s]+(\d+)/.exec(css);
  if (!m) throw new Error(`not an rgb colour: ${css}`);
  const [r, g, b] = [m[1], m[2], m[3]].map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

export const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/**
 * Resolves when one of the page's Socket.IO connections has been accepted (the server's `ready`).
 * Any of them: a socket opened with the first token may be closed for the refreshed one's.
 */
export function socketReady(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => {
      if (!ws.url().includes('/socket.io/')) return;
      ws.on('framereceived', (f) => {
        if (String(f.payload).includes('"ready"')) resolve();
      });
    });
  });
}

/** True when the page is wider than its window (something sticks out sideways). */
export async function overflowsSideways(page: Page): Promise<boolean> {
  // A resize re-lays out media-query-driven components a few frames later: give the page up to
  // 2 s to fit before calling it too wide.
  try {
    await page.waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth + 1, undefined, {
      timeout: 2_000,
    });
    return false;
  } catch {
    return true;
  }
}

/**
 * A full-page screenshot under $E2E_SHOTS (e.g. /tmp/shots) when that is set, for people to
 * look at; nothing otherwise.
 */
export async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  await fs.mkdir(dir, { recursive: true });
  // Animations keep running: freezing them would end react-toastify's timers (and close its toasts).
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** The zone of a company made by signup (the server's default). */
export const COMPANY_ZONE = 'America/Sao_Paulo';

/** A `datetime-local` value (with seconds) `ms` from now on a company's clock (not the browser's). */
export function companyClockIn(ms: number, timeZone = COMPANY_ZONE): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(Date.now() + ms))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}
