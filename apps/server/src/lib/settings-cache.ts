/**
 * How long an instance may keep the shop's settings it read (the cart's shop terms, the mails'
 * sender): the instance that saves them forgets its copy at once, every other instance of the same
 * database reads them afresh within this window (issue 18 points 3 and 8).
 */
export const SETTINGS_CACHE_MS = 30_000;
