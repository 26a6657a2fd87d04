/**
 * Shapes of the API answers the web reads. The contracts package holds request schemas only;
 * these mirror the answers described in the brief (login/me user, plans, companies …).
 */
import type { Language, PlanFeature, Profile, Recurrence } from '@balcao/contracts';

export interface SettingEntry {
  key: string;
  value: string;
}

export interface Plan extends Partial<Record<PlanFeature, boolean>> {
  id: number;
  name: string;
  users: number;
  connections: number;
  queues: number;
  value: number | string;
}

export interface QueueRef {
  id: number;
  name: string;
  color: string;
}

export interface Company {
  id: number;
  name: string;
  email?: string | null;
  phone?: string | null;
  status?: boolean;
  dueDate?: string | null;
  trialExpiration?: string | null;
  recurrence?: Recurrence | string | null;
  planId?: number | null;
  plan?: Plan | null;
  campaignsEnabled?: boolean | null;
  settings?: SettingEntry[];
  createdAt?: string;
}

export interface User {
  id: number;
  name: string;
  email: string;
  profile: Profile;
  super: boolean;
  companyId: number;
  whatsappId?: number | null;
  allTicket?: 'enable' | 'disable';
  language?: Language | string | null;
  queues?: QueueRef[];
  company?: Company | null;
}

export interface LoginAnswer {
  token: string;
  user: User;
}

export interface Help {
  id: number;
  title: string;
  video?: string | null;
  description?: string | null;
}

export interface Connection {
  id: number;
  name: string;
  status?: string;
  isDefault?: boolean;
}

export interface ScheduleRow {
  weekday: string;
  weekdayEn: string;
  startTime: string;
  endTime: string;
}
