/**
 * A document refused by what it holds (a budget passed, an unreadable file): thrown by a task in its
 * worker, answered by the pool's caller as a 400 with this pt-BR message.
 */
export class UntrustedRefusal extends Error {
  override readonly name = 'UntrustedRefusal';
  constructor(
    message: string,
    /** the field errors of the answer, when the task knows them (an import's lines and columns) */
    readonly errors?: unknown,
  ) {
    super(message);
  }
}
