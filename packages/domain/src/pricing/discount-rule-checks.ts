import { messages } from '../messages';
import type { DiscountRuleInput } from './unit-price';

/** SPEC §5: a customer group / product category pair holds at most this many discount rules. */
export const MAX_DISCOUNT_RULES_PER_PAIR = 10;

export type DiscountRuleChecked = Pick<DiscountRuleInput, 'priority' | 'blockOthers'>;

/**
 * SPEC §5 discount rule checks of `rule` against the other rules of its customer group / product
 * category pair (for an update, every rule of the pair but itself): one blockOthers rule per pair, one
 * rule per priority, at most MAX_DISCOUNT_RULES_PER_PAIR rules. Answers the problems by field, empty
 * when the rule may be written.
 */
export function discountRuleProblems(
  rule: DiscountRuleChecked,
  others: readonly DiscountRuleChecked[],
): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  if (others.length >= MAX_DISCOUNT_RULES_PER_PAIR) {
    problems.productCategoryId = [messages.discountRuleMaxLimit];
  }
  if (rule.blockOthers && others.some((other) => other.blockOthers)) {
    problems.blockOthers = [messages.discountRuleBlockOthersTaken];
  }
  if (others.some((other) => other.priority === rule.priority)) {
    problems.priority = [messages.discountRulePriorityTaken];
  }
  return problems;
}
