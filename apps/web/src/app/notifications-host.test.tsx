import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NotificationsHost } from './notifications-host';

afterEach(() => {
  act(() => notifications.clean());
});

describe('toasts', () => {
  it('open below the header, never over its buttons (issue 22)', async () => {
    const { container } = render(
      <MantineProvider>
        <header data-testid="header">header</header>
        <NotificationsHost />
      </MantineProvider>,
    );
    const header = container.querySelector('header')!;
    header.getBoundingClientRect = () => ({ bottom: 112 }) as DOMRect;
    act(() => {
      notifications.show({ message: 'Aggiunto al carrello' });
      window.dispatchEvent(new Event('resize'));
    });
    await screen.findByText('Aggiunto al carrello');
    const topRight = document.querySelector<HTMLElement>('[data-position="top-right"]')!;
    expect(topRight.style.getPropertyValue('--toasts-top')).toBe('112px');
    expect(topRight.className).toMatch(/toasts/);
  });
});
