import { installValidationMessages } from '@shop/domain';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { loadAccountStrings, loadBackofficeStrings, loadReturnStrings, loadServerMessages } from '../i18n';

installValidationMessages();
await Promise.all([loadBackofficeStrings(), loadReturnStrings(), loadAccountStrings(), loadServerMessages()]);

// Whole-app renders load lazy route chunks on first use; on a busy machine that takes longer than
// Testing Library's 1 s default, so async queries wait up to 5 s (a passing query returns at once).
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks the layout APIs Mantine reads.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => {};
// the autosizing textarea listens for web fonts loading
Object.defineProperty(document, 'fonts', {
  value: { addEventListener: () => {}, removeEventListener: () => {} },
});
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});
