import type { Role } from '../access/roles.ts';
import type { PlanId } from './plans.ts';

/** The tenant ("schema") as the API returns it (spec 1 §3). */
export interface TenantSchema {
  slug: string;
  code: string;
  name: string;
  logoUrl: string | null;
  /** Present only for signed-in users of the tenant; never the secret itself. */
  hasMarketingSecret?: boolean;
  plan?: { id: PlanId; name: string; totalUser: number; totalContacts: number };
  planConsumption?: { totalContactsUsed: number };
  enableAddressRevalidation?: boolean;
  deactiveDate?: string | null;
  modules?: { demands: boolean };
}

export interface SessionUser {
  code: string;
  name: string;
  email: string;
  cellphone: string | null;
  active: boolean;
  permissions: Role[];
}

export interface LoginAnswer {
  user: SessionUser;
  token: string;
  expiresAt: string;
  integrationKeys: {
    leads: { projectCode: string | null; token: string | null };
    docs: { apiToken: string | null };
  };
}

export interface PlanConsumption {
  totalUsersUsed: number;
  totalContactsUsed: number;
}
