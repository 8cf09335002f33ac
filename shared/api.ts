import type { SpamSignals } from './forms/anti-spam';
import type { FormData } from './forms/form-schema';
import type { Product } from './products';

/**
 * The public API's requests and answers, for the site and the handlers
 * alike (the staff admin's are in admin-api.ts). Every 4xx/5xx answer is an
 * {@link ApiError} in the visitor's language (`Accept-Language`).
 */

/** The body of every 4xx/5xx answer of a handler: a message for people, a code for programs, details. */
export interface ApiError {
  /** In the caller's language. */
  error: string;
  code: string;
  [detail: string]: unknown;
}

/** A field's problem in a 400 answer (`fields`). */
export interface FieldProblem {
  field: string;
  message: string;
}

/** 200 `GET /api/forms/{formId}/start`: the form's signed start time. */
export interface StartResponse {
  startToken: string;
}

/** `POST /api/forms/{formId}/submissions`. */
export interface SubmissionRequest extends Partial<SpamSignals> {
  data: FormData;
  /** The browser's id for this submission: sending it again answers like the first time. */
  submissionId: string;
}

/** 201 `POST /api/forms/{formId}/submissions`, once the order is stored. */
export interface SubmissionResponse {
  orderId: string;
  createdAt: string;
}

/** A file the browser is about to upload. */
export interface FileDescription {
  name: string;
  type: string;
  size: number;
}

/** `POST /api/uploads`: presigned PUTs for an image field's photos. */
export interface UploadsRequest {
  formId: string;
  field: string;
  files: FileDescription[];
}

/** A presigned PUT as the API answers it (the order forms' and the media library's alike). */
export interface PresignedUpload {
  uploadUrl: string;
  /** Send these with the PUT. */
  headers: Record<string, string>;
  /** The URL a submission names the photo by. */
  publicUrl: string;
  expiresAt: string;
}

/** 201 `POST /api/uploads`. */
export interface UploadsResponse {
  uploads: PresignedUpload[];
}

/** 200 `GET /api/products[?category=…[&subcategory=…]]`, newest first. */
export interface ProductsResponse {
  products: Product[];
}
