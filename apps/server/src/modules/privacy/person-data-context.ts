import type { PersonDataRegistry } from '../../platform/person-data.ts';

declare module '../../platform/app-context.ts' {
  interface AppContext {
    /** every module's part of a person's data (platform/person-data.ts), built in services.ts */
    personData: PersonDataRegistry;
  }
}
