/**
 * Secrets the API stores but never answers in full (a prompt's API key, a Dialogflow service
 * account's private key): answers carry `maskSecret(value)`, and a write that sends the masked
 * text back (a form saved without retyping the key) keeps the stored secret.
 */
export const SECRET_MASK = '••••';

/**
 * The mask and, for a long enough secret, its last 4 characters (enough to tell two keys apart;
 * a short secret shows none of itself).
 */
export function maskSecret(value: string): string {
  if (value === '') return '';
  return value.length >= 16 ? `${SECRET_MASK}${value.slice(-4)}` : SECRET_MASK;
}

/** Whether a written value is a mask sent back (keep the stored secret) rather than a new secret. */
export const isMaskedSecret = (value: string) => value.startsWith(SECRET_MASK);

/** The keys an `openai` node of a flow holds in `data.typebotIntegration`, secrets like a prompt's. */
export const FLOW_OPENAI_SECRETS = ['apiKey', 'voiceKey'] as const;

/**
 * Who may read a secret in full: `masked`, nobody (every answer and event carries
 * `maskSecret(value)`); `admins`, the company's admins only (a user's answers and events carry
 * none of it), for a secret the admin copies elsewhere (a connection's API token, a webhook's
 * signing secret).
 */
export type SecretShown = 'masked' | 'admins';

/**
 * Every secret the API stores, by where it lives (`entity.field`), and who may read it. The
 * generated secrets suite plants each one and reads every GET route and socket event for it: a
 * secret added here is checked there.
 */
export const SECRET_FIELDS = {
  'prompts.apiKey': 'masked',
  'prompts.voiceKey': 'masked',
  'flows.nodes.openai.apiKey': 'masked',
  'flows.nodes.openai.voiceKey': 'masked',
  'queueIntegrations.jsonContent.private_key': 'masked',
  'queueIntegrations.signingSecret': 'admins',
  'whatsapps.accessToken': 'masked',
  'whatsapps.appSecret': 'masked',
  'whatsapps.token': 'admins',
  'whatsapps.verifyToken': 'admins',
  'settings.asaas': 'admins',
} as const satisfies Record<string, SecretShown>;
export type SecretField = keyof typeof SECRET_FIELDS;
