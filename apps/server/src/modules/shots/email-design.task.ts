import { designProblemMessage, readEmailDesign, SHOT_DESIGN_MAX_BYTES } from '@mandato/domain';
import type { AppContext } from '../../platform/app-context.ts';
import { UntrustedRefusal } from '../../platform/untrusted/untrusted-refusal.ts';

/**
 * The e-mail editor's design is untrusted (issue 38): reading it (parse, depth, sanitise, size) walks
 * every component, 2-8 s on the main thread for a 2 MiB design of 700,000 `{}`. It runs in the
 * untrusted pool, and what comes back is the JSON text to store (no walk on the main thread either
 * way). The design arrives as the web sends it, a JSON string, or as an object, sent as its JSON text.
 */
export const EMAIL_DESIGN_TASK = 'email-design';

export interface EmailDesignInput {
  /** the design string, or the JSON text of a design sent as an object */
  text: string;
  object: boolean;
}

/** In the worker: the design read and sanitised, as the JSON text of the value to store. */
export function readEmailDesignTask({ text, object }: EmailDesignInput): string {
  let value: unknown = text;
  if (object) value = JSON.parse(text);
  const read = readEmailDesign(value, SHOT_DESIGN_MAX_BYTES);
  if ('problem' in read) throw new UntrustedRefusal(designProblemMessage(read.problem));
  return JSON.stringify(read.design);
}

/** The design of a save, read in the pool: the JSON text to store, or null when there is none. */
export async function prepareEmailDesignIsolated(
  app: AppContext,
  tenantId: string,
  design: unknown,
): Promise<string | null> {
  if (design === undefined || design === null) return null;
  const input: EmailDesignInput =
    typeof design === 'string'
      ? { text: design, object: false }
      : { text: JSON.stringify(design), object: true };
  return app.untrusted.run<string>(EMAIL_DESIGN_TASK, input, { tenantId, field: 'jsonContent' });
}
