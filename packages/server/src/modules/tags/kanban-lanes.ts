import { can } from '@balcao/contracts';
import type { Actor } from '../../platform/context.js';
import { noPermission } from '../../platform/errors.js';

/**
 * Kanban lanes are the admins' (operations §2: the switch shows to admins only). A caller without
 * `tag-modal:editKanban` may not make a tag a lane nor stop it being one; sending back the value
 * the tag already has is not a change (forms send back what they were shown).
 */
export function checkKanban(actor: Actor, wanted: number | undefined, current: number) {
  if (wanted !== undefined && wanted !== current && !can(actor, 'tag-modal:editKanban'))
    throw noPermission('Only an admin decides which tags are kanban lanes');
}
