import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../test/support/app.js';
import { createTenant, type Tenant } from '../../test/support/factories.js';
import { inbound, insertConnection, phone } from '../../test/support/inbox.js';
import { eventually } from '../../test/support/eventually.js';
import { responder, type Candidate, type MessageRef } from './responder.js';
import { RESPONDERS } from './responders.js';

// Adding a responder is its Responder plus one line in the registry: a tiny one, registered for
// these tests, claims in the storing transaction and reacts after the commit, and the responders
// after it never see what it took.

let t: TestApp;
let tenant: Tenant;

const claimedSeen: Candidate[] = [];
const reactions: { message: MessageRef; claim: string; committed: boolean }[] = [];
const laterSeen: Candidate[] = [];

const q = async (text: string, params: unknown[]) => (await t.running.deps.pools.owner.query(text, params)).rows;

/** Takes the messages starting with "#eco"; its claim is the text after it. */
const echo = responder<string>({
  name: 'echo',
  async claim(_deps, { tx }, _companyId, open) {
    const taken = new Map<number, string>();
    for (const c of open.filter((c) => c.body.startsWith('#eco'))) {
      // Inside the storing transaction: the message is there for it already.
      const { rows } = await tx.execute(sql`select id from messages where id = ${c.messageId}`);
      expect(rows).toHaveLength(1);
      claimedSeen.push(c);
      taken.set(c.messageId, c.body.slice(4).trim());
    }
    return taken;
  },
  async react(_deps, message, claim) {
    const committed = (await q('select id from messages where id = $1', [message.messageId])).length === 1;
    reactions.push({ message, claim, committed });
  },
});

/** Last in line: claims nothing, records what reached it. */
const last = responder<undefined>({
  name: 'last',
  claim: (_deps, _uow, _companyId, open) => {
    laterSeen.push(...open);
    return Promise.resolve(new Map<number, undefined>());
  },
  react: () => Promise.resolve(),
});

beforeAll(async () => {
  t = await startTestApp();
  tenant = await createTenant(t);
  RESPONDERS.unshift(echo);
  RESPONDERS.push(last);
});
afterAll(async () => {
  RESPONDERS.splice(RESPONDERS.indexOf(echo), 1);
  RESPONDERS.splice(RESPONDERS.indexOf(last), 1);
  await t?.stop();
});
afterEach(() => {
  claimedSeen.length = 0;
  reactions.length = 0;
  laterSeen.length = 0;
});

describe('the responders registry', () => {
  it('a registered responder claims its messages in the storing transaction and reacts after the commit', async () => {
    const conn = await insertConnection(t, tenant.companyId);
    const customer = { number: phone(), name: 'Cliente' };
    const mine = await inbound(t, conn, customer, '#eco olá');
    const other = await inbound(t, conn, customer, 'bom dia');

    expect(claimedSeen.map((c) => [c.messageId, c.ticketId, c.whatsappId, c.isText, c.ticket.status])).toEqual([
      [mine.messageId, mine.ticketId, conn.id, true, 'pending'],
    ]);
    await eventually(() => reactions.length === 1, 5_000, 'the reaction');
    expect(reactions).toEqual([
      {
        message: { companyId: tenant.companyId, ticketId: mine.ticketId, messageId: mine.messageId },
        claim: 'olá',
        committed: true,
      },
    ]);
    // The responders after it saw only the message it left.
    expect(laterSeen.map((c) => c.messageId)).toEqual([other.messageId]);
  });

  it('a message automation may not answer reaches no responder (one sent from the company’s own phone)', async () => {
    const conn = await insertConnection(t, tenant.companyId);
    await inbound(t, conn, { number: phone() }, '#eco meu', { fromMe: true });
    expect(claimedSeen).toEqual([]);
    expect(laterSeen).toEqual([]);
    expect(reactions).toEqual([]);
  });
});
