/** `url` naming database `name` instead (its other parts, a socket directory's `host` among them, kept). */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
