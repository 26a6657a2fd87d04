import { expect } from 'vitest';
import type { ApiResponse } from './client.js';

/** The error contract: `{error, message}` with the given status and code. */
export function expectError(res: ApiResponse, status: number, code: string): void {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ error: code, message: expect.any(String) });
}

/** 400 ERR_VALIDATION whose `fields` names `field`. */
export function expectInvalid(res: ApiResponse, field: string): void {
  expectError(res, 400, 'ERR_VALIDATION');
  expect(Object.keys(res.body.fields ?? {}), JSON.stringify(res.body)).toContain(field);
}

export const expectNoPermission = (res: ApiResponse) => expectError(res, 403, 'ERR_NO_PERMISSION');
export const expectNotFound = (res: ApiResponse, code = 'ERR_NOT_FOUND') => expectError(res, 404, code);
export const expectSignedOut = (res: ApiResponse) => expectError(res, 401, 'ERR_SESSION_EXPIRED');
