import { testingObjectiveListPageSchema } from '@outpost/contracts/beta';
import type { Environment } from '@outpost/contracts/environments';
import { type AdminListQuery, adminListSearchParams } from '../../../../components/admin-list/list-view';
import { requestJson } from '../../../../lib/api';

/** GET /api/admin/:env/testing-objectives: one page of the objectives, active and retired. */
export function getObjectives(environment: Environment, query: AdminListQuery) {
  return requestJson(
    `/api/admin/${environment}/testing-objectives?${adminListSearchParams(query)}`,
    testingObjectiveListPageSchema,
  );
}
