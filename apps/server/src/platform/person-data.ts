import type { TenantContext } from './db/tenancy.ts';

/** A table column that holds a person's id (a reference to people.id, with or without a foreign key). */
export interface PersonReference {
  table: string;
  personColumn: string;
  /** unique keys that include the person column, e.g. ['person_id','tag_id'] */
  uniqueWith?: readonly string[];
  /**
   * Set when triggers keep the rows from another column (e.g. person_tags from people.tag_ids): a
   * merge or an erasure changes that column and never writes these rows itself.
   */
  derivedFrom?: string;
}

export type EraseMode = 'ANONYMISE' | 'DELETE';

/**
 * What an erasure leaves of a text-like column (text, varchar, json, jsonb, arrays of them) of a
 * table holding a person's rows: 'erased' — cleared, replaced or removed with its row, in both
 * modes; 'kept' — stays, holding nothing that identifies the person (a code, a status, a key, a
 * coarse attribute such as the city, the office's own wording).
 */
export type TextColumnFate = 'erased' | 'kept';

/** Who a person is, as the people module holds it: the name shown and the addresses to suppress. */
export interface PersonIdentity {
  name: string;
  emails: readonly string[];
  phones: readonly string[];
}

/**
 * What one module holds on a person, handed to the composition root (services.ts) the way the
 * contact counter is: the privacy module answers access, anonymisation and deletion requests and the
 * duplicates merge moves rows through these parts, without importing the modules that own the rows.
 */
export interface PersonDataPart {
  /** the module that owns the rows, e.g. 'interactions' */
  module: string;
  /** every table of the module with a person reference */
  references: readonly PersonReference[];
  /**
   * Every text-like column, as 'table.column', of the tables where the person's values can be
   * written — the tables of `references`, the rows hanging off them by foreign key (a recipient's
   * events and outbox copies) and any other table `erase` reaches (opt-outs by address) — and what
   * an erasure leaves of it. A value merged into text (merge values, a rendered message, a clicked
   * URL) is 'erased'. modules/privacy/person-data.coverage.test.ts reads the catalog: a text column
   * of such a table that no part declares fails it until its module decides.
   */
  texts?: Readonly<Record<string, TextColumnFate>>;
  /** what the module holds on the person, for the access file (plain JSON values) */
  collect(ctx: TenantContext, personId: string): Promise<Record<string, unknown>>;
  /** removes (DELETE) or strips of identifiers (ANONYMISE) the person's rows, in the request's transaction */
  erase(ctx: TenantContext, personId: string, mode: EraseMode): Promise<void>;
  /** keys of stored files (app.files) that go with the person's rows: removed after a deletion commits */
  filesOf?(ctx: TenantContext, personId: string): Promise<string[]>;
  /** the person's name and addresses (only the part that owns the person row: people); undefined when absent */
  identify?(ctx: TenantContext, personId: string): Promise<PersonIdentity | undefined>;
}

export interface PersonDataRegistry {
  parts(): readonly PersonDataPart[];
  references(): readonly PersonReference[];
  /** every part's `texts`, 'table.column' → what an erasure leaves of it */
  texts(): Readonly<Record<string, TextColumnFate>>;
  /** the person's name and addresses, from the part that owns the person row */
  identify(ctx: TenantContext, personId: string): Promise<PersonIdentity | undefined>;
}

/** The registry of every module's part; a table declared twice or a module named twice is a wiring mistake. */
export function createPersonDataRegistry(parts: readonly PersonDataPart[]): PersonDataRegistry {
  const modules = new Set<string>();
  const columns = new Set<string>();
  const texts: Record<string, TextColumnFate> = {};
  for (const part of parts) {
    if (modules.has(part.module)) throw new Error(`person-data: module declared twice: ${part.module}`);
    modules.add(part.module);
    for (const ref of part.references) {
      const key = `${ref.table}.${ref.personColumn}`;
      if (columns.has(key)) throw new Error(`person-data: reference declared twice: ${key}`);
      columns.add(key);
    }
    for (const [column, fate] of Object.entries(part.texts ?? {})) {
      if (Object.hasOwn(texts, column)) throw new Error(`person-data: text column declared twice: ${column}`);
      texts[column] = fate;
    }
  }
  const frozenParts = Object.freeze([...parts]);
  const references = Object.freeze(parts.flatMap((part) => part.references));
  const frozenTexts = Object.freeze(texts);
  const owner = parts.find((part) => part.identify);
  return {
    parts: () => frozenParts,
    references: () => references,
    texts: () => frozenTexts,
    identify: (ctx, personId) => owner?.identify?.(ctx, personId) ?? Promise.resolve(undefined),
  };
}
