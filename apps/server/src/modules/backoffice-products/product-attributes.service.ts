import {
  type AttributeTag,
  embedNotAllowedMessage,
  isAllowedEmbed,
  isEmbedAttribute,
  messages,
  type ProductAttributes,
} from '@shop/domain';
import type { Ctx } from '../../lib/context';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { toAttributeTag } from '../catalog/attribute-tags.service';
import * as products from './admin-products.queries';
import * as q from './product-attributes.queries';

/**
 * SPEC §2 attributes tab, §7 GET/POST /api/product/{id}/attributes and /api/product-variant/{id}/…:
 * a product's (or variant's) attribute values, one per tag of its category and subcategory.
 */

type Writer = Pick<Ctx, 'db'>;
type Kind = 'product' | 'variant';

/** The product or variant (by kind), or 404. */
async function requireRow(ctx: Writer, id: number, kind: Kind) {
  const row = await products.findProductRow(ctx.db, id);
  if (!row || (kind === 'variant') !== (row.parentId !== null)) throw new NotFoundError();
  return row;
}

export async function getAttributes(ctx: Writer, id: number, kind: Kind): Promise<ProductAttributes> {
  const row = await requireRow(ctx, id, kind);
  const [tags, values] = await Promise.all([
    q.listTagsFor(ctx.db, row.categoryId, row.subcategoryId),
    q.listValues(ctx.db, id),
  ]);
  return {
    tags: tags.map(toAttributeTag),
    values: Object.fromEntries(values.map((v) => [v.code, v.value])),
  };
}

/**
 * Whether `value` suits the tag (SPEC §3 types): a YOUTUBE or SPOTIFY code takes only a player on that
 * service's own hosts whatever its type (the web embeds them; issue 17 point 8), a list type one of
 * its options, url and iframe an http(s) address, text anything.
 */
export function attributeValueProblem(
  tag: Pick<AttributeTag, 'code' | 'type' | 'options'>,
  value: string,
): string | null {
  if (isEmbedAttribute(tag.code)) {
    return isAllowedEmbed(value, tag.code) ? null : embedNotAllowedMessage(tag.code);
  }
  if (tag.type === 'list' || tag.type === 'fixed_list') {
    return tag.options.includes(value) ? null : messages.invalidValue;
  }
  if (tag.type === 'url' || tag.type === 'iframe') {
    return /^https?:\/\/[^\s]+$/i.test(value) && value.length <= 2000 ? null : messages.invalidValue;
  }
  return null;
}

/** Sets the values sent (null or blank removes one); a code that is not one of the tags is refused. */
export async function setAttributes(
  ctx: Writer,
  id: number,
  kind: Kind,
  attributes: Record<string, string | null>,
): Promise<ProductAttributes> {
  await inTransaction(ctx, async (tx) => {
    const row = await requireRow(tx, id, kind);
    const tags = new Map(
      (await q.listTagsFor(tx.db, row.categoryId, row.subcategoryId)).map((t) => [t.code, toAttributeTag(t)]),
    );
    const errors: Record<string, string[]> = {};
    const upserts: { productId: number; code: string; value: string }[] = [];
    const removals: string[] = [];
    for (const [code, value] of Object.entries(attributes)) {
      const tag = tags.get(code);
      const problem = !tag ? messages.invalidValue : value ? attributeValueProblem(tag, value) : null;
      if (problem) errors[`attributes.${code}`] = [problem];
      else if (value) upserts.push({ productId: id, code, value });
      else removals.push(code);
    }
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    await q.upsertValues(tx.db, upserts);
    await q.deleteValues(tx.db, id, removals);
  });
  return getAttributes(ctx, id, kind);
}
