import {
  AUDIT_SUBJECTS,
  IMPORT_MESSAGES,
  type ImportRow,
  type UpdateBehavior,
  type UserAccess,
  userActionRefusal,
} from '@mandato/domain';
import { recordAudit } from '../../platform/audit/audit-log.repository.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import { ensureTags } from '../tags/tags.service.ts';
import { insertInactiveUsers, usersAccessByIds } from '../users/users.lookup.ts';
import {
  BULK_FIELDS,
  type BulkPersonRow,
  type BulkPersonValues,
  peopleBulkRepository,
} from './people-bulk.repository.ts';

/** What became of one row of an import batch. */
export interface BulkOutcome {
  line: number;
  status: 'success' | 'skip' | 'error';
  personId: string | null;
  /** why, for the import's log: an error, or a skip the importer may know the reason of */
  message?: string;
}

export interface BulkBatch {
  rows: ImportRow[];
  behavior: UpdateBehavior;
  isTeam: boolean;
  /** users.id of the importer: the creator of new rows (visibility of ROLE_CRM_ALL_DATA) */
  importerId: string | null;
  /** set when the importer sees only their own contacts (no ROLE_CRM_ALL_DATA) */
  ownerOnly: boolean;
}

type GodfatherRef = NonNullable<ImportRow['godfather']>;

/** A person the batch writes: one already stored, or a new one (several rows may merge into it). */
interface Target {
  id: string | null;
  existing: boolean;
  createdBy: string | null;
  values: BulkPersonValues;
  before: string;
  /** the godfather asked by the row that set it last (resolved to godfather_id before writing) */
  godfather?: GodfatherRef | null;
  lines: number[];
}

const blank = (field: keyof BulkPersonValues, v: BulkPersonValues) => {
  const value = v[field];
  if (field === 'vote') return value === 'TO_CONQUER';
  if (field === 'influence') return value === 0;
  if (field === 'tag_ids') return (value as string[]).length === 0;
  return value === null || value === '';
};

function valuesOf(row: ImportRow, tags: Map<string, string>): BulkPersonValues {
  return {
    name: row.name ?? null,
    email: row.email ?? null,
    cellphone: row.cellphone ?? null,
    phone_two: row.phoneTwo ?? null,
    cpf: row.cpf ?? null,
    birth_date: row.birthDate ?? null,
    nickname: row.nickname ?? null,
    gender: row.gender ?? null,
    zip_code: row.zipCode ?? null,
    street: row.street ?? null,
    number: row.number ?? null,
    complement: row.complement ?? null,
    neighborhood: row.neighborhood ?? null,
    city: row.city ?? null,
    state: row.state ?? null,
    profession: row.profession ?? null,
    voting_zone: row.votingZone ?? null,
    voting_section: row.votingSection ?? null,
    notes: row.notes ?? null,
    vote: row.vote ?? 'TO_CONQUER',
    influence: row.influence ?? 0,
    tag_ids: [
      ...new Set((row.tags ?? []).map((t) => tags.get(t.toLowerCase())).filter((id) => id !== undefined)),
    ],
    godfather_id: null,
  };
}

/**
 * Spec 2 §4 "Import behaviour" on a person the row duplicates: OVERWRITE writes every column of
 * the row (a blank cell clears the field; vote and influence, which are never blank, keep theirs
 * when the cell is blank); UPDATE_BLANK fills only the person's blank fields; SKIP leaves it.
 * A team member's e-mail is their login: an import never changes it.
 */
function merge(target: Target, row: ImportRow, incoming: BulkPersonValues, batch: BulkBatch) {
  if (batch.behavior === 'SKIP') return;
  for (const field of BULK_FIELDS) {
    if (field === 'godfather_id') continue;
    if (field === 'email' && batch.isTeam && target.values.email) continue;
    const keepDefault =
      (field === 'vote' && row.vote === undefined) || (field === 'influence' && row.influence === undefined);
    if (batch.behavior === 'OVERWRITE') {
      if (!keepDefault) (target.values as unknown as Record<string, unknown>)[field] = incoming[field];
    } else if (blank(field, target.values) && !blank(field, incoming)) {
      (target.values as unknown as Record<string, unknown>)[field] = incoming[field];
    }
  }
  if (batch.behavior === 'OVERWRITE') target.godfather = row.godfather ?? null;
  else if (row.godfather && target.values.godfather_id === null && !target.godfather)
    target.godfather = row.godfather;
}

/**
 * Imports one batch of validated rows (people-import job), set-based: one read of the duplicates
 * (same e-mail or CPF, normalised, in the list: contacts or team), one read of the godfathers,
 * then one INSERT of the new people and one UPDATE of the changed ones, inside the caller's
 * transaction. Rows are applied in file order: a later row that repeats an e-mail or CPF of an
 * earlier one (this batch or a committed one) is its duplicate. Answers one outcome per row.
 */
export async function importPeopleBatch(ctx: TenantContext, batch: BulkBatch): Promise<BulkOutcome[]> {
  const { rows } = batch;
  const tagNames = rows.flatMap((r) => r.tags ?? []);
  const tags = tagNames.length > 0 ? await ensureTags(ctx, tagNames) : new Map<string, string>();
  const keys = (pick: (r: ImportRow) => string | undefined) => [
    ...new Set(rows.flatMap((r) => (pick(r) ? [pick(r) as string] : []))),
  ];
  const stored = await peopleBulkRepository.findByKeys(ctx, batch.isTeam, {
    codes: keys((r) => r.code),
    emails: keys((r) => r.email),
    cpfs: keys((r) => r.cpf),
  });
  const refusals = await memberRefusals(ctx, batch, stored);
  const named = await namedGodfathers(ctx, rows, stored);

  const byCode = new Map<string, Target>();
  const byEmail = new Map<string, Target>();
  const byCpf = new Map<string, Target>();
  const register = (t: Target) => {
    if (t.values.email && !byEmail.has(t.values.email)) byEmail.set(t.values.email, t);
    if (t.values.cpf && !byCpf.has(t.values.cpf)) byCpf.set(t.values.cpf, t);
  };
  for (const row of stored) {
    const { id, created_by, is_team: _team, user_id: _user, ...values } = row satisfies BulkPersonRow;
    const target: Target = {
      id,
      existing: true,
      createdBy: created_by,
      values,
      before: JSON.stringify(values),
      lines: [],
    };
    byCode.set(id, target);
    register(target);
  }

  const outcomes = new Map<number, BulkOutcome>();
  const created: Target[] = [];
  const touched = new Set<Target>();
  const refuse = (line: number, message: string) =>
    outcomes.set(line, { line, status: 'error', personId: null, message });
  for (const listed of rows) {
    const incoming = valuesOf(listed, tags);
    let row = listed;
    // a code names the person (an exported sheet); without it, the e-mail or CPF finds them
    const target = row.code
      ? byCode.get(row.code)
      : (row.email && byEmail.get(row.email)) || (row.cpf && byCpf.get(row.cpf)) || undefined;
    // someone else's contact, for an importer who sees only their own: not theirs to change, nor
    // to learn of: its code answers as a code no one has, its e-mail or CPF as a plain skip
    const hidden = !!target?.existing && batch.ownerOnly && target.createdBy !== batch.importerId;
    if (row.code && (!target || hidden)) {
      outcomes.set(row.line, {
        line: row.line,
        status: 'error',
        personId: null,
        message: IMPORT_MESSAGES.codeNotFound(row.code),
      });
      continue;
    }
    if (!target) {
      const godfather = godfatherOf(row, undefined, named, batch);
      if ('error' in godfather) {
        refuse(row.line, godfather.error);
        continue;
      }
      row = { ...row, godfather: godfather.ref };
      const fresh: Target = {
        id: null,
        existing: false,
        createdBy: batch.importerId,
        values: incoming,
        before: '',
        godfather: row.godfather ?? null,
        lines: [row.line],
      };
      created.push(fresh);
      register(fresh);
      outcomes.set(row.line, { line: row.line, status: 'success', personId: null });
      continue;
    }
    if (hidden) {
      outcomes.set(row.line, { line: row.line, status: 'skip', personId: null });
      continue;
    }
    const refusal = target.id === null ? undefined : refusals.get(target.id);
    if (refusal) {
      outcomes.set(row.line, { line: row.line, status: 'skip', personId: target.id, message: refusal });
      continue;
    }
    if (batch.behavior === 'SKIP') {
      target.lines.push(row.line);
      outcomes.set(row.line, { line: row.line, status: 'skip', personId: target.id });
      continue;
    }
    const godfather = godfatherOf(row, target, named, batch);
    if ('error' in godfather) {
      refuse(row.line, godfather.error);
      continue;
    }
    row = { ...row, godfather: godfather.ref };
    target.lines.push(row.line);
    merge(target, row, incoming, batch);
    register(target);
    touched.add(target);
    outcomes.set(row.line, { line: row.line, status: 'success', personId: target.id });
  }

  // team members are users: a login (inactive, no permissions) per new member
  if (batch.isTeam && created.length > 0) {
    const users = await insertInactiveUsers(
      ctx,
      created.map((t) => ({
        name: t.values.name ?? (t.values.email as string),
        email: t.values.email as string,
        cellphone: t.values.cellphone,
      })),
    );
    if (users.size > 0)
      await recordAudit(
        ctx,
        {
          action: 'USER_CREATE',
          subject: AUDIT_SUBJECTS.usersImported(users.size),
          detail: { count: users.size, via: 'import' },
        },
        batch.importerId,
      );
    for (let i = created.length - 1; i >= 0; i--) {
      const t = created[i] as Target;
      const userId = users.get((t.values.email as string).toLowerCase());
      if (userId) (t as Target & { userId?: string }).userId = userId;
      else {
        created.splice(i, 1);
        for (const line of t.lines)
          outcomes.set(line, { line, status: 'error', personId: null, message: IMPORT_MESSAGES.emailInUse });
      }
    }
  }

  const godfatherIds = await resolveGodfathers(ctx, batch, [...created, ...touched]);
  const ids = await peopleBulkRepository.allocateIds(ctx, created.length + godfatherIds.fresh.length);
  godfatherIds.fresh.forEach((g, i) => {
    g.id = ids[i] as string;
  });
  created.forEach((t, i) => {
    t.id = ids[godfatherIds.fresh.length + i] as string;
  });
  const linkOf = (t: Target) => {
    if (t.godfather === undefined) return t.values.godfather_id;
    if (t.godfather === null) return null;
    const g = godfatherIds.find(t.godfather);
    return g && g.id !== t.id ? g.id : null;
  };

  await peopleBulkRepository.insertMany(ctx, [
    ...godfatherIds.fresh.map((g) => ({
      ...valuesOf({ line: 0, name: g.ref.name, email: g.ref.email, cellphone: g.ref.cellphone }, tags),
      id: g.id as string,
      is_team: false,
      user_id: null,
      created_by: batch.importerId,
    })),
    ...created.map((t) => ({
      ...t.values,
      godfather_id: linkOf(t),
      id: t.id as string,
      is_team: batch.isTeam,
      user_id: (t as Target & { userId?: string }).userId ?? null,
      created_by: batch.importerId,
    })),
  ]);
  const changed = [...touched].flatMap((t) => {
    if (!t.existing) return [];
    const values = { ...t.values, godfather_id: linkOf(t) };
    return JSON.stringify(values) === t.before ? [] : [{ ...values, id: t.id as string }];
  });
  await peopleBulkRepository.updateMany(ctx, changed);

  for (const t of created)
    for (const line of t.lines) {
      const o = outcomes.get(line);
      if (o && o.status !== 'error') o.personId = t.id;
    }
  return rows.map((r) => outcomes.get(r.line) as BulkOutcome);
}

/**
 * The stored team members a TEAM batch may not change, with the reason: those whose login holds a
 * permission the importer lacks, refused as PUT /people/{code} refuses them (domain
 * userActionRefusal, 'changeContact'). The importer's permissions are read as they are now, with
 * the matched members', in one query per batch.
 */
async function memberRefusals(
  ctx: TenantContext,
  batch: BulkBatch,
  stored: readonly BulkPersonRow[],
): Promise<Map<string, string>> {
  const refusals = new Map<string, string>();
  const members = stored.filter((r) => r.user_id !== null);
  if (!batch.isTeam || batch.behavior === 'SKIP' || members.length === 0) return refusals;
  const userIds = members.map((m) => m.user_id as string);
  const access = await usersAccessByIds(ctx, batch.importerId ? [batch.importerId, ...userIds] : userIds);
  // an importer no longer stored holds nothing
  const importer: UserAccess = (batch.importerId && access.get(batch.importerId)) || {
    code: '',
    permissions: [],
  };
  for (const member of members) {
    const target = access.get(member.user_id as string);
    const refusal = target && userActionRefusal(importer, target, 'changeContact');
    if (refusal) refusals.set(member.id, refusal);
  }
  return refusals;
}

/** A person a row names as godfather by code, or the current godfather of a stored row. */
interface NamedGodfather {
  name: string | null;
  createdBy: string | null;
  isTeam: boolean;
}

/** The people the batch's godfather codes name and the stored targets' current godfathers, by id. */
async function namedGodfathers(
  ctx: TenantContext,
  rows: readonly ImportRow[],
  stored: readonly BulkPersonRow[],
): Promise<Map<string, NamedGodfather>> {
  const ids = new Set<string>();
  for (const r of rows) if (r.godfather?.code) ids.add(r.godfather.code);
  for (const s of stored) if (s.godfather_id) ids.add(s.godfather_id);
  const found = await peopleBulkRepository.findByIds(ctx, [...ids]);
  return new Map(found.map((g) => [g.id, { name: g.name, createdBy: g.created_by, isTeam: g.is_team }]));
}

/** A name as compared with a stored one: NFC, single spaces, case and accents as written. */
const nameKey = (name: string | null | undefined) =>
  (name ?? '').normalize('NFC').replace(/\s+/g, ' ').trim();

/**
 * The godfather a row asks for, as this batch resolves it (issue 39 item 10: every exported row
 * re-imports). A code (the export's codigo_padrinho) names the person when they are the row's
 * current godfather, or a contact the importer may link to (their own, when they see only their
 * own contacts); otherwise the e-mail or cellphone of the row finds or creates the godfather, and
 * without them the row is refused. A name alone (an export from before codigo_padrinho) must be
 * the name of the current godfather of the person the row updates: nobody is created from a name.
 */
function godfatherOf(
  row: ImportRow,
  target: Target | undefined,
  named: ReadonlyMap<string, NamedGodfather>,
  batch: BulkBatch,
): { ref: GodfatherRef | undefined } | { error: string } {
  const ref = row.godfather;
  if (!ref) return { ref: undefined };
  const current = target?.existing ? target.values.godfather_id : null;
  if (ref.code) {
    const g = named.get(ref.code);
    const linkable =
      ref.code === current || (!!g && !g.isTeam && (!batch.ownerOnly || g.createdBy === batch.importerId));
    if (linkable) return { ref: { code: ref.code } };
    const { code: _unknown, ...byContact } = ref;
    if (byContact.email || byContact.cellphone) return { ref: byContact };
    return { error: IMPORT_MESSAGES.godfatherCodeNotFound(ref.code) };
  }
  if (ref.email || ref.cellphone) return { ref };
  const g = current ? named.get(current) : undefined;
  if (current && g && nameKey(g.name) === nameKey(ref.name)) return { ref: { code: current } };
  return { error: IMPORT_MESSAGES.godfatherNameOnly(ref.name ?? '') };
}

interface FreshGodfather {
  ref: GodfatherRef;
  id: string | null;
}

/**
 * The godfathers the batch links to: the person of a code (checked by godfatherOf), else a contact
 * with the godfather's e-mail, else with the cellphone (stored, or written by this batch), else a
 * new contact with the name, cellphone and e-mail of the row (spec 2 §3: a godfather needs a phone
 * or an e-mail).
 */
async function resolveGodfathers(ctx: TenantContext, batch: BulkBatch, targets: Target[]) {
  // a godfather named by code is resolved already (godfatherOf)
  const refs = targets.flatMap((t) => (t.godfather && !t.godfather.code ? [t.godfather] : []));
  const byEmail = new Map<string, { id: string | null }>();
  const byPhone = new Map<string, { id: string | null }>();
  const fresh: FreshGodfather[] = [];
  if (refs.length > 0) {
    const emails = [...new Set(refs.flatMap((r) => (r.email ? [r.email] : [])))];
    const phones = [...new Set(refs.flatMap((r) => (r.cellphone ? [r.cellphone] : [])))];
    for (const c of await peopleBulkRepository.findContacts(ctx, emails, phones)) {
      if (c.email && !byEmail.has(c.email)) byEmail.set(c.email, { id: c.id });
      if (c.cellphone && !byPhone.has(c.cellphone)) byPhone.set(c.cellphone, { id: c.id });
    }
    if (!batch.isTeam) {
      // people this batch writes are contacts too (a godfather may be a row of the same file)
      for (const t of targets) {
        if (t.values.email && !byEmail.has(t.values.email)) byEmail.set(t.values.email, t);
        if (t.values.cellphone && !byPhone.has(t.values.cellphone)) byPhone.set(t.values.cellphone, t);
      }
    }
    for (const ref of refs) {
      if ((ref.email && byEmail.has(ref.email)) || (ref.cellphone && byPhone.has(ref.cellphone))) continue;
      const g: FreshGodfather = { ref, id: null };
      fresh.push(g);
      if (ref.email) byEmail.set(ref.email, g);
      if (ref.cellphone) byPhone.set(ref.cellphone, g);
    }
  }
  return {
    fresh,
    find(ref: GodfatherRef): { id: string | null } | undefined {
      if (ref.code) return { id: ref.code };
      return (
        (ref.email && byEmail.get(ref.email)) || (ref.cellphone && byPhone.get(ref.cellphone)) || undefined
      );
    },
  };
}
