/** Image types accepted by default (spec section 5): gif, jpeg and png. */
const IMAGE_TYPES = ['image/gif', 'image/jpeg', 'image/png'];
const IMAGE_EXT = /\.(gif|jpe?g|png)$/i;

export function isImageFile(file: { name: string; type?: string }): boolean {
  return IMAGE_EXT.test(file.name) && (!file.type || IMAGE_TYPES.includes(file.type));
}

export function withinSize(file: { size: number }, maxMb: number): boolean {
  return file.size <= maxMb * 1024 * 1024;
}

/** True when adding `adding` files to `current` would pass the limit (0 means no limit). */
export function overLimit(current: number, adding: number, limit: number): boolean {
  return limit > 0 && current + adding > limit;
}

export function isXlsx(file: { name: string }): boolean {
  return /\.xlsx$/i.test(file.name);
}
