/**
 * Opening a ticket: its route, and what the navigation asks of the ticket area (router state,
 * so a reload or a shared link never repeats it).
 * - `focusComposer`: the person opened it with the keyboard, or accepted it — they are about to
 *   type, so the composer takes the focus once it is enabled;
 * - `accepted`: the manager moves its list to the "open" tab, where the ticket now is.
 */
import { useLocation } from 'react-router';

export interface TicketNavState {
  focusComposer?: boolean;
  accepted?: boolean;
}

export const ticketPath = (uuid: string) => `/tickets/${uuid}`;

/** This navigation's request (with its key: each navigation asks once), if any. */
export function useTicketNavState(): TicketNavState & { key: string } {
  const location = useLocation();
  const state = (location.state ?? {}) as TicketNavState;
  return { ...state, key: location.key };
}
