import { describe, expect, it } from 'vitest';
import { DisconnectReason, proto } from '@whiskeysockets/baileys';
import { backoffDelay, closeCode, decideOnClose } from './close-policy.js';
import { ackOfReceipt, ackOfStatus, ackOfUpdate } from './map-ack.js';
import { LidWaitingRoom } from './lid-waiting-room.js';
import { outboundContent } from './outbound.js';
import { chatJid, lidOf, phoneOf, toJid } from './jid.js';
import { closeError } from './fake-socket.js';

const backoff = { initialMs: 1_000, maxMs: 30_000 };
const S = proto.WebMessageInfo.Status;

describe('close policy', () => {
  const state = { paired: true, pairing: false, attempt: 1 };

  it('backoff doubles from 1 s and stops at 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((n) => backoffDelay(n, backoff))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('logged out, forbidden and multi-device mismatch forget the pairing', () => {
    for (const code of [DisconnectReason.loggedOut, DisconnectReason.forbidden, DisconnectReason.multideviceMismatch]) {
      expect(decideOnClose(code, state, backoff)).toMatchObject({ action: 'disconnect', clearAuth: true });
    }
  });

  it('the restart after pairing reconnects at once, still PAIRING', () => {
    expect(decideOnClose(515, { paired: true, pairing: true, attempt: 1 }, backoff)).toEqual({
      action: 'reconnect',
      delayMs: 0,
      status: 'PAIRING',
    });
    expect(decideOnClose(515, state, backoff)).toMatchObject({ delayMs: 0, status: 'OPENING' });
  });

  it('a timeout before pairing (QR codes or pairing code ran out) gives up; after pairing it is TIMEOUT and retried', () => {
    expect(decideOnClose(408, { paired: false, pairing: true, attempt: 1 }, backoff)).toMatchObject({
      action: 'disconnect',
    });
    expect(decideOnClose(408, state, backoff)).toEqual({ action: 'reconnect', delayMs: 1_000, status: 'TIMEOUT' });
  });

  it('other closes reconnect with backoff: OPENING, then TIMEOUT once the backoff is at its cap', () => {
    expect(decideOnClose(428, state, backoff)).toEqual({ action: 'reconnect', delayMs: 1_000, status: 'OPENING' });
    expect(decideOnClose(500, { ...state, attempt: 3 }, backoff)).toMatchObject({ delayMs: 4_000, status: 'OPENING' });
    expect(decideOnClose(undefined, { ...state, attempt: 9 }, backoff)).toMatchObject({
      delayMs: 30_000,
      status: 'TIMEOUT',
    });
  });

  it('reads the status code of a Boom-like error', () => {
    expect(closeCode(closeError(515))).toBe(515);
    expect(closeCode(new Error('x'))).toBeUndefined();
    expect(closeCode(undefined)).toBeUndefined();
  });
});

describe('acks', () => {
  it('maps Baileys statuses to the project acks', () => {
    expect([S.ERROR, S.PENDING, S.SERVER_ACK, S.DELIVERY_ACK, S.READ, S.PLAYED].map(ackOfStatus)).toEqual([
      undefined,
      undefined,
      1,
      3,
      4,
      5,
    ]);
  });

  it('only our messages move; errors carry the code', () => {
    expect(ackOfUpdate({ key: { id: 'A', fromMe: true }, update: { status: S.READ } })).toEqual({
      externalId: 'A',
      ack: 4,
    });
    expect(ackOfUpdate({ key: { id: 'A', fromMe: false }, update: { status: S.READ } })).toBeUndefined();
    expect(ackOfUpdate({ key: { id: 'A', fromMe: true }, update: { message: null } })).toBeUndefined();
    expect(
      ackOfUpdate({ key: { id: 'A', fromMe: true }, update: { status: S.ERROR, messageStubParameters: ['479'] } }),
    ).toEqual({
      externalId: 'A',
      ack: 0,
      error: 'WhatsApp refused the message (479)',
    });
  });

  it('group receipts: delivered, read, played', () => {
    const key = { id: 'G', fromMe: true, remoteJid: '120363041234567890@g.us' };
    expect(ackOfReceipt({ key, receipt: { userJid: 'x', receiptTimestamp: 1 } })).toEqual({ externalId: 'G', ack: 3 });
    expect(ackOfReceipt({ key, receipt: { userJid: 'x', readTimestamp: 1 } })).toEqual({ externalId: 'G', ack: 4 });
    expect(ackOfReceipt({ key, receipt: { userJid: 'x', playedTimestamp: 1 } })).toEqual({ externalId: 'G', ack: 5 });
  });
});

describe('LID waiting room', () => {
  it('gives back what waited for a LID, oldest first', () => {
    const room = new LidWaitingRoom<string>({ max: 10, ttlMs: 1_000 });
    room.add('a@lid', '1');
    room.add('b@lid', '2');
    room.add('a@lid', '3');
    expect(room.take('a@lid')).toEqual(['1', '3']);
    expect(room.size).toBe(1);
  });

  it('is bounded in count and in time', () => {
    let now = 0;
    const room = new LidWaitingRoom<string>({ max: 2, ttlMs: 1_000 }, () => now);
    room.add('a@lid', '1');
    room.add('b@lid', '2');
    expect(room.add('c@lid', '3')).toEqual(['1']);
    now = 2_000;
    expect(room.add('d@lid', '4').sort()).toEqual(['2', '3']);
    expect(room.clear()).toEqual(['4']);
    expect(room.size).toBe(0);
  });
});

describe('outbound content', () => {
  const base = { to: '5511988887777', isGroup: false, body: 'olá' };
  const data = Buffer.from('x');

  it('text, and media with caption, mimetype and file name', () => {
    expect(outboundContent(base)).toEqual({ text: 'olá' });
    expect(
      outboundContent({ ...base, media: { data, mimetype: 'image/png', fileName: 'a.png', type: 'image' } }),
    ).toEqual({
      image: data,
      mimetype: 'image/png',
      caption: 'olá',
    });
    expect(
      outboundContent({ ...base, media: { data, mimetype: 'video/mp4', fileName: 'v.mp4', type: 'video' } }),
    ).toMatchObject({ video: data });
    expect(
      outboundContent({
        ...base,
        body: 'nota.pdf',
        media: { data, mimetype: 'application/pdf', fileName: 'nota.pdf', type: 'document' },
      }),
    ).toEqual({ document: data, mimetype: 'application/pdf', fileName: 'nota.pdf' });
  });

  it('voice notes for ogg/opus audio, plain audio otherwise', () => {
    expect(
      outboundContent({
        ...base,
        media: { data, mimetype: 'audio/ogg; codecs=opus', fileName: 'a.ogg', type: 'audio' },
      }),
    ).toEqual({
      audio: data,
      mimetype: 'audio/ogg; codecs=opus',
      ptt: true,
    });
    expect(
      outboundContent({ ...base, media: { data, mimetype: 'audio/mpeg', fileName: 'a.mp3', type: 'audio' } }),
    ).toMatchObject({ ptt: false });
  });
});

describe('jids', () => {
  it('phone numbers come only from phone jids', () => {
    expect(phoneOf('5511988887777:3@s.whatsapp.net')).toBe('5511988887777');
    expect(phoneOf('123456789012345@lid')).toBeUndefined();
    expect(phoneOf('120363041234567890@g.us')).toBeUndefined();
    expect(lidOf('123456789012345:7@lid')).toBe('123456789012345@lid');
  });

  it('tells groups from numbers when sending and reading', () => {
    expect(toJid('+55 (11) 98888-7777', false)).toBe('5511988887777@s.whatsapp.net');
    expect(toJid('120363041234567890', true)).toBe('120363041234567890@g.us');
    expect(chatJid('5511988887777')).toBe('5511988887777@s.whatsapp.net');
    expect(chatJid('120363041234567890')).toBe('120363041234567890@g.us');
    expect(chatJid('5511999990000-1600000000')).toBe('5511999990000-1600000000@g.us');
  });
});
