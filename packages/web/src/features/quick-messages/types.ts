/** A quick answer (operations §3); `geral` shares it with the whole company. */
export type { QuickMessage } from '@balcao/contracts';
