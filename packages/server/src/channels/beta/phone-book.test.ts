import { describe, expect, it } from 'vitest';
import pino from 'pino';
import type { ChannelEvents } from '../channel.js';
import { Inbound } from './inbound.js';

const events: ChannelEvents = {
  status: async () => {},
  deliver: async () => ({ stored: 0, duplicates: 0, acks: 0, updates: 0, skipped: 0 }),
  message: async () => {},
  ack: async () => {},
  update: async () => {},
  contact: async () => {},
};

const inbound = () =>
  new Inbound(events, pino({ level: 'silent' }), {
    lidWait: { max: 10, ttlMs: 60_000 },
    download: async () => Buffer.alloc(0),
  });

describe('beta phone book', () => {
  it('keeps the people of WhatsApp’s contact sync by number, with the saved name first', async () => {
    const book = inbound();
    await book.contacts([
      { id: '5511911110001@s.whatsapp.net', name: 'Ana (saved)', notify: 'Ana' },
      { id: '5511911110002@s.whatsapp.net', notify: 'Bruno' },
      { id: '123456789012345@lid', phoneNumber: '5511911110003@s.whatsapp.net', verifiedName: 'Loja C' },
      { id: '120363041234567890@g.us', name: 'A group' },
      { id: '999999999999999@lid', name: 'Only a LID' },
    ]);
    // A later update without a name keeps the name already known.
    await book.contacts([{ id: '5511911110002@s.whatsapp.net', imgUrl: null }]);
    expect(book.phoneBook()).toEqual([
      { number: '5511911110001', name: 'Ana (saved)' },
      { number: '5511911110002', name: 'Bruno' },
      { number: '5511911110003', name: 'Loja C' },
    ]);
  });
});
