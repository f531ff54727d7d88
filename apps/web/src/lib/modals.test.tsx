import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Providers } from '../app/providers';
import { loadModals } from './modals';

describe('loadModals', () => {
  it('mounts the modals host on first use and opens a confirmation', async () => {
    render(
      <Providers env="test">
        <p>page</p>
      </Providers>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    let modals: Awaited<ReturnType<typeof loadModals>> | undefined;
    void loadModals().then((api) => {
      modals = api;
    });
    await waitFor(() => expect(modals).toBeDefined());
    act(() => {
      modals?.openConfirmModal({
        title: 'Cancel the backorder?',
        labels: { confirm: 'Yes', cancel: 'No' },
      });
    });
    expect(await screen.findByRole('dialog', { name: 'Cancel the backorder?' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Yes' })).toBeTruthy();
  });
});
