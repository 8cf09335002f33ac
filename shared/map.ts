/** The contact block's embedded map (OpenStreetMap): the one site allowed in a frame (the pages' frame-src). */
export const mapOrigin = 'https://www.openstreetmap.org';
