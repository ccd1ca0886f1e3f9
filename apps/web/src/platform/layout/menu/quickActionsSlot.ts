import { type ComponentType, createContext, useContext } from 'react';

/** Where the quick-actions popover opens (beside the menu on desktop, above the bottom bar on mobile). */
export interface QuickActionsProps {
  placement: 'rightBottom' | 'top';
}

/**
 * The main menu's quick actions (search people, add a person or a company) are CRM screens, so the
 * platform menu cannot import them (apps/web/src/architecture.test.ts): the composition root
 * (App.tsx) gives the component through this context, loaded on demand, and the menu shows it
 * where the spec puts it. Null (component tests: nothing wired) leaves a disabled button.
 */
export const QuickActionsSlot = createContext<ComponentType<QuickActionsProps> | null>(null);

export const useQuickActionsSlot = () => useContext(QuickActionsSlot);
