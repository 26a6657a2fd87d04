/** The browser-held session (foundation §4: token, companyId, userId in local storage). */
const TOKEN = 'token';
const COMPANY = 'companyId';
const USER = 'userId';

/** Set while this tab logs out: the server's "session ended" event is then expected, not news. */
let leaving = false;

export const session = {
  isLeaving: () => leaving,
  markLeaving: () => {
    leaving = true;
  },
  getToken: (): string | null => localStorage.getItem(TOKEN),
  setToken: (token: string) => localStorage.setItem(TOKEN, token),
  save(token: string, companyId: number | string, userId: number | string) {
    leaving = false;
    localStorage.setItem(TOKEN, token);
    localStorage.setItem(COMPANY, String(companyId));
    localStorage.setItem(USER, String(userId));
  },
  clear() {
    localStorage.removeItem(TOKEN);
    localStorage.removeItem(COMPANY);
    localStorage.removeItem(USER);
  },
};
