import { test as base, expect, type Page } from '@playwright/test';

/** The demo accounts of DESIGN §10. */
export const accounts = {
  admin: 'admin@example.com',
  company: 'company@example.com',
  private: 'private@example.com',
  extra: 'extra@example.com',
} as const;
export const PASSWORD = 'Password1!';
export type Role = keyof typeof accounts;

/** Fills the sign-in form as a user would; the page must show it. */
export async function fillSignIn(page: Page, role: Role) {
  await page.getByLabel('Email').fill(accounts[role]);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /^(Accedi|Sign in)$/ }).click();
}

export const test = base.extend<{ loginAs: (role: Role) => Promise<void> }>({
  loginAs: async ({ page }, use) => {
    await use(async (role) => {
      await page.goto('/sign-in');
      await fillSignIn(page, role);
      await expect(page).not.toHaveURL(/\/sign-in/);
    });
  },
});
export { expect };
