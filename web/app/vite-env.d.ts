/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Advertising pixel id; unset means no pixel at all. */
  readonly VITE_PIXEL_ID?: string;
}
