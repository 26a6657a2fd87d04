import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from '../../test/support/fake-s3.js';
import { loadConfig } from '../config.js';
import { extensionFor, type Storage } from './storage.js';
import { createStorage } from './create-storage.js';
import { localStorage } from './storage-local.js';
import { s3Storage } from './storage-s3.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const CREDENTIALS = { accessKeyId: 'AKIDBALCAOTEST', secretAccessKey: 'fake-secret-key-for-tests-only' };
const KEY_SHAPE = /^42\/\d{4}-\d{2}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.png$/;

let s3: FakeS3;
let dataDir: string;

beforeAll(async () => {
  s3 = await startFakeS3({ bucket: 'balcao-media', ...CREDENTIALS });
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'balcao-storage-'));
});
afterAll(async () => {
  await s3.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const backends: Array<[string, () => Storage | Promise<Storage>]> = [
  ['local', () => localStorage(path.join(dataDir, 'media'))],
  ['s3', () => s3Storage({ bucket: 'balcao-media', endpoint: s3.url, region: 'us-east-1', ...CREDENTIALS })],
];

describe.each(backends)('the %s storage', (_name, make) => {
  it('stores bytes under a generated <company>/<yyyy-mm>/<uuid>.<ext> key and gives them back', async () => {
    const storage = await make();
    const key = await storage.put(42, PNG, 'png');
    expect(key).toMatch(KEY_SHAPE);
    expect(key.split('/')[1]).toBe(new Date().toISOString().slice(0, 7));
    expect(await storage.get(key)).toEqual(PNG);
    expect(await storage.put(42, PNG, 'png')).not.toBe(key);
  });

  it('never takes an extension that is not plain: the key then has none', async () => {
    const storage = await make();
    const key = await storage.put(42, Buffer.from('x'), '../../etc');
    expect(key).toMatch(/^42\/\d{4}-\d{2}\/[0-9a-f-]{36}$/);
    expect((await storage.get(key)).toString()).toBe('x');
  });

  it('remove deletes the object; a missing key is fine to remove and fails to get', async () => {
    const storage = await make();
    const key = await storage.put(42, PNG, 'png');
    await storage.remove(key);
    await expect(storage.get(key)).rejects.toThrow();
    await expect(storage.remove(key)).resolves.toBeUndefined();
    await expect(storage.remove(key.replace(/[0-9a-f]{12}\.png$/, '000000000000.png'))).resolves.toBeUndefined();
  });

  it('refuses keys it did not make, without touching anything', async () => {
    const storage = await make();
    const before = s3.requests.length;
    for (const key of ['../secrets.json', '42/2024-01/../../x', 'balcao-media/42', '']) {
      await expect(storage.get(key)).rejects.toThrow('invalid storage key');
      await expect(storage.remove(key)).rejects.toThrow('invalid storage key');
    }
    expect(s3.requests.length).toBe(before);
  });
});

describe('the s3 storage against the service', () => {
  const storage = () => s3Storage({ bucket: 'balcao-media', endpoint: s3.url, region: 'us-east-1', ...CREDENTIALS });

  it('addresses the bucket in the path, signs every request and sets the content type from the extension', async () => {
    const key = await (await storage()).put(7, PNG, 'png');
    const object = s3.objects.get(key)!;
    expect(object.data).toEqual(PNG);
    expect(object.contentType).toBe('image/png');
    expect(s3.requests.at(-1)).toEqual({ method: 'PUT', path: `/balcao-media/${key}` });
    const pdf = await (await storage()).put(7, Buffer.from('%PDF-1.4'), 'pdf');
    expect(s3.objects.get(pdf)!.contentType).toBe('application/pdf');
  });

  it('fails (and stores nothing) with a wrong secret or a bucket that does not exist', async () => {
    const count = s3.objects.size;
    const wrongSecret = await s3Storage({
      bucket: 'balcao-media',
      endpoint: s3.url,
      region: 'us-east-1',
      accessKeyId: CREDENTIALS.accessKeyId,
      secretAccessKey: 'not-the-secret',
    });
    await expect(wrongSecret.put(7, PNG, 'png')).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    const noBucket = await s3Storage({ bucket: 'other-bucket', endpoint: s3.url, region: 'us-east-1', ...CREDENTIALS });
    await expect(noBucket.put(7, PNG, 'png')).rejects.toMatchObject({ name: 'NoSuchBucket' });
    // A delete in a bucket that is not there is an error, not "already gone".
    await expect(noBucket.remove('7/2024-01/00000000-0000-0000-0000-000000000000.png')).rejects.toMatchObject({
      name: 'NoSuchBucket',
    });
    expect(s3.objects.size).toBe(count);
  });

  it('STORAGE=s3 builds it from the configuration', async () => {
    const config = loadConfig({
      STORAGE: 's3',
      S3_BUCKET: 'balcao-media',
      S3_ENDPOINT: s3.url,
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      DATA_DIR: dataDir,
    });
    const key = await (await createStorage(config)).put(9, PNG, 'png');
    expect(s3.objects.get(key)!.data).toEqual(PNG);
  });

  it('without S3_ACCESS_KEY_ID it takes the credentials from the SDK default chain (AWS_* variables)', async () => {
    const saved = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };
    process.env.AWS_ACCESS_KEY_ID = CREDENTIALS.accessKeyId;
    process.env.AWS_SECRET_ACCESS_KEY = CREDENTIALS.secretAccessKey;
    try {
      const config = loadConfig({ STORAGE: 's3', S3_BUCKET: 'balcao-media', S3_ENDPOINT: s3.url });
      const storage = await createStorage(config);
      const key = await storage.put(9, PNG, 'png');
      expect(await storage.get(key)).toEqual(PNG);
    } finally {
      for (const [name, value] of [
        ['AWS_ACCESS_KEY_ID', saved.id],
        ['AWS_SECRET_ACCESS_KEY', saved.secret],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });
});

it('the local storage keeps files under DATA_DIR/media', async () => {
  const storage = await createStorage(loadConfig({ DATA_DIR: dataDir }));
  const key = await storage.put(5, PNG, 'png');
  expect(await fs.readFile(path.join(dataDir, 'media', key))).toEqual(PNG);
});

it('the local storage keeps its files private to the process user: files 0600, directories 0700', async () => {
  const root = path.join(dataDir, 'private-media');
  const key = await localStorage(root).put(5, PNG, 'png');
  const mode = async (p: string) => ((await fs.stat(p)).mode & 0o777).toString(8);
  const [company, month] = key.split('/');
  expect(await mode(path.join(root, key))).toBe('600');
  for (const dir of [root, path.join(root, company!), path.join(root, company!, month!)])
    expect(await mode(dir)).toBe('700');
});

describe('extensionFor', () => {
  it('names a known type by its extension; a type like __proto__ or constructor is just unknown', () => {
    expect(extensionFor('image/PNG; x=1', 'a.exe')).toBe('png');
    for (const type of ['__proto__', 'constructor', 'toString']) {
      expect(extensionFor(type, 'nota.pdf')).toBe('pdf');
      expect(extensionFor(type)).toBe('bin');
    }
  });
});
