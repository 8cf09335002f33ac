/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Advertising pixel id; unset means no pixel at all. */
  readonly VITE_PIXEL_ID?: string;
  /** Public address of the site, e.g. https://www.example.dz (share previews need absolute URLs). */
  readonly VITE_SITE_URL?: string;
}
