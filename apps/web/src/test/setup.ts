import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// A test waits for the state it checks, not for the machine to be fast: findBy…/waitFor give up
// after 1 s and a test after 5 s by default, and rendering antd screens in jsdom on the shared
// 2-core machine, loaded by other work, takes longer than that. A passing test waits no longer;
// only a failing one takes the whole deadline. A file may still set its own.
configure({ asyncUtilTimeout: 15_000 });
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

afterEach(() => {
  cleanup();
});

// antd's responsive helpers need matchMedia, which jsdom does not implement.
if (typeof window !== 'undefined' && !window.matchMedia) {
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
}

// antd's Avatar and overflow helpers observe sizes; jsdom has no ResizeObserver.
if (typeof window !== 'undefined' && !('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
  Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}
