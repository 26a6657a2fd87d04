/**
 * How a new message makes itself known: a short chime at the top bar's volume, and a browser
 * notification when the person allowed them (operations §2 notifications). A browser without the
 * Notification API only gets a console line. Autoplay rules may keep the chime silent until the
 * person has interacted with the page; that refusal is ignored.
 */
import chime from './notification.wav';
import { getVolume } from './volume';

let audio: HTMLAudioElement | null = null;

export function playChime(volume = getVolume()) {
  if (volume <= 0) return;
  audio ??= new Audio(chime);
  audio.volume = volume;
  audio.currentTime = 0;
  audio.play().catch(() => undefined);
}

export const notificationsSupported = () => typeof window !== 'undefined' && 'Notification' in window;

export function desktopNotify(title: string, body: string, tag: string, onClick: () => void) {
  if (!notificationsSupported()) {
    console.info(`[notification] ${title}: ${body}`);
    return;
  }
  if (Notification.permission !== 'granted') return;
  const n = new Notification(title, { body, tag });
  n.onclick = () => {
    window.focus();
    onClick();
    n.close();
  };
}
