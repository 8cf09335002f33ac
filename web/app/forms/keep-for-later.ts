import type { SpamSignals } from '../../../shared/forms/anti-spam';
import type { FormData, FormSchema } from '../../../shared/forms/form-schema';
import { imageFields } from '../../../shared/forms/uploads';
import type { Language } from '../../../shared/languages';
import { pickedFile, uploadedUrl } from './images/picked-images';
import { queueOrder } from '../offline/outbox';
import { shrinkOrderPhoto } from './images/upload-images';

interface KeptOrder {
  formId: string;
  schema: FormSchema;
  /** The data as it would be sent, photos still as the form holds them (picked, or already uploaded). */
  data: FormData;
  submissionId: string;
  language: Language;
  signals: SpamSignals;
}

/**
 * Puts an order the network did not take into the phone's outbox, its photos
 * shrunk where the phone can do it now, so they wait at the size they will be sent.
 */
export async function keepForLater({ formId, schema, data, submissionId, language, signals }: KeptOrder): Promise<void> {
  const photos: Record<string, { file: File; shrunk: boolean; publicUrl?: string; uploadedAt?: number }[]> = {};
  for (const { name } of imageFields(schema)) {
    const urls = Array.isArray(data[name]) ? (data[name] as unknown[]).filter((url): url is string => typeof url === 'string') : [];
    if (urls.length === 0) continue;
    photos[name] = await Promise.all(
      urls.map(async (url) => {
        const file = pickedFile(url)!;
        const uploaded = uploadedUrl(url);
        if (uploaded) return { file, shrunk: true, publicUrl: uploaded, uploadedAt: Date.now() };
        const shrunk = await shrinkOrderPhoto(file).catch(() => undefined);
        return { file: shrunk ?? file, shrunk: shrunk !== undefined };
      }),
    );
  }
  await queueOrder({ submissionId, formId, language, data, photos, signals, queuedAt: Date.now() });
}
