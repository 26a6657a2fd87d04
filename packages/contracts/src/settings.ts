/** Company setting keys and their defaults (ARCHITECTURE.md, contract details: Settings). */
export const SETTING_DEFAULTS = {
  userRating: 'disabled',
  scheduleType: 'disabled',
  call: 'disabled',
  CheckMsgIsGroup: 'enabled',
  sendGreetingAccepted: 'disabled',
  sendMsgTransfTicket: 'disabled',
  sendGreetingMessageOneQueues: 'enabled',
  chatBotType: 'text',
  asaas: '',
  campaignsEnabled: 'enabled',
  userCreation: 'enabled',
  sideMenuOpen: 'enabled',
  /** Issue 36: most open tickets auto-assignment gives one attendant; '' = no cap. */
  autoAssignMaxOpen: '',
} as const;
export type SettingKey = keyof typeof SETTING_DEFAULTS;
export const SETTING_KEYS = Object.keys(SETTING_DEFAULTS) as SettingKey[];

const ON_OFF = ['enabled', 'disabled'] as const;

/** Allowed values per key; `null` means free text (asaas token). */
export const SETTING_VALUES: Record<SettingKey, readonly string[] | null> = {
  userRating: ON_OFF,
  scheduleType: ['disabled', 'company', 'queue'],
  call: ON_OFF,
  CheckMsgIsGroup: ON_OFF,
  sendGreetingAccepted: ON_OFF,
  sendMsgTransfTicket: ON_OFF,
  sendGreetingMessageOneQueues: ON_OFF,
  chatBotType: ['text'],
  asaas: null,
  campaignsEnabled: ON_OFF,
  userCreation: ON_OFF,
  sideMenuOpen: ON_OFF,
  autoAssignMaxOpen: null,
};

/**
 * Free-text settings with a shape (checked by the server's `PUT /settings/{key}`, error
 * `invalidNumber`): `autoAssignMaxOpen` is '' (no cap) or a whole number 1–9999.
 */
export const SETTING_FORMATS: Partial<Record<SettingKey, RegExp>> = {
  autoAssignMaxOpen: /^(?:|[1-9]\d{0,3})$/,
};

/** The auto-assignment cap a stored `autoAssignMaxOpen` means: null when there is none. */
export const autoAssignCap = (value: string): number | null => (/^[1-9]\d{0,3}$/.test(value) ? Number(value) : null);

/**
 * Other spellings a key's values arrive in, read as the stored value: the spec's client switches
 * campaigns with "true"/"false" (the contract's values are enabled/disabled).
 */
const SETTING_ALIASES: Partial<Record<SettingKey, Readonly<Record<string, string>>>> = {
  campaignsEnabled: { true: 'enabled', false: 'disabled' },
};

/** `value` as `key` stores it: an alias of one of its values becomes that value. */
export function settingValueOf(key: SettingKey, value: string): string {
  const aliases = SETTING_ALIASES[key];
  return aliases && Object.hasOwn(aliases, value) ? aliases[value]! : value;
}

/**
 * Settings only the platform's own company uses (the Asaas API key the billing reads from the
 * operator's company): the web shows them to super users alone, not in every company's settings.
 */
export const PLATFORM_SETTINGS: readonly SettingKey[] = ['asaas'];

/** Secret settings (a billing token): only admins read them; others never receive the value. */
export const ADMIN_ONLY_SETTINGS: readonly SettingKey[] = ['asaas'];

/** Own keys only: `__proto__`, `constructor` or `toString` are no setting. */
export const isSettingKey = (key: string): key is SettingKey => Object.hasOwn(SETTING_DEFAULTS, key);
