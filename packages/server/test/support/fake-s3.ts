import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeS3Object {
  data: Buffer;
  contentType: string;
}

export interface FakeS3Options {
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region?: string;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
/** RFC 3986 encoding, as SigV4 wants it. */
const encode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const errorXml = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;

/**
 * A real HTTP server on 127.0.0.1 speaking the part of the S3 REST API the storage uses:
 * PUT/GET/HEAD/DELETE object on path-style URLs (`/{bucket}/{key}`), 404 NoSuchKey for a missing
 * key, 204 for any delete. Every request must be signed with AWS Signature V4 (header form) by
 * the configured key pair; the signature and the payload hash are checked as S3 checks them.
 */
export async function startFakeS3(opts: FakeS3Options) {
  const region = opts.region ?? 'us-east-1';
  const objects = new Map<string, FakeS3Object>();
  const requests: Array<{ method: string; path: string }> = [];

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answer = handle(req, Buffer.concat(chunks));
      res.writeHead(answer.status, answer.headers);
      res.end(req.method === 'HEAD' ? undefined : answer.body);
    });
  });

  function handle(
    req: http.IncomingMessage,
    body: Buffer,
  ): { status: number; headers?: http.OutgoingHttpHeaders; body?: string | Buffer } {
    const url = new URL(req.url ?? '/', 'http://fake-s3');
    requests.push({ method: req.method ?? '', path: url.pathname });
    const fail = (status: number, code: string, message: string) => ({
      status,
      headers: { 'content-type': 'application/xml' },
      body: errorXml(code, message),
    });
    const denied = checkSignature(req, url, body);
    if (denied)
      return fail(403, denied, 'The request signature we calculated does not match the signature you provided.');

    const [, bucket = '', ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    if (decodeURIComponent(bucket) !== opts.bucket)
      return fail(404, 'NoSuchBucket', 'The specified bucket does not exist');
    if (!key) return fail(501, 'NotImplemented', 'Only object operations are supported');

    switch (req.method) {
      case 'PUT':
        objects.set(key, { data: body, contentType: req.headers['content-type'] ?? 'binary/octet-stream' });
        return { status: 200, headers: { etag: `"${createHash('md5').update(body).digest('hex')}"` } };
      case 'GET':
      case 'HEAD': {
        const found = objects.get(key);
        if (!found) return fail(404, 'NoSuchKey', 'The specified key does not exist.');
        return {
          status: 200,
          headers: {
            'content-type': found.contentType,
            'content-length': found.data.length,
            etag: `"${createHash('md5').update(found.data).digest('hex')}"`,
          },
          body: found.data,
        };
      }
      case 'DELETE':
        objects.delete(key);
        return { status: 204 };
      default:
        return fail(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
    }
  }

  /** The S3 error code refusing the request's signature, or undefined when it is right. */
  function checkSignature(req: http.IncomingMessage, url: URL, body: Buffer): string | undefined {
    const auth =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
        req.headers.authorization ?? '',
      );
    if (!auth) return 'AccessDenied';
    const [, accessKeyId, day, scopeRegion, signedHeaders, signature] = auth as unknown as string[];
    if (accessKeyId !== opts.accessKeyId) return 'InvalidAccessKeyId';
    if (scopeRegion !== region) return 'AuthorizationHeaderMalformed';
    const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
    // Streaming (aws-chunked) uploads are not spoken here: the storage sends whole, signed bodies.
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) return 'XAmzContentSHA256Mismatch';
    const amzDate = String(req.headers['x-amz-date'] ?? '');
    if (!amzDate.startsWith(day!)) return 'AccessDenied';

    const names = signedHeaders!.split(';');
    if (!names.includes('host') || !names.includes('x-amz-date')) return 'AccessDenied';
    const query = [...url.searchParams]
      .map(([k, v]) => [encode(k), encode(v)])
      .sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0))
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    const headers = names
      .map(
        (n) =>
          `${n}:${String(req.headers[n] ?? '')
            .trim()
            .replace(/\s+/g, ' ')}\n`,
      )
      .join('');
    const canonical = [req.method, url.pathname, query, headers, signedHeaders, payloadHash].join('\n');
    const scope = `${day}/${region}/s3/aws4_request`;
    const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
    const signingKey = hmac(hmac(hmac(hmac(`AWS4${opts.secretAccessKey}`, day!), region), 's3'), 'aws4_request');
    const expected = hmac(signingKey, toSign);
    return timingSafeEqual(expected, Buffer.from(signature!, 'hex')) ? undefined : 'SignatureDoesNotMatch';
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    bucket: opts.bucket,
    /** Stored objects by key (without the bucket). */
    objects,
    /** Every request received, in order (refused ones too). */
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeS3 = Awaited<ReturnType<typeof startFakeS3>>;
