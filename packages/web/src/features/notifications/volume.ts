/**
 * The notification volume (foundation §4, operations §9): 0 to 1 in steps of 0.1, kept in local
 * storage as `volume`; 1 until someone moves the slider. Components follow it through useVolume.
 */
import { useSyncExternalStore } from 'react';

export const VOLUME_KEY = 'volume';
export const VOLUME_STEP = 0.1;
const DEFAULT_VOLUME = 1;

const listeners = new Set<() => void>();

/** A stored value read back: a number within 0–1 on the 0.1 grid, else the default. */
export function parseVolume(raw: string | null): number {
  if (raw === null || raw.trim() === '') return DEFAULT_VOLUME;
  const value = Number(raw);
  if (!Number.isFinite(value)) return DEFAULT_VOLUME;
  return Math.round(Math.min(1, Math.max(0, value)) * 10) / 10;
}

export const getVolume = () => parseVolume(localStorage.getItem(VOLUME_KEY));

export function setVolume(value: number) {
  localStorage.setItem(VOLUME_KEY, String(parseVolume(String(value))));
  listeners.forEach((fn) => fn());
}

function subscribe(fn: () => void) {
  listeners.add(fn);
  // Another tab moved the slider.
  const onStorage = (e: StorageEvent) => e.key === VOLUME_KEY && fn();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(fn);
    window.removeEventListener('storage', onStorage);
  };
}

export const useVolume = () => useSyncExternalStore(subscribe, getVolume);
