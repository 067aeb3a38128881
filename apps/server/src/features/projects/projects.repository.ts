import { and, asc, desc, eq, inArray, isNotNull, lte, notInArray, sql } from 'drizzle-orm';
import { images } from '../../db/schema/images.ts';
import { projects } from '../../db/schema/projects.ts';
import { users } from '../../db/schema/users.ts';
import type { Database } from '../../platform/db.ts';
import { sharingSwitch, type SharingSwitch } from '../../platform/share-toggle.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Tx;
export type ProjectRow = typeof projects.$inferSelect;

/** The project's columns, plus the original image's key while that image still exists. */
const projectColumns = {
  id: projects.id,
  name: projects.name,
  description: projects.description,
  isPublic: projects.isPublic,
  shareToken: projects.shareToken,
  createdAt: projects.createdAt,
  updatedAt: projects.updatedAt,
  originalKey: images.storageKey,
};

function selectProjects(db: Executor) {
  return db
    .select(projectColumns)
    .from(projects)
    .leftJoin(
      images,
      and(
        eq(images.accountId, projects.accountId),
        eq(images.storageKey, projects.originalImageKey),
      ),
    );
}

export async function listProjectRows(db: Executor, accountId: string, limit: number) {
  return selectProjects(db)
    .where(eq(projects.accountId, accountId))
    .orderBy(desc(projects.updatedAt), desc(projects.id))
    .limit(limit);
}

export async function findProjectRow(db: Executor, accountId: string, id: string) {
  const rows = await selectProjects(db).where(
    and(eq(projects.accountId, accountId), eq(projects.id, id)),
  );
  return rows[0];
}
export type ProjectListRow = Awaited<ReturnType<typeof listProjectRows>>[number];

export async function projectExists(db: Executor, accountId: string, id: string) {
  const rows = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.accountId, accountId), eq(projects.id, id)));
  return rows.length > 0;
}

/**
 * The first `perProject` images (oldest first) of each project, with each project's total, in
 * one query: a window function rather than one query per project.
 */
export async function imagesOfProjects(
  db: Executor,
  accountId: string,
  projectIds: string[],
  perProject: number,
) {
  if (projectIds.length === 0) return [];
  const ranked = db
    .select({
      id: images.id,
      projectId: images.projectId,
      storageKey: images.storageKey,
      kind: images.kind,
      prompt: images.prompt,
      model: images.model,
      width: images.width,
      height: images.height,
      n: sql<number>`(row_number() over (partition by ${images.projectId} order by ${images.createdAt}, ${images.id}))::int`.as(
        'n',
      ),
      total: sql<number>`(count(*) over (partition by ${images.projectId}))::int`.as('total'),
    })
    .from(images)
    .where(and(eq(images.accountId, accountId), inArray(images.projectId, projectIds)))
    .as('ranked');
  return db
    .select()
    .from(ranked)
    .where(lte(ranked.n, perProject))
    .orderBy(asc(ranked.projectId), asc(ranked.n));
}
export type ProjectImageRow = Awaited<ReturnType<typeof imagesOfProjects>>[number];

export async function imagesByKeys(db: Executor, accountId: string, keys: string[]) {
  if (keys.length === 0) return [];
  return db
    .select({ id: images.id, storageKey: images.storageKey, kind: images.kind })
    .from(images)
    .where(and(eq(images.accountId, accountId), inArray(images.storageKey, keys)));
}

export async function insertProject(db: Executor, values: typeof projects.$inferInsert) {
  const [row] = await db.insert(projects).values(values).returning({ id: projects.id });
  return row!;
}

export async function updateProjectRow(
  db: Executor,
  accountId: string,
  id: string,
  values: Partial<Pick<ProjectRow, 'name' | 'description' | 'originalImageKey'>>,
) {
  const rows = await db
    .update(projects)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(projects.accountId, accountId), eq(projects.id, id)))
    .returning({ id: projects.id });
  return rows[0];
}

/** Makes the project's images exactly `imageIds`: others leave it, these join it. */
export async function replaceProjectImages(
  db: Executor,
  accountId: string,
  projectId: string,
  imageIds: string[],
) {
  await db
    .update(images)
    .set({ projectId: null })
    .where(
      and(
        eq(images.accountId, accountId),
        eq(images.projectId, projectId),
        ...(imageIds.length > 0 ? [notInArray(images.id, imageIds)] : []),
      ),
    );
  if (imageIds.length === 0) return;
  await db
    .update(images)
    .set({ projectId })
    .where(and(eq(images.accountId, accountId), inArray(images.id, imageIds)));
}

/** Sets several images' prompts in one statement. */
export async function setPrompts(
  db: Executor,
  accountId: string,
  prompts: { id: string; prompt: string }[],
) {
  if (prompts.length === 0) return;
  const values = sql.join(
    prompts.map((p) => sql`(${p.id}::uuid, ${p.prompt}::text)`),
    sql`, `,
  );
  await db.execute(sql`
    update ${images} set prompt = v.prompt
    from (values ${values}) as v(id, prompt)
    where ${images.id} = v.id and ${images.accountId} = ${accountId}`);
}

/**
 * Deletes the project and its images' rows in one transaction and hands back the images' keys,
 * so the files go only after the rows that name them are gone. Undefined: no such project.
 */
export async function deleteProjectWithImages(db: Database, accountId: string, id: string) {
  return db.transaction(async (tx) => {
    const locked = await tx
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.accountId, accountId), eq(projects.id, id)))
      .for('update');
    if (locked.length === 0) return undefined;
    const removed = await tx
      .delete(images)
      .where(and(eq(images.accountId, accountId), eq(images.projectId, id)))
      .returning({ id: images.id, storageKey: images.storageKey });
    await tx.delete(projects).where(and(eq(projects.accountId, accountId), eq(projects.id, id)));
    return removed;
  });
}

export async function activateProjectRow(db: Executor, accountId: string, id: string) {
  const rows = await db
    .update(projects)
    .set({ activatedAt: sql`clock_timestamp()` })
    .where(and(eq(projects.accountId, accountId), eq(projects.id, id)))
    .returning({ id: projects.id, name: projects.name });
  return rows[0];
}

/** The account's active project: the one activated last. */
export async function findActiveProject(db: Executor, accountId: string) {
  const rows = await db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(and(eq(projects.accountId, accountId), isNotNull(projects.activatedAt)))
    .orderBy(desc(projects.activatedAt), desc(projects.id))
    .limit(1);
  return rows[0];
}

/** Turns the project's link on (the live one, or a new one) or off (docs/decisions/021). */
export async function setProjectSharing(
  db: Executor,
  accountId: string,
  id: string,
  sharing: SharingSwitch,
) {
  const rows = await db
    .update(projects)
    .set(sharingSwitch(projects, sharing))
    .where(and(eq(projects.accountId, accountId), eq(projects.id, id)))
    .returning({ isPublic: projects.isPublic, shareToken: projects.shareToken });
  return rows[0];
}

/** A public project by its token. */
export async function findSharedProject(db: Executor, token: string) {
  const rows = await db
    .select({
      id: projects.id,
      accountId: projects.accountId,
      name: projects.name,
      description: projects.description,
      createdAt: projects.createdAt,
      viewCount: projects.viewCount,
    })
    .from(projects)
    .where(and(eq(projects.shareToken, token), eq(projects.isPublic, true)));
  return rows[0];
}

/** One more view; answers the new count. */
export async function addProjectView(db: Executor, id: string) {
  const rows = await db
    .update(projects)
    .set({ viewCount: sql`${projects.viewCount} + 1` })
    .where(eq(projects.id, id))
    .returning({ viewCount: projects.viewCount });
  return rows[0]?.viewCount;
}

export async function ownerNames(db: Executor, accountId: string) {
  const rows = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, accountId));
  return rows[0];
}

/** The stored key of one image of a public project, found by the project's share token. */
export async function sharedImageKey(db: Executor, token: string, imageId: string) {
  const rows = await db
    .select({ storageKey: images.storageKey })
    .from(images)
    .innerJoin(
      projects,
      and(eq(projects.id, images.projectId), eq(projects.accountId, images.accountId)),
    )
    .where(
      and(eq(projects.shareToken, token), eq(projects.isPublic, true), eq(images.id, imageId)),
    );
  return rows[0]?.storageKey;
}
