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

declare module 's3rver' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface S3rverOptions {
    directory: string;
    silent?: boolean;
    configureBuckets?: { name: string; configs?: string[] }[];
  }

  /** The parts of s3rver the local S3 uses (a Koa application). */
  export default class S3rver {
    constructor(options: S3rverOptions);
    configureBuckets(): Promise<void>;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    store: {
      /** Rejects when there is no such object. */
      getMetadata(bucket: string, key: string): Promise<{ etag: string } & Record<string, string | number>>;
    };
  }
}
