declare module '../../platform/app-context.ts' {
  interface AppContext {
    /** the DNS validations running now, by tenant (modules/marketing/domain-validations.ts) */
    domainValidations: DomainValidationsInFlight;
  }
}

/**
 * 'Atualizar' of the sender domains asks DNS with no transaction open; this counts the validations
 * running now by tenant, so a tenant runs a bounded number at once. One per app: two test apps in a
 * process never share a count. Empty whenever no validation runs.
 */
export class DomainValidationsInFlight {
  private readonly byTenant = new Map<string, number>();

  /** Takes a place for the tenant; false (nothing taken) when it already has `max` running. */
  start(tenantId: string, max: number): boolean {
    const running = this.byTenant.get(tenantId) ?? 0;
    if (running >= max) return false;
    this.byTenant.set(tenantId, running + 1);
    return true;
  }

  finish(tenantId: string): void {
    const left = (this.byTenant.get(tenantId) ?? 1) - 1;
    if (left > 0) this.byTenant.set(tenantId, left);
    else this.byTenant.delete(tenantId);
  }
}
