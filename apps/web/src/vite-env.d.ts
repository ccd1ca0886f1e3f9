/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** 'production' on the real deployment; anything else shows the DEV badge. */
  readonly VITE_APP_ENV?: string;
  /** ViaCEP-compatible lookup; `{cep}` is replaced by the digits (default viacep.com.br). */
  readonly VITE_CEP_URL?: string;
  /** XYZ map tiles, the server's TILE_URL (default OpenStreetMap; its CSP allows the origin). */
  readonly TILE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
