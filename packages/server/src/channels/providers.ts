import type { ChannelFactory } from './channel.js';
import { betaChannel } from './beta/beta-channel.js';
import { cloudChannel } from './cloud/cloud-channel.js';
import { sandboxChannel } from './sandbox/store.js';

/**
 * The channel of each provider (`whatsapps.provider`). A provider missing here cannot start a
 * session yet: the registry logs it and leaves the connection DISCONNECTED.
 */
export const CHANNEL_FACTORIES: Partial<Record<string, ChannelFactory>> = {
  beta: betaChannel,
  cloud: cloudChannel,
  sandbox: sandboxChannel,
};
