import { and, desc, eq } from 'drizzle-orm';
import { RECIPES_MAX, type RecipeStep } from '@image-lab/contract';
import { recipes } from '../../db/schema/recipes.ts';
import type { Database } from '../../platform/db.ts';

export type RecipeRow = typeof recipes.$inferSelect;

export async function insertRecipe(
  db: Database,
  values: { accountId: string; name: string; steps: RecipeStep[] },
): Promise<RecipeRow> {
  const [row] = await db.insert(recipes).values(values).returning();
  return row!;
}

export function listRecipes(db: Database, accountId: string): Promise<RecipeRow[]> {
  return db
    .select()
    .from(recipes)
    .where(eq(recipes.accountId, accountId))
    .orderBy(desc(recipes.createdAt))
    .limit(RECIPES_MAX);
}

export async function findRecipe(db: Database, accountId: string, id: string) {
  const [row] = await db
    .select()
    .from(recipes)
    .where(and(eq(recipes.accountId, accountId), eq(recipes.id, id)))
    .limit(1);
  return row;
}

export async function deleteRecipe(db: Database, accountId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(recipes)
    .where(and(eq(recipes.accountId, accountId), eq(recipes.id, id)))
    .returning({ id: recipes.id });
  return gone.length > 0;
}
