import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/support/app.js';
import { createPlan, createTenant, type Tenant } from '../../test/support/factories.js';
import { expectNotFound } from '../../test/support/expect.js';
import { eventually } from '../../test/support/eventually.js';
import { startFakeS3, type FakeS3 } from '../../test/support/fake-s3.js';
import {
  inbound,
  insertConnection,
  phone,
  storedMessages,
  useRecordingChannels,
  type RecordingChannels,
} from '../../test/support/inbox.js';
import { sessionsOf } from '../../test/support/app.js';

/**
 * The app started with STORAGE=s3 against a fake S3 (real HTTP, SigV4 checked): every path
 * that stores, reads or removes media goes to the bucket, and nothing lands on local disk.
 */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const CREDENTIALS = { accessKeyId: 'AKIDBALCAOAPP', secretAccessKey: 'app-secret-for-the-fake-s3' };

let s3: FakeS3;
let t: TestApp;
let rec: RecordingChannels;
let a: Tenant;
let b: Tenant;
let conn: { id: number; companyId: number };

beforeAll(async () => {
  s3 = await startFakeS3({ bucket: 'balcao-media', ...CREDENTIALS, region: 'sa-east-1' });
  t = await startTestApp({
    STORAGE: 's3',
    S3_BUCKET: 'balcao-media',
    S3_ENDPOINT: s3.url,
    S3_REGION: 'sa-east-1',
    S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
  });
  rec = await useRecordingChannels(t);
  const plan = await createPlan(t, { users: 10 });
  a = await createTenant(t, { planId: plan.id });
  b = await createTenant(t, { planId: plan.id });
  conn = await insertConnection(t, a.companyId, { isDefault: true, sessionWanted: true });
  await sessionsOf(t).tick();
  expect(sessionsOf(t).local(conn.id)).toBeDefined();
});
afterAll(async () => {
  await t?.stop();
  await s3?.close();
});

const keyOf = (companyId: number, ext: string) => new RegExp(`^${companyId}/\\d{4}-\\d{2}/[0-9a-f-]{36}\\.${ext}$`);
const fetchMedia = (token: string, url: string) =>
  fetch(`${t.url}${url}`, { headers: { authorization: `Bearer ${token}` } });
/** Nothing was written under DATA_DIR/media: the bucket holds the files. */
const localMedia = () => fs.readdir(path.join(t.running.deps.config.DATA_DIR, 'media')).catch(() => [] as string[]);

describe('STORAGE=s3', () => {
  it('a picture sent on a ticket goes to the bucket, to the phone, back through GET media, and leaves with the ticket', async () => {
    const number = phone();
    const first = await inbound(t, conn, { number, name: 'Cliente S3' }, 'Olá');
    expect((await a.admin.api.put(`/api/tickets/${first.ticketId}`, { status: 'open' })).status).toBe(200);

    const form = new FormData();
    form.append('body', 'segue a foto');
    form.append('medias', new Blob([PNG], { type: 'image/png' }), 'foto.png');
    const res = await fetch(`${t.url}/api/messages/${first.ticketId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${a.admin.token}` },
      body: form,
    });
    const body = (await res.json()) as any;
    expect(res.status, JSON.stringify(body)).toBe(201);
    const [image] = body.messages;
    expect(image.mediaUrl).toMatch(keyOf(a.companyId, 'png'));
    expect(s3.objects.get(image.mediaUrl)).toEqual({ data: PNG, contentType: 'image/png' });

    // The outbox read it back from the bucket to send it.
    const sent = await eventually(() => rec.sent.find((s) => s.message.to === number && s.message.media));
    expect(sent.message.media!.data).toEqual(PNG);

    const served = await fetchMedia(a.admin.token, `/api/messages/${image.id}/media`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
    expectNotFound(await b.admin.api.get(`/api/messages/${image.id}/media`));
    expect(await localMedia()).toEqual([]);

    expect((await a.admin.api.delete(`/api/tickets/${first.ticketId}`)).status).toBe(204);
    expect(s3.objects.has(image.mediaUrl)).toBe(false);
  });

  it('media received from a customer is saved in the bucket', async () => {
    const received = await inbound(t, conn, { number: phone(), name: 'Cliente PDF' }, 'contrato.pdf', {
      type: 'document',
      media: { mimetype: 'application/pdf', fileName: 'contrato.pdf', download: async () => PDF },
    });
    const [stored] = await storedMessages(t, a.companyId, received.ticketId);
    expect(stored!.mediaUrl).toMatch(keyOf(a.companyId, 'pdf'));
    expect(s3.objects.get(stored!.mediaUrl!)?.data).toEqual(PDF);
    const served = await fetchMedia(a.admin.token, `/api/messages/${received.messageId}/media`);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PDF);
    expect(await localMedia()).toEqual([]);
  });

  it('a quick answer attachment is stored, served, replaced and removed in the bucket', async () => {
    const created = await a.admin.api.post('/api/quick-messages', { shortcode: 'fotos3', message: 'Veja' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const upload = async (blob: Blob, name: string) => {
      const form = new FormData();
      form.append('file', blob, name);
      const res = await fetch(`${t.url}/api/quick-messages/${created.body.id}/media-upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${a.admin.token}` },
        body: form,
      });
      const body = (await res.json()) as any;
      expect(res.status, JSON.stringify(body)).toBe(200);
      return body as { mediaPath: string; mediaUrl: string };
    };

    const png = await upload(new Blob([PNG], { type: 'image/png' }), 'foto.png');
    expect(png.mediaPath).toMatch(keyOf(a.companyId, 'png'));
    expect(s3.objects.get(png.mediaPath)?.data).toEqual(PNG);
    const served = await fetchMedia(a.admin.token, png.mediaUrl);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);

    const pdf = await upload(new Blob([PDF], { type: 'application/pdf' }), 'preco.pdf');
    await eventually(() => !s3.objects.has(png.mediaPath), 5_000, 'the replaced file removed');
    expect(s3.objects.get(pdf.mediaPath)?.data).toEqual(PDF);

    expect((await a.admin.api.delete(`/api/quick-messages/${created.body.id}`)).status).toBe(204);
    await eventually(() => !s3.objects.has(pdf.mediaPath), 5_000, 'the deleted answer’s file removed');
    expect(await localMedia()).toEqual([]);
  });

  it('an object missing from the bucket answers 404 on its media address, not 500', async () => {
    const received = await inbound(t, conn, { number: phone() }, 'foto', {
      type: 'image',
      media: { mimetype: 'image/png', download: async () => PNG },
    });
    const [stored] = await storedMessages(t, a.companyId, received.ticketId);
    s3.objects.delete(stored!.mediaUrl!);
    expectNotFound(await a.admin.api.get(`/api/messages/${received.messageId}/media`));
  });
});
