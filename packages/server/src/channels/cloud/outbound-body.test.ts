import { describe, expect, it } from 'vitest';
import { messageBody } from './outbound-body.js';

const base = { to: '5511999990000', isGroup: false };

describe('Cloud API send body', () => {
  it('text, with link preview only when the text has a link', () => {
    expect(messageBody({ ...base, body: 'Olá' })).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '5511999990000',
      type: 'text',
      text: { preview_url: false, body: 'Olá' },
    });
    expect(messageBody({ ...base, body: 'veja https://example.com' })).toMatchObject({ text: { preview_url: true } });
  });

  it('a reply carries context.message_id', () => {
    expect(messageBody({ ...base, body: 'Sim', quoted: { externalId: 'wamid.q', fromMe: false } })).toMatchObject({
      context: { message_id: 'wamid.q' },
    });
  });

  it('names our message in biz_opaque_callback_data when the send carries a ref', () => {
    expect(messageBody({ ...base, body: 'Oi', ref: 'balcao:7:x' })).toMatchObject({
      biz_opaque_callback_data: 'balcao:7:x',
    });
    expect(messageBody({ ...base, body: 'Oi' })).not.toHaveProperty('biz_opaque_callback_data');
  });

  it('media by id: caption for image/video/document, filename for documents, none for audio/sticker', () => {
    const media = (type: any, mimetype: string, fileName = 'f') => ({
      data: Buffer.from(''),
      mimetype,
      fileName,
      type,
    });
    expect(messageBody({ ...base, body: 'legenda', media: media('image', 'image/jpeg') }, 'M1')).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '5511999990000',
      type: 'image',
      image: { id: 'M1', caption: 'legenda' },
    });
    expect(
      messageBody({ ...base, body: 'c', media: media('document', 'application/pdf', 'a.pdf') }, 'M2'),
    ).toMatchObject({
      type: 'document',
      document: { id: 'M2', caption: 'c', filename: 'a.pdf' },
    });
    expect(
      messageBody({ ...base, body: 'a.pdf', media: media('document', 'application/pdf', 'a.pdf') }, 'M2'),
    ).toMatchObject({
      document: { id: 'M2', filename: 'a.pdf' },
    });
    expect(messageBody({ ...base, body: 'x', media: media('audio', 'audio/ogg') }, 'M3')).toMatchObject({
      type: 'audio',
      audio: { id: 'M3' },
    });
    expect(messageBody({ ...base, body: '', media: media('video', 'video/mp4') }, 'M4')).toMatchObject({
      video: { id: 'M4' },
    });
    // Kinds the Cloud API has no media for go by their file type.
    expect(messageBody({ ...base, body: '', media: media('vcard', 'text/vcard', 'c.vcf') }, 'M5')).toMatchObject({
      type: 'document',
      document: { id: 'M5', filename: 'c.vcf' },
    });
  });

  it('the number is digits only', () => {
    expect(messageBody({ ...base, to: '+55 (11) 99999-0000', body: 'x' }).to).toBe('5511999990000');
  });
});
