import type { ScheduleRow } from '../../lib/types';

/** A queue as `GET /queue` and `GET /queue/{id}` answer it (automation §3). */
export interface Queue {
  id: number;
  name: string;
  color: string;
  orderQueue: number | null;
  greetingMessage: string;
  outOfHoursMessage: string;
  schedules: ScheduleRow[];
  integrationId: number | null;
  promptId: number | null;
}

/** One chatbot option; `option` is its 1-based position among its siblings ("1", "2" …). */
export interface QueueOption {
  id: number;
  title: string;
  message: string;
  option: string;
  queueId: number;
  parentId: number | null;
}

/** An entry of the prompt and integration selects. */
export interface NamedRef {
  id: number;
  name: string;
}
