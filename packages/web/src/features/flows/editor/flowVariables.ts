/**
 * The answer keys of question nodes, kept in the browser under `variables` (automation §3) so
 * later text fields offer them as `{{key}}`.
 */
const STORAGE_KEY = 'variables';

export function readVariables(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function rememberVariable(key: string) {
  const known = readVariables();
  if (!known.includes(key)) localStorage.setItem(STORAGE_KEY, JSON.stringify([...known, key]));
}
