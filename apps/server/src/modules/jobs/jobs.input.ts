import { editorTexts, limits } from '@cutout/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { findBalance } from '../credits/credits.repository.js';
import { FileTooLargeError, tooLarge } from './image-input.js';
import type { JobInput } from './jobs.service.js';
import { importImageFromUrl } from './url-import.js';

// Reading the image a request carries — a multipart upload, or an address the server imports —
// shared by the editor's routes and the public API's. HTTP-shaped, so it sits beside the routes;
// the rules about jobs are in jobs.service.ts.

export interface UploadedFile {
  bytes: Buffer;
  name: string;
  field: string;
}

export interface MultipartForm {
  /** The one image file part, when there is one. */
  file: UploadedFile | undefined;
  /** Other file parts allowed by `otherFileFields` (remove.bg's bg_image_file), by name. */
  otherFiles: Map<string, UploadedFile>;
  /** Text fields, first value of each. */
  fields: Map<string, string>;
}

export interface ReadMultipartOptions {
  /** Names an image file part may have. */
  fileFields: readonly string[];
  /** Further file parts a form may carry, one each (remove.bg's bg_image_file). */
  otherFileFields?: readonly string[];
  /** Message for a second image file part. */
  duplicateMessage: string;
  /** Message for a text part under a file's name, or a file under another name. */
  wrongPartMessage: string;
  /** Runs once the fields before the first file are known (the bot check). */
  beforeFile?: (fields: Map<string, string>) => Promise<void>;
  /** Text fields' combined size limit in bytes (image_file_b64 can be a large field). */
  maxFieldBytes?: number;
  /** A file part's size limit in bytes, when not the plugin's (remove.bg's paths take 12 MB). */
  maxFileBytes?: number;
}

/**
 * The multipart body, read to its end: at most one image file part. A second one is refused
 * rather than ignored, so nobody is left guessing which image was used.
 */
export async function readMultipart(
  request: FastifyRequest,
  options: ReadMultipartOptions,
): Promise<MultipartForm> {
  const fields = new Map<string, string>();
  let file: UploadedFile | undefined;
  const otherFiles = new Map<string, UploadedFile>();
  let fieldBytes = 0;
  try {
    const parts = request.parts(
      options.maxFileBytes === undefined
        ? undefined
        : { limits: { fileSize: options.maxFileBytes } },
    );
    for await (const part of parts) {
      if (part.type === 'field') {
        const value = String(part.value);
        fieldBytes += value.length;
        if (options.maxFieldBytes !== undefined && fieldBytes > options.maxFieldBytes) {
          throw tooLarge();
        }
        // An empty text part under a file's name is how some clients send "no file".
        if (options.fileFields.includes(part.fieldname) && value !== '') {
          throw new AppError(400, 'validation_failed', options.wrongPartMessage);
        }
        if (!fields.has(part.fieldname)) fields.set(part.fieldname, value);
        continue;
      }
      if (options.otherFileFields?.includes(part.fieldname)) {
        if (otherFiles.has(part.fieldname)) {
          throw new AppError(
            400,
            'validation_failed',
            `Send one ${part.fieldname} per request: this form has two.`,
          );
        }
        let bytes: Buffer;
        try {
          bytes = await part.toBuffer();
        } catch (error) {
          // Over the form's file limit: say which file (the image's own limit says nothing of it).
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
            throw new FileTooLargeError(
              `${part.fieldname}: ${editorTexts.tooLarge}`,
              part.fieldname,
            );
          }
          throw error;
        }
        // Kept even when empty: the field's reader refuses an empty file with its own message
        // rather than answering as if the field had not been sent.
        otherFiles.set(part.fieldname, {
          bytes,
          name: part.filename || 'image',
          field: part.fieldname,
        });
        continue;
      }
      if (!options.fileFields.includes(part.fieldname)) {
        throw new AppError(400, 'validation_failed', options.wrongPartMessage);
      }
      if (file) throw new AppError(400, 'validation_failed', options.duplicateMessage);
      await options.beforeFile?.(fields);
      file = {
        bytes: await part.toBuffer(),
        name: part.filename || 'image',
        field: part.fieldname,
      };
    }
  } catch (error) {
    throw multipartError(error);
  }
  return { file, otherFiles, fields };
}

/** A form with more parts than any request needs. */
export const tooManyPartsMessage = 'Send one image per request.';

function multipartError(error: unknown): AppError {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError(413, 'payload_too_large', tooManyPartsMessage);
  }
  if (error instanceof AppError) return error;
  return new AppError(400, 'validation_failed', 'The upload could not be read. Please try again.');
}

/** An image imported by the server from a caller's address (private addresses refused). */
export async function inputFromUrl(
  url: string,
  via: 'web' | 'api',
  allowHosts: readonly string[],
  maxBytes?: number,
): Promise<JobInput> {
  const imported = await importImageFromUrl(url, { allowHosts, maxBytes });
  return {
    bytes: imported.bytes,
    name: imported.name,
    source: 'url',
    via,
    whenNotImage: () => new AppError(422, 'unprocessable', editorTexts.urlNotImage),
    maxBytes,
  };
}

/** A cheap early refusal (before reading an upload or fetching a URL); creation checks again. */
export async function holdsCredit(db: Db, userId: string): Promise<void> {
  const balance = await findBalance(db, userId);
  if (balance === undefined) throw new AppError(401, 'unauthorized', editorTexts.signUpToContinue);
  if (balance < limits.creditsPerImage) {
    throw new AppError(402, 'payment_required', editorTexts.noCredits);
  }
}

/** RFC 6266: a plain ASCII fallback plus the exact UTF-8 name. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
