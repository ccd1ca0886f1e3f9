// Test-only stand-in for vite-plugin-pwa's virtual module (the plugin is not loaded under vitest).
export function useRegisterSW() {
  return {
    needRefresh: [false, () => {}] as const,
    offlineReady: [false, () => {}] as const,
    updateServiceWorker: async (_reload?: boolean) => {},
  };
}
