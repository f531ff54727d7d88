import { expect, test } from '../fixtures';

test('an administrator creates a customer, finds it by the search, edits it and adds a shipping address', async ({
  page,
  loginAs,
}) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const company = `Dischi E2E ${run}`;
  const email = `e2e-${run}@example.com`;
  await loginAs('admin');

  // a new company customer (the billing address below has name fields too: the customer's come first)
  await page.goto('/backoffice/customers');
  await page.getByRole('link', { name: 'Nuovo cliente' }).click();
  await page.getByRole('textbox', { name: 'Ragione sociale', exact: true }).first().fill(company);
  await page.getByRole('textbox', { name: 'Nome', exact: true }).first().fill('Giulia');
  await page.getByRole('textbox', { name: 'Cognome', exact: true }).first().fill('Verdi');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  const vat = page.getByRole('textbox', { name: 'Partita IVA', exact: true });
  await vat.fill('IT00743110158');
  await vat.blur();
  await expect(page.getByText('La partita IVA sembra errata o non attiva. Puoi verificarla?')).toBeVisible();
  await vat.fill('IT00743110157');
  await vat.blur();
  await expect(page.getByText('La partita IVA sembra valida')).toBeVisible();
  await page.getByRole('button', { name: 'Crea il cliente' }).click();
  await expect(page).toHaveURL(/\/backoffice\/customers\/\d+$/);
  await expect(page.getByText(`${company} – ${email}`)).toBeVisible();

  // without ERP_URL the ERP section says the synchronisation is off
  await expect(page.getByText("La sincronizzazione con l'ERP è spenta")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Collega a un cliente ERP' })).toHaveCount(0);

  // found by the list's search
  await page.goto('/backoffice/customers');
  await page.getByRole('searchbox', { name: 'Cerca' }).fill(run);
  await expect(page.getByText('1 risultato')).toBeVisible();
  await page.getByRole('link', { name: company }).click();

  // a field edited and kept
  const job = page.getByRole('textbox', { name: 'Professione', exact: true });
  await job.fill('Responsabile acquisti');
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Salvato').last()).toBeVisible();
  await page.reload();
  await expect(job).toHaveValue('Responsabile acquisti');

  // a shipping address
  await page.getByRole('tab', { name: 'Indirizzi' }).click();
  await page.getByRole('button', { name: 'Aggiungi indirizzo di spedizione' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuovo indirizzo' });
  await dialog.getByRole('textbox', { name: 'Ragione sociale', exact: true }).fill(`${company} – magazzino`);
  await dialog.getByRole('textbox', { name: 'Indirizzo', exact: true }).fill('Via Dante 9');
  await dialog.getByRole('textbox', { name: 'CAP', exact: true }).fill('40121');
  await dialog.getByRole('textbox', { name: 'Città', exact: true }).fill('Bologna');
  await dialog.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Indirizzo salvato')).toBeVisible();
  const card = page.getByRole('article', { name: 'Via Dante 9, 40121 Bologna' });
  await expect(card.getByText('Spedizione')).toBeVisible();
  await expect(card.getByText('Predefinito')).toBeVisible();
});
