/**
 * Moving in from Atendechat (issue 34, acceptance 3): the operator, in Configurações → Importar,
 * runs a dry run of an Atendechat database, reads its report (counts per entity, nothing
 * written), then imports it; an imported attendant signs in with the password they had there
 * (a bcrypt hash) and opens an old conversation, its messages in the order they were written.
 * The source is a database of a PostgreSQL of its own, shaped as Atendechat's migrations leave
 * it. The page in light and dark, at 390 px, in pt, en and es. Screenshots go to $E2E_SHOTS.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import bcrypt from 'bcryptjs';
import pg from 'pg';
import pino from 'pino';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../packages/server/src/db/embedded.js';
import { ATENDECHAT_DDL } from '../packages/server/test/support/atendechat-schema.js';
import { withDatabase } from '../packages/server/test/support/database-url.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startProduct, type Product } from './support/product.js';
import { overflowsSideways, seeText, shot, signIn, signInToTickets } from './support/ui.js';

const ATTENDANT = { email: 'ana@lojaantiga.test', password: 'senha-de-antes-123' };
const at = (minute: number) => new Date(Date.UTC(2024, 4, 20, 14, minute)).toISOString();
/** The old conversation as the customer and Ana wrote it (stored in another order in the source). */
const CONVERSATION = ['Bom dia, meu pedido chegou?', 'Bom dia, Marta! Chegou sim, pode retirar.', 'Obrigada!'];

let product: Product;
let sourceServer: EmbeddedDatabase;
let sourceDir: string;
let sourceUrl: string;

const signInStatus = async () =>
  (
    await fetch(`${product.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ATTENDANT),
    })
  ).status;

async function seedSource(db: pg.Client) {
  await db.query(ATENDECHAT_DDL);
  const hash = bcrypt.hashSync(ATTENDANT.password, 8);
  await db.query(`insert into "Plans" (id, name, users, connections, queues) values (1, 'Plano Atendechat', 5, 1, 3)`);
  await db.query(
    `insert into "Companies" (id, name, email, "planId") values (1, 'Loja Antiga', 'loja@lojaantiga.test', 1)`,
  );
  await db.query(`insert into "Queues" (id, name, color, "companyId") values (1, 'Balcão', '#0a7d55', 1)`);
  await db.query(
    `insert into "Whatsapps" (id, name, status, "isDefault", "companyId") values (1, 'Loja', 'CONNECTED', true, 1)`,
  );
  await db.query(
    `insert into "Users" (id, name, email, "passwordHash", profile, "companyId") values (1, 'Ana Souza', $1, $2, 'user', 1)`,
    [ATTENDANT.email, hash],
  );
  await db.query(`insert into "UserQueues" ("userId", "queueId") values (1, 1)`);
  await db.query(
    `insert into "Contacts" (id, name, number, "companyId") values (1, 'Marta Lima', '+55 (11) 97777-1234', 1)`,
  );
  await db.query(
    `insert into "Tickets" (id, status, "lastMessage", "contactId", "userId", "whatsappId", "queueId", "companyId", "createdAt", "updatedAt")
    values (1, 'closed', $1, 1, 1, 1, 1, 1, '${at(0)}', '${at(9)}')`,
    [CONVERSATION[2]],
  );
  await db.query(
    `insert into "Messages" (id, body, ack, read, "fromMe", "ticketId", "contactId", "companyId", "createdAt", "updatedAt") values
      ('3EB0C', $3, 0, true, false, 1, 1, 1, '${at(9)}', '${at(9)}'),
      ('3EB0A', $1, 0, true, false, 1, 1, 1, '${at(1)}', '${at(1)}'),
      ('3EB0B', $2, 4, true, true, 1, 1, 1, '${at(5)}', '${at(5)}')`,
    CONVERSATION,
  );
}

beforeAll(async () => {
  sourceDir = await fs.mkdtemp(path.join(os.tmpdir(), 'atendechat-e2e-'));
  sourceServer = await startEmbeddedPostgres(sourceDir, pino({ level: 'warn' }));
  const admin = new pg.Client({ connectionString: sourceServer.url });
  await admin.connect();
  await admin.query('create database atendechat');
  await admin.end();
  sourceUrl = withDatabase(sourceServer.url, 'atendechat');
  const db = new pg.Client({ connectionString: sourceUrl });
  await db.connect();
  await seedSource(db).finally(() => db.end());
  product = await startProduct();
}, 180_000);
afterAll(async () => {
  await product?.stop();
  await sourceServer?.stop();
  if (sourceDir) await fs.rm(sourceDir, { recursive: true, force: true });
});

/** The report's row for one entity: its label and its total. */
const reportRow = async (page: Page, label: string) =>
  (await page.getByTestId('import-report').getByRole('row').filter({ hasText: label }).first().innerText())
    .split('\t')
    .map((c) => c.trim());

async function runFromPage(page: Page, button: string, expectDryRun: boolean): Promise<void> {
  await page.getByTestId('import-start').filter({ hasText: button }).click();
  await page
    .getByRole('alert')
    .filter({ hasText: expectDryRun ? 'Concluído — simulação: nada foi gravado' : /^Concluído$/ })
    .waitFor({ timeout: 60_000 });
}

describe('moving in from Atendechat', () => {
  it('the operator runs a dry run, reads the report, then imports', async () => {
    const page = await product.newPage({ width: 1366, height: 900 });
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL(/\/tickets$/);
    await page.goto('/settings?tab=import');
    await page.getByTestId('import-database-url').fill(sourceUrl);
    expect(await page.getByTestId('import-dry-run').locator('input').isChecked()).toBe(true);

    await runFromPage(page, 'Simular', true);
    expect(await reportRow(page, 'Empresas')).toEqual(['Empresas', '1', '1']);
    expect(await reportRow(page, 'Usuários')).toEqual(['Usuários', '1', '1']);
    expect(await reportRow(page, 'Mensagens')).toEqual(['Mensagens', '3', '3']);
    await shot(page, 'import-dry-run');
    // Nothing written: the attendant cannot sign in yet.
    expect(await signInStatus()).toBe(401);

    await page.getByTestId('import-dry-run').click();
    await runFromPage(page, 'Importar', false);
    expect(await reportRow(page, 'Tickets')).toEqual(['Tickets', '1', '1']);
    expect(await reportRow(page, 'Mensagens')).toEqual(['Mensagens', '3', '3']);
    // Nothing refused, nothing to tell.
    expect(await page.getByTestId('import-errors').count()).toBe(0);
    await shot(page, 'import-done');

    // The report in the other languages (the page keeps it while the language changes).
    for (const [lang, what, messages] of [
      ['en', 'What', 'Messages'],
      ['es', 'Qué', 'Mensajes'],
    ] as const) {
      await page.getByTestId('language-menu').click();
      await page.getByTestId(`language-${lang}`).click();
      expect((await reportRow(page, messages))[0]).toBe(messages);
      expect(await page.getByTestId('import-report').getByRole('row').first().innerText()).toContain(what);
      await shot(page, `import-done-${lang}`);
    }
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-pt').click();

    // Again, in dark mode (read at load): everything is imported already, nothing new to import.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await page.getByTestId('import-database-url').fill(sourceUrl);
    await runFromPage(page, 'Simular', true);
    expect(await reportRow(page, 'Mensagens')).toEqual(['Mensagens', '0', '0']);
    await shot(page, 'import-again-dark');
    await page.context().close();
  }, 240_000);

  it('the same page at 390 px, in dark mode', async () => {
    const page = await product.newPage({ width: 390, height: 844 });
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL(/\/tickets$/);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/settings?tab=import');
    await page.getByTestId('import-database-url').fill(sourceUrl);
    await runFromPage(page, 'Simular', true);
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, 'import-390-dark');
    await page.context().close();
  }, 120_000);

  it('an imported attendant signs in with their old password and opens an old conversation', async () => {
    const page = await product.newPage({ width: 1366, height: 900 });
    await signInToTickets(page, ATTENDANT.email, ATTENDANT.password);
    const token = await page.evaluate(() => localStorage.getItem('token') ?? '');
    const res = await fetch(`${product.url}/api/tickets?status=closed&showAll=true`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    const { tickets } = (await res.json()) as { tickets: { uuid: string; contact: { name: string } }[] };
    const old = tickets.find((t) => t.contact.name === 'Marta Lima');
    expect(old).toBeDefined();
    await page.goto(`/tickets/${old!.uuid}`);
    await seeText(page, CONVERSATION[0]!);
    const bodies = await page.getByTestId('message-body').allInnerTexts();
    expect(bodies.map((b) => b.trim())).toEqual(CONVERSATION);
    await shot(page, 'import-old-conversation');
    await page.context().close();
  }, 120_000);
});
