import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';

/** The mails the server wrote as .eml files (no SMTP_URL), decoded from quoted-printable. */
async function mailsTo(email: string): Promise<string[]> {
  const dir = path.join(process.env.DATA_DIR!, 'mail');
  const files = await readdir(dir).catch(() => [] as string[]);
  const texts = await Promise.all(files.map((file) => readFile(path.join(dir, file), 'utf8')));
  return texts
    .map((raw) =>
      raw
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    )
    .filter((text) => new RegExp(`^To: ${email}`, 'mi').test(text));
}

/** The set-password link of the invitation mailed to `email`, once the mail queue has sent it. */
async function invitationLink(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = await mailsTo(email);
        link = mails.map((text) => text.match(/https?:\/\/\S+\/reset-password\/\S+/)?.[0]).find(Boolean);
        return link;
      },
      { timeout: 30_000, message: `the invitation mail to ${email}` },
    )
    .toBeTruthy();
  return new URL(link!).pathname + new URL(link!).search;
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const staffRow = (page: Page, email: string) => page.getByRole('row').filter({ hasText: email });

test('an admin invites a colleague, who sets the password and signs in, then is disabled and signed out', async ({
  page,
  browser,
  loginAs,
}) => {
  test.setTimeout(150_000);
  const colleague = `colleague-${Date.now()}@example.com`;
  const password = 'Orchard-velvet-compass-61!';
  await page.addInitScript(() => localStorage.setItem('lang', 'en'));

  await loginAs('admin');
  await page.goto('/backoffice');
  await page.getByRole('link', { name: 'Staff' }).click();
  await expect(page).toHaveURL(/\/backoffice\/staff$/);
  await expect(page.getByRole('heading', { name: 'Staff', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Invite' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite a staff member' });
  await invite.getByRole('textbox', { name: 'E-mail' }).fill(colleague);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent: ${colleague} has been mailed a link`)).toBeVisible();
  await expect(staffRow(page, colleague).getByText('Invited')).toBeVisible();
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // The colleague, in a browser of their own, follows the mailed link and sets the password.
  const link = await invitationLink(colleague);
  const theirs = await browser.newContext();
  await theirs.addInitScript(() => localStorage.setItem('lang', 'en'));
  const them = await theirs.newPage();
  await them.goto(link);
  await expect(them.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await expect(them.getByLabel('Email')).toHaveValue(colleague);
  await them.getByLabel('Password', { exact: true }).fill(password);
  await them.getByLabel('Confirm password').fill(password);
  await them.getByRole('button', { name: 'Save the password' }).click();
  await them.getByRole('link', { name: 'Go to sign in' }).click();
  await signIn(them, colleague, password);
  await expect(them).toHaveURL(/\/backoffice/);
  await expect(them.getByRole('link', { name: 'Staff' })).toBeVisible();

  await page.reload();
  await expect(staffRow(page, colleague).getByText('Active', { exact: true })).toBeVisible();
  await staffRow(page, colleague).getByRole('button', { name: 'Disable' }).click();
  const confirm = page.getByRole('dialog', { name: `Disable ${colleague}?` });
  await confirm.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByText(`${colleague} has been disabled and signed out.`)).toBeVisible();
  await expect(staffRow(page, colleague).getByText('Disabled')).toBeVisible();

  // Their next step finds them signed out, and signing in again says the account is disabled.
  await them.goto('/backoffice/staff');
  await expect(them).not.toHaveURL(/\/backoffice/);
  await signIn(them, colleague, password);
  await expect(them.getByText(/This account has been disabled/)).toBeVisible();
  await theirs.close();
});
