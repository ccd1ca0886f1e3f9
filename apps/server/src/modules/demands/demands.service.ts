import {
  DEMAND_TEXTS,
  type Demand,
  type DemandCreate,
  type DemandDetail,
  type DemandFile,
  type DemandFileType,
  type DemandListQuery,
  type DemandStatus,
  demandFileExtension,
  type ListAnswer,
  pageOffset,
} from '@mandato/domain';
import type { AppContext, RequestContext } from '../../platform/app-context.ts';
import type { AuthContext } from '../../platform/auth/guard.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import { SNIFFED_CONTENT_TYPES } from '../../platform/files/sniff-type.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import type { StoredFile } from '../../platform/storage/storage.ts';
import { fileKey, removeIfNotRecorded } from '../../platform/storage/storage.ts';
import { peopleVisibility } from '../people/people.policy.ts';
import { visiblePeopleNames } from '../people/people-names.lookup.ts';
import { type DemandFileRow, type DemandRow, demandsRepository } from './demands.repository.ts';

const presentFile = (f: DemandFileRow): DemandFile => ({
  name: f.name,
  originalName: f.originalName,
  extension: f.name.split('.').pop() ?? '',
  size: f.size,
});

async function present(ctx: TenantContext, auth: AuthContext, rows: DemandRow[]): Promise<Demand[]> {
  const ids = rows.map((r) => r.id);
  const files = await demandsRepository.filesOf(ctx, ids);
  const names = new Map(
    (
      await visiblePeopleNames(
        ctx,
        peopleVisibility(auth),
        rows.map((r) => r.applicantId),
      )
    ).map((p) => [p.id, p.name]),
  );
  return rows.map((r) => ({
    code: r.code,
    title: r.title,
    description: r.description,
    applicant: Number(r.applicantId),
    applicantName: names.get(r.applicantId) ?? null,
    status: r.status as DemandStatus,
    createdAt: r.createdAt.toISOString(),
    files: files.filter((f) => f.demandId === r.id).map(presentFile),
  }));
}

/** GET /demands (spec 3 §7.3): total and the page, newest first. */
export async function listDemands(
  ctx: RequestContext,
  auth: AuthContext,
  query: DemandListQuery,
): Promise<ListAnswer<Demand>> {
  const { rows, total } = await demandsRepository.page(ctx, query.itemsPerPage, pageOffset(query));
  return { list: await present(ctx, auth, rows), total };
}

async function demandOf(ctx: TenantContext, code: number): Promise<DemandRow> {
  const row = await demandsRepository.byCode(ctx, code);
  if (!row) throw notFound(DEMAND_TEXTS.notFound);
  return row;
}

async function detail(ctx: TenantContext, auth: AuthContext, row: DemandRow): Promise<DemandDetail> {
  const [demand] = await present(ctx, auth, [row]);
  const history = await demandsRepository.history(ctx, row.id);
  return {
    ...(demand as Demand),
    history: history.map((h) => ({
      from: h.from as DemandStatus | null,
      to: h.to as DemandStatus,
      by: h.by,
      at: h.at.toISOString(),
    })),
  };
}

/** GET /demands/{code}: the demand with its status history. */
export async function getDemand(ctx: RequestContext, auth: AuthContext, code: number): Promise<DemandDetail> {
  return detail(ctx, auth, await demandOf(ctx, code));
}

/** POST /demands: a team user registers a demand of a person they may see (else 400, nothing written). */
export async function createDemand(
  ctx: RequestContext,
  auth: AuthContext,
  input: DemandCreate,
): Promise<DemandDetail> {
  const [applicant] = await visiblePeopleNames(ctx, peopleVisibility(auth), [String(input.applicant)]);
  if (!applicant)
    throw badRequest(DEMAND_TEXTS.applicantNotFound, { applicant: [DEMAND_TEXTS.applicantNotFound] });
  const row = await demandsRepository.insert(
    ctx,
    { title: input.title, description: input.description, applicantId: applicant.id, status: input.status },
    auth.user,
  );
  return detail(ctx, auth, row);
}

/** Operator path (demo seed), inside its transaction: a demand as given, without the visibility check. */
export async function seedDemand(
  ctx: TenantContext,
  user: { id: string; name: string },
  values: { title: string; description: string | null; applicantId: string; status: DemandStatus },
): Promise<{ id: string; code: number }> {
  const row = await demandsRepository.insert(ctx, values, user);
  return { id: row.id, code: row.code };
}

/** POST /demands/{code}/status: a new status, recorded with who and when (the same status changes nothing). */
export async function changeDemandStatus(
  ctx: RequestContext,
  auth: AuthContext,
  code: number,
  status: DemandStatus,
): Promise<DemandDetail> {
  const row = await demandOf(ctx, code);
  if (row.status !== status) {
    await demandsRepository.setStatus(ctx, row.id, status);
    await demandsRepository.recordStatus(ctx, row.id, row.status, status, auth.user);
  }
  return detail(ctx, auth, { ...row, status });
}

/** POST /demands/{code}/files, before the upload is read: 404 for a demand that is not there. */
export async function checkDemandExists(
  ctx: RequestContext,
  _auth: AuthContext,
  code: number,
): Promise<void> {
  await demandOf(ctx, code);
}

/** A demand's file already in the storage (under a fresh key of the tenant, never the user's name). */
export interface StoredDemandFile {
  key: string;
  type: DemandFileType;
  contentType: string;
  size: number;
  originalName: string;
}

/** POST /demands/{code}/files, after the upload streamed into the storage: records it. */
export async function recordDemandFile(
  ctx: RequestContext,
  auth: AuthContext,
  code: number,
  file: StoredDemandFile,
): Promise<DemandFile> {
  const row = await demandOf(ctx, code);
  return insertFileRecord(ctx, row.id, auth.user.id, file);
}

async function insertFileRecord(
  ctx: TenantContext,
  demandId: string,
  userId: string,
  file: StoredDemandFile,
): Promise<DemandFile> {
  const name = file.key.split('/').pop() as string;
  await demandsRepository.insertFile(ctx, {
    demandId,
    storageKey: file.key,
    name,
    originalName: file.originalName,
    fileType: file.type,
    contentType: file.contentType,
    size: file.size,
    createdBy: userId,
  });
  return presentFile({
    demandId,
    name,
    originalName: file.originalName,
    size: file.size,
    storageKey: file.key,
    contentType: file.contentType,
  });
}

/** Operator path (demo seed), inside its transaction: stores and records one file of a demand. */
export async function storeDemandFile(
  ctx: TenantContext & { app: Pick<AppContext, 'files'> },
  demandId: string,
  userId: string,
  file: { bytes: Buffer; type: DemandFileType; originalName: string },
): Promise<DemandFile> {
  const key = fileKey(ctx.tenantId, 'demand', demandFileExtension(file.type, file.originalName));
  const contentType = SNIFFED_CONTENT_TYPES[file.type];
  await ctx.app.files.put(key, file.bytes, contentType);
  return removeIfNotRecorded(ctx.app.files, key, () =>
    insertFileRecord(ctx, demandId, userId, {
      key,
      type: file.type,
      contentType,
      size: file.bytes.length,
      originalName: file.originalName,
    }),
  );
}

/** The record of a file of the caller's tenant, by its server-generated name (404 otherwise). */
export async function demandFileRecord(
  ctx: RequestContext,
  _auth: AuthContext,
  name: string,
): Promise<{ storageKey: string; contentType: string; originalName: string }> {
  const file = await demandsRepository.fileByName(ctx, name);
  if (!file) throw notFound(DEMAND_TEXTS.fileNotFound);
  return file;
}

/** The stored bytes of a recorded file, served with the type recorded at upload (never re-guessed). */
export async function readDemandFile(
  app: AppContext,
  record: { storageKey: string; contentType: string },
): Promise<StoredFile> {
  const stored = await app.files.get(record.storageKey);
  if (!stored) throw notFound(DEMAND_TEXTS.fileNotFound);
  return { ...stored, contentType: record.contentType };
}
