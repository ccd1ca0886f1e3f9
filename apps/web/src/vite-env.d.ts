/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** 'production' on the real deployment; anything else shows the DEV badge. */
  readonly VITE_APP_ENV?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
