import type { PresignedUpload } from '../../../../shared/api';
import { uploadText } from '../../../../shared/forms/uploads';
import { UploadError } from './upload-api';

/** A PUT to a presigned URL with upload progress, which fetch cannot report. */
export function putUpload(upload: PresignedUpload, file: File, onProgress: (fraction: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', upload.uploadUrl);
    for (const [header, value] of Object.entries(upload.headers)) request.setRequestHeader(header, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve();
      } else {
        reject(new UploadError(uploadText.uploadFailed(request.status, request.statusText)));
      }
    };
    request.onerror = () => reject(new UploadError(uploadText.networkError));
    // A connection that drops can leave the upload hanging without an error: the phone going offline ends it.
    const abortWhenOffline = () => request.abort();
    window.addEventListener('offline', abortWhenOffline, { once: true });
    request.onabort = () => reject(new UploadError(uploadText.networkError));
    request.onloadend = () => window.removeEventListener('offline', abortWhenOffline);
    request.send(file);
  });
}
