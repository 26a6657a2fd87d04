import type { ImportCounts, ScheduleStatus } from '@balcao/contracts';
import { schedules } from '../../db/schema/index.js';
import type { AtendechatSource } from './atendechat-source.js';
import type { CompanyIds, ImportRun } from './import-run.js';
import type { StaffMaps } from './import-staff.js';
import { ref, str, time } from './source-values.js';

/** Atendechat's statuses: PENDENTE and AGENDADA wait; ENVIADA went out; ERRO failed. */
const STATUS: Record<string, ScheduleStatus> = {
  PENDENTE: 'PENDENTE',
  AGENDADA: 'PENDENTE',
  ENVIADA: 'ENVIADA',
  ERRO: 'ERRO',
};

/**
 * Schedules: pending ones keep `sendAt` and are sent by the product when due; the others are
 * marked dispatched, so nothing goes out twice.
 */
export async function importSchedules(
  run: ImportRun,
  source: AtendechatSource,
  ids: CompanyIds,
  maps: StaffMaps,
  counts: ImportCounts,
) {
  if (!source.has('Schedules')) return;
  for await (const rows of source.byId('Schedules', ids.source, 500)) {
    const done = await run.mapped(
      'schedules',
      rows.map((r) => r.id),
    );
    const todo = rows.filter((r) => !done.has(String(r.id)));
    if (ids.target === null) {
      run.count(counts, 'schedules', todo.length);
      continue;
    }
    const companyId = ids.target;
    const contactOf = await run.mapped(
      'contacts',
      todo.map((r) => r.contactId),
    );
    const ticketOf = await run.mapped(
      'tickets',
      todo.map((r) => r.ticketId),
    );
    for (const s of todo) {
      const contactId = ref(contactOf, s.contactId);
      const sendAt = time(s.sendAt);
      if (contactId === null || sendAt === null) {
        run.problem(
          ids.source,
          'schedules',
          s.id,
          contactId === null ? `contact ${str(s.contactId)} not imported` : 'no sendAt',
        );
        continue;
      }
      if (s.mediaPath)
        run.problem(ids.source, 'schedules', s.id, `attachment "${str(s.mediaName ?? s.mediaPath)}" not imported`);
      const status = STATUS[str(s.status).toUpperCase()] ?? 'PENDENTE';
      const sentAt = time(s.sentAt);
      const id = await run.one('schedules', ids.source, companyId, s.id, async (tx) => {
        const [row] = await tx
          .insert(schedules)
          .values({
            companyId,
            contactId,
            userId: ref(maps.users, s.userId),
            ticketId: ref(ticketOf, s.ticketId),
            whatsappId: ref(maps.connections, s.whatsappId),
            body: str(s.body),
            sendAt,
            sentAt,
            status,
            // Only a pending schedule is still to be dispatched.
            dispatchedAt: status === 'PENDENTE' ? null : (sentAt ?? sendAt),
            createdAt: time(s.createdAt) ?? new Date(),
          })
          .returning({ id: schedules.id });
        return row!.id;
      });
      if (id !== null) run.count(counts, 'schedules');
    }
    await run.progress();
  }
}
