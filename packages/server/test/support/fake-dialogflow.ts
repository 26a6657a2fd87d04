import { createVerify, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP server on 127.0.0.1 speaking what Balcão uses of Google: the OAuth token endpoint of
 * service accounts (JWT bearer grant: the assertion's RS256 signature checked with the account's
 * public key, its issuer, audience, scope and times) and Dialogflow ES's `detectIntent`
 * (the bearer token checked against the tokens it issued for that project). It records every
 * request, counts token grants, and answers each text with what the test scripted.
 */

/** A service account key file as Google hands it out, with the public half the fake checks with. */
export interface FakeServiceAccount {
  keyFile: {
    type: 'service_account';
    project_id: string;
    private_key_id: string;
    private_key: string;
    client_email: string;
    client_id: string;
    token_uri: string;
  };
  publicKey: KeyObject;
}

/**
 * A new service account whose tokens come from `fakeUrl`'s token endpoint (an RSA key pair made
 * here). The fake trusts it only once given to `fake.trust()` (or made by `fake.serviceAccount()`).
 */
export function makeServiceAccount(fakeUrl: string, projectId = `agent-${randomBytes(3).toString('hex')}`) {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const account: FakeServiceAccount = {
    keyFile: {
      type: 'service_account',
      project_id: projectId,
      private_key_id: randomBytes(20).toString('hex'),
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      client_email: `balcao@${projectId}.iam.gserviceaccount.com`,
      client_id: String(100_000_000_000 + Math.floor(Math.random() * 899_999_999_999)),
      token_uri: `${fakeUrl}/token`,
    },
    publicKey,
  };
  return account;
}

/** A `detectIntent` call as it arrived. */
export interface DetectIntentRequest {
  projectId: string;
  sessionId: string;
  token: string;
  text: string;
  languageCode: string;
  body: any;
}

/** What the agent says to a text: its fulfillment messages' texts, or only a `fulfillmentText`. */
export type AgentReply = string[] | { fulfillmentText: string } | { status: number; message: string };

const SCOPES = ['https://www.googleapis.com/auth/cloud-platform', 'https://www.googleapis.com/auth/dialogflow'];

export async function startFakeDialogflow() {
  /** Trusted accounts by client_email. */
  const accounts = new Map<string, FakeServiceAccount>();
  /** Issued tokens: which account (and so which project) each one is for. */
  const issued = new Map<string, { clientEmail: string; projectId: string }>();
  const detects: DetectIntentRequest[] = [];
  /** Token grants asked for, and those refused. */
  const counts = { tokenRequests: 0, tokensRefused: 0 };
  let reply: (text: string, req: DetectIntentRequest) => AgentReply = (text) => [`Você disse: ${text}`];

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const { status, body } = handle(req, Buffer.concat(chunks).toString('utf8'));
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    });
  });

  function handle(req: http.IncomingMessage, raw: string): { status: number; body: unknown } {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'POST' && url.pathname === '/token') return token(req, raw);
    const m = /^\/v2\/projects\/([^/]+)\/agent\/sessions\/([^/:]+):detectIntent$/.exec(url.pathname);
    if (req.method === 'POST' && m) return detectIntent(req, decodeURIComponent(m[1]!), decodeURIComponent(m[2]!), raw);
    return googleError(404, 'NOT_FOUND', `No route ${req.method} ${url.pathname}`);
  }

  /** Google's OAuth errors: `{error, error_description}`. */
  const refuse = (description: string) => {
    counts.tokensRefused++;
    return { status: 400, body: { error: 'invalid_grant', error_description: description } };
  };

  function token(req: http.IncomingMessage, raw: string) {
    counts.tokenRequests++;
    if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded'))
      return refuse('Bad content type');
    const form = new URLSearchParams(raw);
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return refuse('Bad grant type');
    const parts = (form.get('assertion') ?? '').split('.');
    if (parts.length !== 3) return refuse('Invalid JWT');
    const [h, c, s] = parts as [string, string, string];
    let header: { alg?: string };
    let claims: { iss?: string; scope?: string; aud?: string; iat?: number; exp?: number };
    try {
      header = JSON.parse(Buffer.from(h, 'base64url').toString('utf8'));
      claims = JSON.parse(Buffer.from(c, 'base64url').toString('utf8'));
    } catch {
      return refuse('Invalid JWT');
    }
    if (header.alg !== 'RS256') return refuse('Invalid JWT: alg');
    const account = accounts.get(claims.iss ?? '');
    if (!account) return refuse('Invalid grant: account not found');
    const valid = createVerify('RSA-SHA256').update(`${h}.${c}`).verify(account.publicKey, Buffer.from(s, 'base64url'));
    if (!valid) return refuse('Invalid JWT Signature.');
    const now = Math.floor(Date.now() / 1000);
    if (claims.aud !== account.keyFile.token_uri) return refuse('Invalid JWT: aud');
    if (!SCOPES.some((scope) => claims.scope?.split(' ').includes(scope))) return refuse('Invalid JWT: scope');
    if (typeof claims.iat !== 'number' || typeof claims.exp !== 'number' || claims.exp <= now || claims.iat > now + 60)
      return refuse('Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.');
    if (claims.exp - claims.iat > 3600) return refuse('Invalid JWT: lifetime');
    const accessToken = `ya29.${randomBytes(24).toString('base64url')}`;
    issued.set(accessToken, { clientEmail: account.keyFile.client_email, projectId: account.keyFile.project_id });
    return { status: 200, body: { access_token: accessToken, expires_in: 3599, token_type: 'Bearer' } };
  }

  function detectIntent(req: http.IncomingMessage, projectId: string, sessionId: string, raw: string) {
    const auth = req.headers.authorization ?? '';
    const bearer = auth.startsWith('Bearer ') ? auth.slice(7) : '';
    const grant = issued.get(bearer);
    if (!grant) return googleError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.');
    if (grant.projectId !== projectId)
      return googleError(403, 'PERMISSION_DENIED', `Permission denied on project ${projectId}.`);
    let body: any;
    try {
      body = JSON.parse(raw);
    } catch {
      return googleError(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.');
    }
    const text = body?.queryInput?.text?.text;
    const languageCode = body?.queryInput?.text?.languageCode;
    if (typeof text !== 'string' || typeof languageCode !== 'string')
      return googleError(400, 'INVALID_ARGUMENT', 'queryInput.text is required.');
    const request: DetectIntentRequest = { projectId, sessionId, token: bearer, text, languageCode, body };
    detects.push(request);
    const answer = reply(text, request);
    if (!Array.isArray(answer) && 'status' in answer) return googleError(answer.status, 'INTERNAL', answer.message);
    const texts = Array.isArray(answer) ? answer : [];
    return {
      status: 200,
      body: {
        responseId: randomBytes(8).toString('hex'),
        queryResult: {
          queryText: text,
          languageCode,
          fulfillmentText: Array.isArray(answer) ? (texts[0] ?? '') : answer.fulfillmentText,
          fulfillmentMessages: texts.length ? [{ text: { text: texts } }] : [],
          intent: { name: `projects/${projectId}/agent/intents/1`, displayName: 'Default Welcome Intent' },
          intentDetectionConfidence: 1,
        },
      },
    };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    /** Every detectIntent received, in order. */
    detects,
    counts,
    /** Trusts an account made by `makeServiceAccount`. */
    trust(account: FakeServiceAccount) {
      accounts.set(account.keyFile.client_email, account);
      return account;
    },
    /** A new account of this fake, trusted. */
    serviceAccount(projectId?: string) {
      return this.trust(makeServiceAccount(url, projectId));
    },
    /** What the agent answers from now on (default: `Você disse: {text}`). */
    answer(fn: (text: string, req: DetectIntentRequest) => AgentReply) {
      reply = fn;
    },
    /** Forgets every token issued: the next detectIntent with one of them is 401. */
    revokeTokens() {
      issued.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type FakeDialogflow = Awaited<ReturnType<typeof startFakeDialogflow>>;

function googleError(status: number, code: string, message: string) {
  return { status, body: { error: { code: status, message, status: code } } };
}
