import { describe, expect, it } from 'vitest';
import { type DiscountRuleChecked, discountRuleProblems } from './discount-rule-checks';

/** SPEC §5 discount rule checks against the other rules of the same group / category pair. */

const BLOCK =
  'A Discount Rule already exist with the block other flag set. Unset the block other flag in this rule.';
const PRIORITY =
  'A Discount Rule already exist with the same priority for this Customer Gruoup / Product Category pair.';
const LIMIT = 'Max limit reached';

const rule = (priority: number, blockOthers = false): DiscountRuleChecked => ({ priority, blockOthers });
const nine = Array.from({ length: 9 }, (_, i) => rule(i + 1));
const ten = Array.from({ length: 10 }, (_, i) => rule(i + 1));

type Case = {
  name: string;
  rule: DiscountRuleChecked;
  others: DiscountRuleChecked[];
  problems: Record<string, string[]>;
};

const cases: Case[] = [
  { name: 'the first rule of a pair passes', rule: rule(1, true), others: [], problems: {} },
  { name: 'another priority passes', rule: rule(3), others: [rule(1), rule(2)], problems: {} },
  {
    name: 'a blockOthers rule beside rules without the flag passes',
    rule: rule(3, true),
    others: [rule(1), rule(2)],
    problems: {},
  },
  {
    name: 'a rule without the flag beside a blockOthers rule passes',
    rule: rule(2),
    others: [rule(1, true)],
    problems: {},
  },
  {
    name: 'a second blockOthers rule is refused on blockOthers',
    rule: rule(2, true),
    others: [rule(1, true)],
    problems: { blockOthers: [BLOCK] },
  },
  {
    name: 'a priority already used is refused on priority',
    rule: rule(1),
    others: [rule(1), rule(2)],
    problems: { priority: [PRIORITY] },
  },
  {
    name: 'both at once are both reported',
    rule: rule(1, true),
    others: [rule(1, true)],
    problems: { blockOthers: [BLOCK], priority: [PRIORITY] },
  },
  { name: 'the 10th rule passes', rule: rule(10), others: nine, problems: {} },
  {
    name: 'the 11th rule is refused with Max limit reached',
    rule: rule(11),
    others: ten,
    problems: { productCategoryId: [LIMIT] },
  },
];

describe('discountRuleProblems', () => {
  it.each(cases)('$name', ({ rule: checked, others, problems }) => {
    expect(discountRuleProblems(checked, others)).toEqual(problems);
  });
});
