import { type AttributeTag, type AttributeTagInputSchema, messages } from '@shop/domain';
import type { z } from 'zod';
import type { attributeTags } from '../../db/schema';
import type { Ctx } from '../../lib/context';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import * as q from './catalog.queries';
import * as w from './catalog-admin.queries';
import { writeWithCode } from './catalog-admin.service';

/**
 * SPEC §3 attribute tags of a category or a subcategory: the attributes its products may have. A code
 * is unique within its category or subcategory: a second one answers 422 'already exist' on `code`.
 */

type Writer = Pick<Ctx, 'db'>;
type TagInput = z.output<typeof AttributeTagInputSchema>;
export type TagOwner = { categoryId: number } | { subcategoryId: number };

export const toAttributeTag = (t: typeof attributeTags.$inferSelect): AttributeTag => ({
  id: t.id,
  tag: t.tag,
  code: t.code,
  description: t.description,
  type: t.type,
  icon_url: t.iconUrl,
  options: t.options,
  full_text_search: t.fullTextSearch,
  category_id: t.categoryId,
  subcategory_id: t.subcategoryId,
});

/** 404 when the category or subcategory does not exist (the web reads a subcategory's 404 as none). */
async function requireOwner(ctx: Writer, owner: TagOwner) {
  const found =
    'categoryId' in owner
      ? await q.findCategory(ctx.db, owner.categoryId)
      : await q.findSubcategory(ctx.db, owner.subcategoryId);
  if (!found) throw new NotFoundError();
}

export async function listAttributeTags(ctx: Writer, owner: TagOwner): Promise<AttributeTag[]> {
  await requireOwner(ctx, owner);
  return (await w.listTags(ctx.db, owner)).map(toAttributeTag);
}

/** Every tag by owner ('c<category id>' or 's<subcategory id>') and code, for checks over many products. */
export async function listAttributeTagsByOwner(ctx: Writer): Promise<Map<string, Map<string, AttributeTag>>> {
  const byOwner = new Map<string, Map<string, AttributeTag>>();
  for (const row of await w.listAllTags(ctx.db)) {
    const owner = row.categoryId !== null ? `c${row.categoryId}` : `s${row.subcategoryId}`;
    if (!byOwner.has(owner)) byOwner.set(owner, new Map());
    byOwner.get(owner)!.set(row.code, toAttributeTag(row));
  }
  return byOwner;
}

const tagValues = (input: TagInput) => ({
  tag: input.tag,
  code: input.code,
  description: input.description,
  type: input.type,
  iconUrl: input.icon_url,
  options: input.options,
  fullTextSearch: input.full_text_search,
});

const codeExists = () => ValidationError.field('code', messages.alreadyExist);

export async function createAttributeTag(
  ctx: Writer,
  owner: TagOwner,
  input: TagInput,
): Promise<AttributeTag> {
  const ownerIds = {
    categoryId: 'categoryId' in owner ? owner.categoryId : null,
    subcategoryId: 'subcategoryId' in owner ? owner.subcategoryId : null,
  };
  return writeWithCode(() =>
    inTransaction(ctx, async (tx) => {
      await requireOwner(tx, owner);
      if (await w.tagCodeTaken(tx.db, { code: input.code, ...ownerIds })) throw codeExists();
      return toAttributeTag(await w.insertTag(tx.db, { ...tagValues(input), ...ownerIds }));
    }),
  );
}

/** PUT /api/attribute-tags/{id}: the tag stays with its category or subcategory. */
export async function updateAttributeTag(ctx: Writer, id: number, input: TagInput): Promise<AttributeTag> {
  return writeWithCode(() =>
    inTransaction(ctx, async (tx) => {
      const tag = await w.findTag(tx.db, id);
      if (!tag) throw new NotFoundError();
      const owner = { categoryId: tag.categoryId, subcategoryId: tag.subcategoryId };
      if (await w.tagCodeTaken(tx.db, { code: input.code, ...owner }, id)) throw codeExists();
      return toAttributeTag((await w.updateTag(tx.db, id, tagValues(input)))!);
    }),
  );
}

/** DELETE /api/attribute-tags/{id}: products keep their values under that code. */
export async function deleteAttributeTag(ctx: Writer, id: number): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    if (!(await w.deleteTag(tx.db, id))) throw new NotFoundError();
  });
}
