import { defaultUpload } from '../../shared/forms/uploads';
import type { MediaStore } from '../media/media-store';
import type { UploadsBucket } from '../lib/uploads-bucket';

/** A library picture's original bytes; undefined when it is gone. */
export type ReadPicture = (mediaId: string) => Promise<Uint8Array | undefined>;

/** Reads a library picture's original from the uploads bucket, by its media item. */
export function pictureReader(media: Pick<MediaStore, 'get'>, bucket: Pick<UploadsBucket, 'readStart'>): ReadPicture {
  return async (mediaId) => {
    const item = await media.get(mediaId);
    return item && (await bucket.readStart(item.key, defaultUpload.maxBytes))?.bytes;
  };
}
