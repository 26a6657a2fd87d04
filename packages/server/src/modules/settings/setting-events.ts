import { domainEvent } from '../../platform/domain-event.js';
import { isAdminOnlySetting } from './visible-settings.js';

/** The `settings` topic: the company hears a change, a secret setting's only its admins. */
export const settingEvents = {
  updated: (companyId: number, setting: { key: string; value: string }) =>
    domainEvent(
      companyId,
      'settings',
      { action: 'update', setting },
      { to: isAdminOnlySetting(setting.key) ? 'admins' : 'company' },
    ),
};
