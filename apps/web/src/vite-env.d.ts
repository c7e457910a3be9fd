/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The year of the build (vite.config.ts), shown in the footer. */
  readonly VITE_BUILD_YEAR?: string;
}
