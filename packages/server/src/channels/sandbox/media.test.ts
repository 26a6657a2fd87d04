import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.js';
import { decodeMedia } from './media.js';
import { mimeOfKey } from '../../platform/serve-file.js';

const b64 = (bytes: number[] | string) => Buffer.from(bytes as never).toString('base64');
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof AppError ? { code: err.code, status: err.status, fields: err.fields } : err;
  }
  throw new Error('accepted');
};

describe('sandbox media', () => {
  it('accepts a file whose bytes match its declared type, with its kind and a safe name', () => {
    const jpeg = decodeMedia({
      data: b64([0xff, 0xd8, 0xff, 0xe0, 1, 2]),
      mimetype: 'image/jpeg',
      fileName: '../x/../foto 1.jpg',
    });
    expect(jpeg).toMatchObject({ type: 'image', mimetype: 'image/jpeg', fileName: 'foto_1.jpg' });
    expect(decodeMedia({ data: b64('%PDF-1.7 …'), mimetype: 'application/pdf' })).toMatchObject({
      type: 'document',
      fileName: 'file.pdf',
    });
    expect(decodeMedia({ data: b64('OggS\0\0'), mimetype: 'audio/ogg; codecs=opus' }).type).toBe('audio');
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom')]);
    expect(decodeMedia({ data: mp4.toString('base64'), mimetype: 'video/mp4' }).type).toBe('video');
  });

  it('refuses other types, bytes of another type, bad base64 and files over the kind’s size', () => {
    expect(refusal(() => decodeMedia({ data: b64('MZ'), mimetype: 'application/x-msdownload' }))).toMatchObject({
      code: 'ERR_VALIDATION',
      fields: { 'media.mimetype': 'unsupportedType' },
    });
    expect(refusal(() => decodeMedia({ data: b64('%PDF-1.4'), mimetype: 'image/png' }))).toMatchObject({
      fields: { 'media.data': 'typeMismatch' },
    });
    expect(refusal(() => decodeMedia({ data: 'abc', mimetype: 'image/png' }))).toMatchObject({
      fields: { 'media.data': 'invalidBase64' },
    });
    const big = Buffer.alloc(5 * 1024 * 1024 + 1);
    big.set([0xff, 0xd8, 0xff]);
    expect(refusal(() => decodeMedia({ data: big.toString('base64'), mimetype: 'image/jpeg' }))).toMatchObject({
      code: 'ERR_PAYLOAD_TOO_LARGE',
      status: 413,
    });
  });

  it('serves stored files with a type known from their key, else as bytes', () => {
    expect(mimeOfKey('1/2026-01/0b0c6f7e-0000-4000-8000-000000000000.png')).toBe('image/png');
    expect(mimeOfKey('1/2026-01/0b0c6f7e-0000-4000-8000-000000000000.html')).toBe('application/octet-stream');
  });
});
