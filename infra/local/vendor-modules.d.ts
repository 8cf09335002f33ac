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
