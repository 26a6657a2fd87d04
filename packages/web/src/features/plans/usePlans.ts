import type { Plan, PlanBody } from '@balcao/contracts';
import { makeCrud } from '../../lib/crud';

/** Plans for operators: `GET /plans/all`, `POST /plans`, `PUT|DELETE /plans/{id}`. */
export const plansCrud = makeCrud<Plan, PlanBody>('plans', '/plans/all', '/plans');
