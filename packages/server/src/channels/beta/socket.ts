import {
  Browsers,
  downloadMediaMessage,
  makeCacheableSignalKeyStore,
  makeWASocket,
  type AnyMessageContent,
  type AuthenticationState,
  type BaileysEventEmitter,
  type MiscMessageGenerationOptions,
  type proto,
  type WAMessage,
  type WAMessageKey,
} from '@whiskeysockets/baileys';
import type { Logger } from 'pino';

/**
 * The part of a Baileys socket the beta channel uses. The real one comes from `makeWASocket`;
 * tests pass a fake (fake-socket.ts) with the same shape, so no test ever opens a connection.
 */
export interface BetaSocket {
  ev: Pick<BaileysEventEmitter, 'on' | 'off'>;
  /** Our account once logged in: `id` is the phone jid ('5511…:12@s.whatsapp.net'). */
  user?: { id: string; lid?: string } | undefined;
  sendMessage(
    jid: string,
    content: AnyMessageContent,
    options?: MiscMessageGenerationOptions,
  ): Promise<WAMessage | undefined>;
  readMessages(keys: WAMessageKey[]): Promise<void>;
  onWhatsApp(...numbers: string[]): Promise<{ jid: string; exists: boolean }[] | undefined>;
  requestPairingCode(phoneNumber: string): Promise<string>;
  logout(msg?: string): Promise<void>;
  /** Declines a ringing call (`from` is the caller's jid as the call event gives it). */
  rejectCall(callId: string, callFrom: string): Promise<void>;
  end(error: Error | undefined): void | Promise<void>;
  /** v7's LID → phone-number store (fed by WhatsApp and kept in the auth state's `lid-mapping` keys). */
  signalRepository?: { lidMapping: { getPNForLID(lid: string): Promise<string | null> } };
  groupMetadata?(jid: string): Promise<{ subject: string }>;
  /** Asks the sender's phone to upload expired media again (used by media download). */
  updateMediaMessage?(message: WAMessage): Promise<WAMessage>;
}

export interface SocketOptions {
  auth: AuthenticationState;
  logger: Logger;
  /** Content of a message we sent, for WhatsApp's retry requests. */
  getMessage(key: WAMessageKey): Promise<proto.IMessage | undefined>;
}

export type SocketMaker = (opts: SocketOptions) => BetaSocket;

/** The real thing: a WhatsApp Web multi-device socket. */
export const makeBaileysSocket: SocketMaker = ({ auth, logger, getMessage }) =>
  makeWASocket({
    auth: { creds: auth.creds, keys: makeCacheableSignalKeyStore(auth.keys, logger) },
    logger,
    browser: Browsers.ubuntu('Chrome'),
    // The phone keeps notifying the customer's contacts' devices; we are a companion, not "online".
    markOnlineOnConnect: false,
    syncFullHistory: false,
    getMessage,
  });

/** Downloads (and decrypts) a message's media; asks for a re-upload when WhatsApp's copy expired. */
export async function downloadWithBaileys(
  msg: WAMessage,
  sock: BetaSocket | undefined,
  logger: Logger,
): Promise<Buffer> {
  const reupload = sock?.updateMediaMessage?.bind(sock);
  return downloadMediaMessage(msg, 'buffer', {}, reupload ? { logger, reuploadRequest: reupload } : undefined);
}
