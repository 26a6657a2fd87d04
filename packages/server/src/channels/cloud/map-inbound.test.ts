import { describe, expect, it } from 'vitest';
import { locationBody, mapMessage, mapStatus, timestampOf, type MediaFetcher } from './map-inbound.js';
import { toVCard } from './vcard.js';
import { webhookMessage, webhookStatus } from './webhook-payload.js';

const fetched: string[] = [];
const fetchMedia: MediaFetcher = (id, mimetype, fileName) => ({
  mimetype,
  fileName,
  download: async () => {
    fetched.push(id);
    return Buffer.from(id);
  },
});
const names = new Map([['5511999990000', 'Ana']]);
const map = (m: Record<string, unknown>) =>
  mapMessage(
    webhookMessage.parse({ from: '5511999990000', id: 'wamid.1', timestamp: '1700000000', ...m }),
    names,
    fetchMedia,
  );
const message = (m: Record<string, unknown>) => {
  const r = map(m);
  if (r.kind !== 'message') throw new Error('not a message');
  return r.message;
};

describe('Cloud API message mapping', () => {
  it('text: a chat message from the wa_id, with the push name and time', () => {
    expect(message({ type: 'text', text: { body: 'Oi' } })).toEqual({
      externalId: 'wamid.1',
      chatId: '5511999990000',
      isGroup: false,
      fromMe: false,
      contact: { number: '5511999990000', name: 'Ana' },
      timestamp: new Date(1_700_000_000_000),
      type: 'chat',
      body: 'Oi',
      quotedExternalId: undefined,
    });
  });

  it('media: type, caption, mime type and file name; bytes fetched by media id on demand', async () => {
    const image = message({ type: 'image', image: { id: 'm1', mime_type: 'image/png', caption: 'foto' } });
    expect(image).toMatchObject({ type: 'image', body: 'foto', media: { mimetype: 'image/png' } });
    expect(fetched).toEqual([]);
    expect(await image.media!.download()).toEqual(Buffer.from('m1'));
    expect(fetched).toEqual(['m1']);
    expect(
      message({ type: 'audio', audio: { id: 'm2', mime_type: 'audio/ogg; codecs=opus', voice: true } }),
    ).toMatchObject({
      type: 'audio',
      body: '',
      media: { mimetype: 'audio/ogg; codecs=opus' },
    });
    expect(message({ type: 'video', video: { id: 'm3' } })).toMatchObject({
      type: 'video',
      media: { mimetype: 'video/mp4' },
    });
    expect(
      message({ type: 'document', document: { id: 'm4', filename: 'a.pdf', mime_type: 'application/pdf' } }),
    ).toMatchObject({
      type: 'document',
      body: 'a.pdf',
      media: { fileName: 'a.pdf' },
    });
    expect(message({ type: 'document', document: { id: 'm4', filename: 'a.pdf', caption: 'Contrato' } }).body).toBe(
      'Contrato',
    );
    expect(message({ type: 'sticker', sticker: { id: 'm5', mime_type: 'image/webp' } })).toMatchObject({
      type: 'sticker',
    });
  });

  it('location: name, address and a map link; numbers given as text are read', () => {
    expect(
      message({ type: 'location', location: { latitude: '-23.5', longitude: -46.6, name: 'Loja' } }),
    ).toMatchObject({
      type: 'location',
      body: 'Loja\nhttps://maps.google.com/maps?q=-23.5,-46.6&z=17',
    });
    expect(locationBody({ latitude: 1, longitude: 2 })).toBe('https://maps.google.com/maps?q=1,2&z=17');
  });

  it('contacts: one vCard per card', () => {
    const m = message({
      type: 'contacts',
      contacts: [
        {
          name: { formatted_name: 'A; B', first_name: 'A' },
          phones: [{ phone: '+1 555', wa_id: '1555', type: 'WORK' }],
        },
        { name: { first_name: 'Zé', last_name: 'Lima' }, org: { company: 'ACME', title: 'CEO' } },
      ],
    });
    expect(m.type).toBe('vcard');
    expect(m.body.match(/BEGIN:VCARD/g)).toHaveLength(2);
    expect(m.body).toContain('FN:A\\; B');
    expect(m.body).toContain('TEL;TYPE=WORK;waid=1555:+1 555');
    expect(m.body).toContain('FN:Zé Lima');
    expect(m.body).toContain('ORG:ACME');
    expect(m.body).toContain('TITLE:CEO');
  });

  it('buttons and lists become the text the customer chose; context is the quoted message', () => {
    expect(
      message({ type: 'interactive', interactive: { type: 'button_reply', button_reply: { id: 'x', title: 'Sim' } } })
        .body,
    ).toBe('Sim');
    expect(
      message({ type: 'interactive', interactive: { type: 'list_reply', list_reply: { id: 'y', title: 'Item' } } })
        .body,
    ).toBe('Item');
    const b = message({
      type: 'button',
      button: { text: 'Quero', payload: 'P' },
      context: { from: '1', id: 'wamid.q' },
    });
    expect(b).toMatchObject({ type: 'chat', body: 'Quero', quotedExternalId: 'wamid.q' });
  });

  it('reactions are updates of the reacted message; an empty emoji removes', () => {
    expect(map({ type: 'reaction', reaction: { message_id: 'wamid.r', emoji: '👍' } })).toEqual({
      kind: 'reaction',
      update: { kind: 'reaction', externalId: 'wamid.r', emoji: '👍', from: '5511999990000' },
    });
    expect(map({ type: 'reaction', reaction: { message_id: 'wamid.r' } })).toMatchObject({ update: { emoji: '' } });
  });

  it('anything else keeps a readable body', () => {
    expect(message({ type: 'unsupported', errors: [{ code: 131051, title: 'Message type unknown' }] }).body).toBe(
      '[unsupported message not supported: Message type unknown]',
    );
    expect(message({ type: 'order', order: { catalog_id: '1' } }).body).toBe('[order message not supported]');
    expect(message({ type: 'system', system: { body: 'User changed number' } }).body).toBe('User changed number');
    // A type whose object is missing is not a crash.
    expect(message({ type: 'image' })).toMatchObject({ type: 'chat', body: '[image message not supported]' });
  });

  it('timestamps: Unix seconds, now when absent', () => {
    expect(timestampOf('1700000000').getTime()).toBe(1_700_000_000_000);
    expect(Math.abs(timestampOf(undefined).getTime() - Date.now())).toBeLessThan(1000);
  });
});

describe('Cloud API status mapping', () => {
  const s = (status: string, extra: Record<string, unknown> = {}) =>
    mapStatus(webhookStatus.parse({ id: 'wamid.s', status, ...extra }));
  it('sent 1, delivered 3, read 4; failed keeps the ack and carries the error; others ignored', () => {
    expect(s('sent')).toEqual({ externalId: 'wamid.s', ack: 1 });
    expect(s('delivered')).toEqual({ externalId: 'wamid.s', ack: 3 });
    expect(s('read')).toEqual({ externalId: 'wamid.s', ack: 4 });
    expect(
      s('failed', { errors: [{ code: 131026, title: 'Message undeliverable', error_data: { details: 'x' } }] }),
    ).toEqual({
      externalId: 'wamid.s',
      ack: 0,
      error: '131026 Message undeliverable x',
    });
    expect(s('failed')?.error).toBe('failed');
    expect(s('deleted')).toBeUndefined();
  });

  it("carries the send's biz_opaque_callback_data as ref", () => {
    expect(s('sent', { biz_opaque_callback_data: 'balcao:42:x' })).toEqual({
      externalId: 'wamid.s',
      ack: 1,
      ref: 'balcao:42:x',
    });
    expect(s('failed', { biz_opaque_callback_data: 'balcao:42:x' })).toMatchObject({ ack: 0, ref: 'balcao:42:x' });
  });
});

describe('vCard', () => {
  it('escapes separators and falls back to the phone for a nameless card', () => {
    expect(toVCard({ phones: [{ phone: '+55 11 1' }] })).toBe(
      ['BEGIN:VCARD', 'VERSION:3.0', 'N:;;;;', 'FN:+55 11 1', 'TEL;TYPE=CELL:+55 11 1', 'END:VCARD'].join('\n'),
    );
  });
});
