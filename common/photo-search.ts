// Search by photo (issue 42, decision 0086): the limits both sides know. The web checks a picture's size and type
// before sending it; the server checks them again, and decodes.

import { MAX_IMAGE_PIXELS, MAX_UPLOAD_BYTES } from './admin-constants';

/** The largest picture a visitor may search with (as the dashboard's uploads: 5 MB). */
export const PHOTO_MAX_BYTES = MAX_UPLOAD_BYTES;
/** The most pixels a picture may have: libvips refuses a larger one before it allocates it (a decompression bomb). */
export const PHOTO_MAX_PIXELS = MAX_IMAGE_PIXELS;
/** Products one answer lists: the same photo first, then the nearest. */
export const PHOTO_RESULTS_MAX = 24;
/** Photo searches one client may make in a window, and the whole site (the requests' limit, counted apart). */
export const PHOTO_RATE_LIMIT = 30;
export const PHOTO_RATE_WINDOW_SECONDS = 600;
export const PHOTO_SITE_LIMIT = 3000;
/** The longest image address accepted. */
export const PHOTO_URL_MAX_LENGTH = 2000;
/** The field of the multipart form that carries the picture. */
export const PHOTO_FIELD = 'photo';
