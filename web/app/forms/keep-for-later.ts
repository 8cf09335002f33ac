import type { SpamSignals } from '../../../shared/forms/anti-spam';
import type { FormData, FormSchema } from '../../../shared/forms/form-schema';
import { imageFields } from '../../../shared/forms/uploads';
import type { Language } from '../../../shared/languages';
import { asList } from '../../shared/forms/images/upload-images';
import { isPicked, pickedFile, shrunkFile, uploadedPhoto } from '../../shared/forms/images/picked-images';
import { queueOrder } from '../offline/outbox';
import type { QueuedOrder } from '../offline/send-outbox';

interface KeptOrder {
  formId: string;
  schema: FormSchema;
  /** The data as it would be sent, photos still as the form holds them (picked, or already uploaded). */
  data: FormData;
  submissionId: string;
  language: Language;
  signals: SpamSignals;
  /** The network worked, but the API could not take the order just then. */
  busy?: boolean;
}

/**
 * Puts an order the network did not take into the phone's outbox, its photos
 * shrunk (most were when picked), so they wait at the size they will be sent,
 * and those already uploaded remembered.
 */
export async function keepForLater({ formId, schema, data, submissionId, language, signals, busy }: KeptOrder): Promise<void> {
  const photos: QueuedOrder['photos'] = {};
  for (const { name } of imageFields(schema)) {
    const urls = asList(data[name]).filter(isPicked);
    if (urls.length === 0) continue;
    photos[name] = await Promise.all(
      urls.map(async (url) => {
        const shrunk = await shrunkFile(url).catch(() => undefined);
        const file = shrunk ?? pickedFile(url)!;
        const uploaded = uploadedPhoto(url);
        return uploaded ? { file, shrunk: true, publicUrl: uploaded.publicUrl, uploadedAt: uploaded.at } : { file, shrunk: shrunk !== undefined };
      }),
    );
  }
  await queueOrder({ submissionId, formId, language, data, photos, signals, queuedAt: Date.now() }, { busy });
}
