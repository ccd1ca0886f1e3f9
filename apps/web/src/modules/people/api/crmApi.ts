import { api } from '../../../platform/api/api.ts';
import type { ApiClient } from '../../../platform/api/client.ts';
import { createCompaniesApi } from './companiesApi.ts';
import { createPeopleApi } from './peopleApi.ts';
import { createSegmentsApi } from './segmentsApi.ts';
import { createTagsApi } from './tagsApi.ts';
import { createUserAccessApi } from './userAccessApi.ts';

export function createCrmApi(client: ApiClient) {
  return {
    people: createPeopleApi(client),
    companies: createCompaniesApi(client),
    segments: createSegmentsApi(client),
    tags: createTagsApi(client),
    users: createUserAccessApi(client),
  };
}
export type CrmApi = ReturnType<typeof createCrmApi>;

/** The people module's calls through the app's api client. */
export const crmApi = createCrmApi(api);
