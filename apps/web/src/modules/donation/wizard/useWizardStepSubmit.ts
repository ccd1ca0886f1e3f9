import { serverFieldErrors } from '../../../platform/ui/form/serverFieldErrors.ts';
import type { Validation } from '../../../platform/ui/form/useValidatedForm.ts';

/** What a step's submit needs of its useValidatedForm. */
interface StepForm<P> {
  validation: Validation<P>;
  touch: (field: string) => void;
  setServerErrors: (errors: Record<string, string[]>) => void;
}

/**
 * 'Próximo' of a wizard step: an invalid step shows every error and stays; a valid one is saved by
 * `mutation` and the wizard goes on; a 400 puts the server's errors on the fields (`mapErrors`
 * renames them as the form shows them, e.g. the address under 'address.').
 */
export function useWizardStepSubmit<P>(
  form: StepForm<P>,
  mutation: { mutateAsync: (payload: P) => Promise<unknown> },
  onDone: () => void,
  mapErrors: (errors: Record<string, string[]>) => Record<string, string[]> = (errors) => errors,
): () => Promise<void> {
  return async () => {
    const payload = form.validation.payload;
    if (!payload) {
      for (const field of Object.keys(form.validation.errors)) form.touch(field);
      return;
    }
    try {
      await mutation.mutateAsync(payload);
      onDone();
    } catch (error) {
      form.setServerErrors(mapErrors(serverFieldErrors(error)));
    }
  };
}
