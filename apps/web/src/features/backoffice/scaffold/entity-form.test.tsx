import { CategoryInputSchema } from '@shop/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Link } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { EntityForm, type FormSection } from './entity-form';
import { renderRoutes } from './test-harness';

type Values = { code: string; description: string; in_homepage: boolean };
const sections: FormSection<Values>[] = [
  {
    fields: [
      { name: 'code', labelKey: 'bo.fields.code', kind: 'text', required: true },
      { name: 'description', labelKey: 'bo.fields.description', kind: 'text', required: true },
      { name: 'in_homepage', labelKey: 'bo.fields.inHomepage', kind: 'switch' },
    ],
  },
];

function setup(submit: (values: Values) => Promise<unknown>) {
  return renderRoutes(
    [
      {
        path: '/form',
        element: (
          <>
            <Link to="/elsewhere">Altrove</Link>
            <EntityForm<Values, unknown>
              schema={CategoryInputSchema}
              initialValues={{ code: 'MUSICA', description: 'Musica', in_homepage: true }}
              sections={sections}
              submit={submit}
            />
          </>
        ),
      },
      { path: '/elsewhere', element: <p>Pagina altrove</p> },
    ],
    '/form',
  );
}

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('EntityForm', () => {
  it("puts a 422's field errors on their fields, translated", async () => {
    const submit = vi
      .fn()
      .mockRejectedValue(new ApiError(422, 'The given data was invalid.', { code: ['already exist'] }));
    setup(submit);
    fireEvent.change(field('Codice'), { target: { value: 'VINILE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('esiste già')).toBeTruthy();
    expect(field('Codice').getAttribute('aria-invalid')).toBe('true');
    expect(submit).toHaveBeenCalledWith({ code: 'VINILE', description: 'Musica', in_homepage: true });
  });

  it('validates with the domain schema before sending', async () => {
    const submit = vi.fn();
    setup(submit);
    fireEvent.change(field('Descrizione'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Lunghezza non valida')).toBeTruthy();
    expect(submit).not.toHaveBeenCalled();
  });

  it('asks before leaving with unsaved changes, and lets go once saved', async () => {
    const submit = vi.fn().mockResolvedValue({});
    const { router } = setup(submit);
    fireEvent.change(field('Descrizione'), { target: { value: 'Musica e dischi' } });
    fireEvent.click(screen.getByRole('link', { name: 'Altrove' }));
    expect(await screen.findByText('Modifiche non salvate')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resta' }));
    await waitFor(() => expect(screen.queryByText('Modifiche non salvate')).toBeNull());
    expect(router.state.location.pathname).toBe('/form');

    fireEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Salvato')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Altrove' }));
    expect(await screen.findByText('Pagina altrove')).toBeTruthy();
  });
});
