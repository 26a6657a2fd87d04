import { describe, expect, it } from 'vitest';
import { proto, type WACallEvent, type WAMessage } from '@whiskeysockets/baileys';
import { callLidsToResolve, lidsToResolve, mapCall, mapMessage, type MapContext, type Mapped } from './map-message.js';

const PN = '5511988887777';
const PN_JID = `${PN}@s.whatsapp.net`;
const LID = '123456789012345@lid';
const GROUP = '120363041234567890@g.us';

const ctx = (known: Record<string, string> = {}, extra: Partial<MapContext> = {}): MapContext => ({
  pnForLid: (lid) => known[lid],
  download: async () => Buffer.from('bytes'),
  ...extra,
});

function wa(
  message: proto.IMessage | null,
  key: Partial<WAMessage['key']> = {},
  extra: Partial<WAMessage> = {},
): WAMessage {
  return {
    key: { remoteJid: PN_JID, fromMe: false, id: 'MSG1', ...key },
    message,
    messageTimestamp: 1_700_000_000,
    pushName: 'Maria',
    ...extra,
  };
}

function stored(mapped: Mapped) {
  expect(mapped.kind, JSON.stringify(mapped)).toBe('message');
  return (mapped as Extract<Mapped, { kind: 'message' }>).message;
}

describe('mapMessage: kinds', () => {
  it('text, plain and extended, with the sender by phone number and push name', () => {
    const m = stored(mapMessage(wa({ conversation: 'Olá' }), ctx()));
    expect(m).toMatchObject({
      externalId: 'MSG1',
      chatId: PN,
      isGroup: false,
      fromMe: false,
      contact: { number: PN, name: 'Maria' },
      type: 'chat',
      body: 'Olá',
    });
    expect(m.timestamp.toISOString()).toBe(new Date(1_700_000_000_000).toISOString());
    expect(m.media).toBeUndefined();
    expect(stored(mapMessage(wa({ extendedTextMessage: { text: 'link https://x.y' } }), ctx())).body).toBe(
      'link https://x.y',
    );
  });

  it('image, video, sticker with caption and mimetype, downloadable', async () => {
    const image = stored(mapMessage(wa({ imageMessage: { caption: 'foto', mimetype: 'image/png' } }), ctx()));
    expect(image).toMatchObject({ type: 'image', body: 'foto', media: { mimetype: 'image/png' } });
    expect((await image.media!.download()).toString()).toBe('bytes');
    expect(stored(mapMessage(wa({ videoMessage: { mimetype: 'video/mp4' } }), ctx()))).toMatchObject({
      type: 'video',
      body: '',
    });
    expect(stored(mapMessage(wa({ stickerMessage: { mimetype: 'image/webp' } }), ctx()))).toMatchObject({
      type: 'sticker',
      media: { mimetype: 'image/webp' },
    });
  });

  it('audio, voice notes (ptt) included', () => {
    const audio = stored(mapMessage(wa({ audioMessage: { mimetype: 'audio/mpeg' } }), ctx()));
    expect(audio).toMatchObject({ type: 'audio', media: { mimetype: 'audio/mpeg' } });
    const ptt = stored(mapMessage(wa({ audioMessage: { ptt: true, mimetype: 'audio/ogg; codecs=opus' } }), ctx()));
    expect(ptt).toMatchObject({ type: 'audio', media: { mimetype: 'audio/ogg; codecs=opus' } });
  });

  it('documents with their file name, and documents with a caption (wrapped)', () => {
    const doc = stored(
      mapMessage(wa({ documentMessage: { fileName: 'nota.pdf', mimetype: 'application/pdf' } }), ctx()),
    );
    expect(doc).toMatchObject({
      type: 'document',
      body: 'nota.pdf',
      media: { mimetype: 'application/pdf', fileName: 'nota.pdf' },
    });
    const captioned = stored(
      mapMessage(
        wa({
          documentWithCaptionMessage: {
            message: {
              documentMessage: { fileName: 'a.xlsx', caption: 'planilha', mimetype: 'application/vnd.ms-excel' },
            },
          },
        }),
        ctx(),
      ),
    );
    expect(captioned).toMatchObject({ type: 'document', body: 'planilha', media: { fileName: 'a.xlsx' } });
  });

  it('location and live location: coordinates in the body', () => {
    const loc = stored(
      mapMessage(
        wa({
          locationMessage: { degreesLatitude: -23.55, degreesLongitude: -46.63, name: 'Loja', address: 'Rua A, 1' },
        }),
        ctx(),
      ),
    );
    expect(loc.type).toBe('location');
    expect(loc.body).toBe('https://maps.google.com/maps?q=-23.55%2C-46.63&z=17\nLoja\nRua A, 1');
    const live = stored(
      mapMessage(wa({ liveLocationMessage: { degreesLatitude: 1.5, degreesLongitude: 2.5 } }), ctx()),
    );
    expect(live).toMatchObject({ type: 'location', body: 'https://maps.google.com/maps?q=1.5%2C2.5&z=17' });
  });

  it('contacts: one vcard or several', () => {
    const card = 'BEGIN:VCARD\nVERSION:3.0\nFN:João\nTEL;waid=5511900000000:+55 11 90000-0000\nEND:VCARD';
    expect(stored(mapMessage(wa({ contactMessage: { displayName: 'João', vcard: card } }), ctx()))).toMatchObject({
      type: 'vcard',
      body: card,
    });
    const many = stored(
      mapMessage(wa({ contactsArrayMessage: { contacts: [{ vcard: card }, { vcard: card }] } }), ctx()),
    );
    expect(many).toMatchObject({ type: 'vcard', body: `${card}\n${card}` });
  });

  it('call logs: missed-call stubs and call-log messages', () => {
    const stub = stored(
      mapMessage(wa(null, {}, { messageStubType: proto.WebMessageInfo.StubType.CALL_MISSED_VIDEO }), ctx()),
    );
    expect(stub).toMatchObject({ type: 'call_log', body: 'Chamada de vídeo perdida' });
    const log = stored(
      mapMessage(
        wa({ callLogMesssage: { isVideo: false, callOutcome: proto.Message.CallLogMessage.CallOutcome.MISSED } }),
        ctx(),
      ),
    );
    expect(log).toMatchObject({ type: 'call_log', body: 'Chamada de voz perdida' });
  });

  it('quotes: the quoted message id from the context', () => {
    const m = stored(
      mapMessage(
        wa({ extendedTextMessage: { text: 'sim', contextInfo: { stanzaId: 'QUOTED1', participant: PN_JID } } }),
        ctx(),
      ),
    );
    expect(m.quotedExternalId).toBe('QUOTED1');
    const onImage = stored(mapMessage(wa({ imageMessage: { contextInfo: { stanzaId: 'QUOTED2' } } }), ctx()));
    expect(onImage.quotedExternalId).toBe('QUOTED2');
  });

  it('disappearing and view-once wrappers are unwrapped', () => {
    expect(stored(mapMessage(wa({ ephemeralMessage: { message: { conversation: 'some' } } }), ctx())).body).toBe(
      'some',
    );
    const once = stored(
      mapMessage(
        wa({ viewOnceMessageV2: { message: { imageMessage: { mimetype: 'image/jpeg', caption: 'uma vez' } } } }),
        ctx(),
      ),
    );
    expect(once).toMatchObject({ type: 'image', body: 'uma vez' });
    const both = stored(
      mapMessage(
        wa({
          ephemeralMessage: { message: { viewOnceMessage: { message: { videoMessage: { mimetype: 'video/mp4' } } } } },
        }),
        ctx(),
      ),
    );
    expect(both.type).toBe('video');
  });

  it('messages from our phone keep the customer as contact, without our push name', () => {
    const m = stored(
      mapMessage(wa({ conversation: 'enviado do celular' }, { fromMe: true }, { pushName: 'Loja' }), ctx()),
    );
    expect(m).toMatchObject({ fromMe: true, chatId: PN, contact: { number: PN } });
    expect(m.contact.name).toBeUndefined();
  });
});

describe('mapMessage: updates', () => {
  const T = proto.Message.ProtocolMessage.Type;

  it('an edit (protocol message, bare or in its edited envelope) updates the named message', () => {
    const bare = mapMessage(
      wa({
        protocolMessage: { type: T.MESSAGE_EDIT, key: { id: 'ORIG' }, editedMessage: { conversation: 'corrigido' } },
      }),
      ctx(),
    );
    expect(bare).toEqual({ kind: 'update', update: { kind: 'edit', externalId: 'ORIG', body: 'corrigido' } });
    const wrapped = mapMessage(
      wa({
        editedMessage: {
          message: {
            protocolMessage: {
              type: T.MESSAGE_EDIT,
              key: { id: 'ORIG' },
              editedMessage: { extendedTextMessage: { text: 'novo' } },
            },
          },
        },
      }),
      ctx(),
    );
    expect(wrapped).toEqual({ kind: 'update', update: { kind: 'edit', externalId: 'ORIG', body: 'novo' } });
  });

  it('a revoke deletes the named message', () => {
    expect(mapMessage(wa({ protocolMessage: { type: T.REVOKE, key: { id: 'GONE' } } }), ctx())).toEqual({
      kind: 'update',
      update: { kind: 'delete', externalId: 'GONE' },
    });
  });

  it('a reaction is an update of the message reacted to; taking it back is ignored', () => {
    expect(mapMessage(wa({ reactionMessage: { key: { id: 'ORIG' }, text: '👍' } }), ctx())).toEqual({
      kind: 'update',
      update: { kind: 'reaction', externalId: 'ORIG', emoji: '👍', from: PN },
    });
    expect(mapMessage(wa({ reactionMessage: { key: { id: 'ORIG' }, text: '' } }), ctx()).kind).toBe('ignore');
    const mine = mapMessage(
      wa({ reactionMessage: { key: { id: 'ORIG' }, text: '❤️' } }, { fromMe: true }),
      ctx({}, { me: '5511900000001' }),
    );
    expect(mine).toMatchObject({ update: { from: '5511900000001' } });
  });

  it('other protocol messages, empty stubs and unknown content are ignored', () => {
    expect(mapMessage(wa({ protocolMessage: { type: T.EPHEMERAL_SETTING } }), ctx()).kind).toBe('ignore');
    expect(mapMessage(wa(null, {}, { messageStubType: proto.WebMessageInfo.StubType.CIPHERTEXT }), ctx()).kind).toBe(
      'ignore',
    );
    expect(mapMessage(wa({ senderKeyDistributionMessage: { groupId: GROUP } }), ctx()).kind).toBe('ignore');
  });
});

describe('mapMessage: phone numbers, never LIDs', () => {
  it('a LID chat with the phone number as the key alternate: stored under the number, LID kept apart', () => {
    const m = stored(mapMessage(wa({ conversation: 'oi' }, { remoteJid: LID, remoteJidAlt: PN_JID }), ctx()));
    expect(m.chatId).toBe(PN);
    expect(m.contact).toEqual({ number: PN, name: 'Maria', lid: LID });
  });

  it('a phone chat with the LID as alternate keeps both', () => {
    const m = stored(mapMessage(wa({ conversation: 'oi' }, { remoteJid: PN_JID, remoteJidAlt: LID }), ctx()));
    expect(m.contact).toEqual({ number: PN, name: 'Maria', lid: LID });
  });

  it('a LID whose number the socket knows: stored under that number', () => {
    expect(lidsToResolve({ remoteJid: LID })).toEqual([LID]);
    const m = stored(mapMessage(wa({ conversation: 'oi' }, { remoteJid: LID }), ctx({ [LID]: PN })));
    expect(m.contact).toMatchObject({ number: PN, lid: LID });
  });

  it('a LID with no known number is deferred, never stored as a number', () => {
    const mapped = mapMessage(wa({ conversation: 'oi' }, { remoteJid: '987654321098765:12@lid' }), ctx());
    expect(mapped).toEqual({ kind: 'defer', lid: '987654321098765@lid' });
  });

  it('a device suffix on a phone jid is dropped', () => {
    expect(
      stored(mapMessage(wa({ conversation: 'x' }, { remoteJid: `${PN}:5@s.whatsapp.net` }), ctx())).contact.number,
    ).toBe(PN);
  });

  it('edits, deletions and reactions from a LID-only chat still apply (they name a message, not a contact)', () => {
    const T = proto.Message.ProtocolMessage.Type;
    expect(
      mapMessage(wa({ protocolMessage: { type: T.REVOKE, key: { id: 'X' } } }, { remoteJid: LID }), ctx()).kind,
    ).toBe('update');
    expect(
      mapMessage(wa({ reactionMessage: { key: { id: 'X' }, text: '😀' } }, { remoteJid: LID }), ctx()),
    ).toMatchObject({
      update: { from: '' },
    });
  });
});

describe('mapMessage: groups and ignored chats', () => {
  it('a group message: the chat is the group, the participant is the sender by phone number', () => {
    const m = stored(
      mapMessage(
        wa({ conversation: 'bom dia' }, { remoteJid: GROUP, participant: PN_JID }),
        ctx({}, { groupName: () => 'Clientes VIP' }),
      ),
    );
    expect(m).toMatchObject({
      chatId: '120363041234567890',
      isGroup: true,
      contact: { number: '120363041234567890', name: 'Clientes VIP' },
      participant: { number: PN, name: 'Maria' },
    });
  });

  it('a group sender known only by LID: resolved through the alternate, else left out (the message stays)', () => {
    const viaAlt = stored(
      mapMessage(wa({ conversation: 'x' }, { remoteJid: GROUP, participant: LID, participantAlt: PN_JID }), ctx()),
    );
    expect(viaAlt.participant).toEqual({ number: PN, name: 'Maria' });
    expect(lidsToResolve({ remoteJid: GROUP, participant: LID })).toEqual([LID]);
    const unknown = stored(mapMessage(wa({ conversation: 'x' }, { remoteJid: GROUP, participant: LID }), ctx()));
    expect(unknown.participant).toBeUndefined();
    expect(unknown.contact.number).toBe('120363041234567890');
    expect(JSON.stringify(unknown)).not.toContain('123456789012345');
  });

  it('old-style group ids keep their dash', () => {
    const m = stored(
      mapMessage(wa({ conversation: 'x' }, { remoteJid: '5511999990000-1600000000@g.us', participant: PN_JID }), ctx()),
    );
    expect(m.chatId).toBe('5511999990000-1600000000');
  });

  it('status broadcasts, broadcast lists and newsletters are ignored', () => {
    for (const remoteJid of ['status@broadcast', '1600000000@broadcast', '120363000000000000@newsletter']) {
      expect(mapMessage(wa({ conversation: 'x' }, { remoteJid, participant: PN_JID }), ctx()).kind, remoteJid).toBe(
        'ignore',
      );
    }
  });
});

describe('mapCall', () => {
  const call = (over: Partial<WACallEvent> = {}): WACallEvent => ({
    chatId: PN_JID,
    from: PN_JID,
    id: 'CALL1',
    date: new Date(1_700_000_000_000),
    isVideo: false,
    status: 'offer',
    offline: false,
    ...over,
  });

  it('an incoming call is one call-log message, by phone number', () => {
    expect(stored(mapCall(call(), ctx()))).toMatchObject({
      externalId: 'call-CALL1',
      chatId: PN,
      type: 'call_log',
      body: 'Chamada de voz recebida',
      contact: { number: PN },
    });
    expect(stored(mapCall(call({ isVideo: true }), ctx())).body).toBe('Chamada de vídeo recebida');
    expect(stored(mapCall(call(), ctx(), 'rejected'))).toMatchObject({ body: 'Chamada de voz recusada', refusedCall: true });
    expect(stored(mapCall(call(), ctx())).refusedCall).toBeUndefined();
    expect(mapCall(call({ status: 'timeout' }), ctx()).kind).toBe('ignore');
  });

  it('a LID caller: the caller PN, the known mapping, or deferred', () => {
    expect(stored(mapCall(call({ from: LID, callerPn: PN_JID }), ctx())).contact).toEqual({ number: PN, lid: LID });
    expect(callLidsToResolve(call({ from: LID }))).toEqual([LID]);
    expect(stored(mapCall(call({ from: LID }), ctx({ [LID]: PN }))).contact.number).toBe(PN);
    expect(mapCall(call({ from: LID }), ctx())).toEqual({ kind: 'defer', lid: LID });
  });
});
