import { createHash, randomBytes } from 'node:crypto';

export const REFRESH_COOKIE = 'jrt';
export const SESSION_DAYS = 30;

export const newRefreshToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
export const sessionExpiry = () => new Date(Date.now() + SESSION_DAYS * 86_400_000);
