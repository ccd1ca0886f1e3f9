export type FaultKind = 'timeout' | '5xx' | '422';

export interface FaultRule {
  /** '/campanhas' matches /campanhas and /campanhas/{token} */
  path: string;
  method?: 'GET' | 'POST' | 'PUT';
  kind: FaultKind;
  times: number;
}

/** The failures the sandbox was told to simulate on its next matching provider calls. */
export class FaultPlan {
  private readonly rules: FaultRule[] = [];

  add(rule: FaultRule): void {
    this.rules.push({ ...rule });
  }

  /** The fault of this call, if one is armed for it (counted down, dropped when spent). */
  take(method: string, path: string): FaultKind | undefined {
    const index = this.rules.findIndex(
      (rule) =>
        (!rule.method || rule.method === method) &&
        (path === rule.path || path.startsWith(rule.path.endsWith('/') ? rule.path : `${rule.path}/`)),
    );
    const rule = this.rules[index];
    if (!rule) return undefined;
    rule.times -= 1;
    if (rule.times <= 0) this.rules.splice(index, 1);
    return rule.kind;
  }
}
