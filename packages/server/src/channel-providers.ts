import type { ChannelFactory } from './channels/channel.js';
import { betaChannel } from './channels/beta/beta-channel.js';
import { cloudChannel } from './channels/cloud/cloud-channel.js';
import { sandboxChannel } from './channels/sandbox/store.js';

/**
 * The channel of each provider (`whatsapps.provider`), composed by boot.ts: nothing in channels/
 * depends on a particular provider. A provider missing here cannot start a session yet: the
 * registry logs it and leaves the connection DISCONNECTED.
 */
export const CHANNEL_FACTORIES: Partial<Record<string, ChannelFactory>> = {
  beta: betaChannel,
  cloud: cloudChannel,
  sandbox: sandboxChannel,
};
