/** Type declarations for the local stand-ins that ship without them. */

declare module 'dynalite' {
  import type { Server } from 'node:http';

  interface DynaliteOptions {
    /** LevelDB folder; in memory when omitted. */
    path?: string;
    createTableMs?: number;
    deleteTableMs?: number;
    updateTableMs?: number;
    maxItemSizeKb?: number;
    verbose?: boolean;
  }

  /** An http.Server whose close() also closes the database. */
  export default function dynalite(options?: DynaliteOptions): Server;
}

declare module 'subset-font' {
  interface SubsetOptions {
    targetFormat?: 'sfnt' | 'woff' | 'woff2' | 'truetype';
    /** Pins an axis (a number) or narrows it ({ min, max }). */
    variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
  }

  /** A font with only the glyphs `text` needs. */
  export default function subsetFont(font: Buffer, text: string, options?: SubsetOptions): Promise<Buffer>;
}
