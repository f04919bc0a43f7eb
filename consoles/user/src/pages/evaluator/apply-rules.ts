import {
  CV_MAX_BYTES,
  CV_SIZE_MESSAGE,
  CV_TYPE_MESSAGE,
  INDEED_RESUME_URL_PATTERN,
} from '@evalmarket/contracts';
import { ApiError } from '../../api/client';

/** The apply wizard's rules: which CV files and Indeed links it accepts, and how failures read. */

const CV_EXTENSIONS = /\.(pdf|docx?)$/i;

/** The CV rules (spec 001 section 5): PDF, .doc or .docx, under 5 MB. */
export function cvProblem(file: { name: string; size: number }): string | undefined {
  if (!CV_EXTENSIONS.test(file.name)) return CV_TYPE_MESSAGE;
  if (file.size > CV_MAX_BYTES) return CV_SIZE_MESSAGE;
  return undefined;
}

export function indeedValid(url: string): boolean {
  return INDEED_RESUME_URL_PATTERN.test(url.trim());
}

/** The server's own words for a refusal (4xx), the fallback for anything else. */
export function applyFailure(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message
    ? error.message
    : fallback;
}
