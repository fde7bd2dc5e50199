import sharp from 'sharp';
import { AppError } from '../errors';

/** Pixel floods (a tiny file declaring a gigantic canvas) are refused before decoding. */
export const MAX_IMAGE_PIXELS = 50_000_000;

/**
 * Decodes and re-encodes an image in its own format: what is stored is pixels we produced, without
 * metadata (GPS, camera) or anything smuggled after the image data. EXIF orientation is applied.
 */
export async function reencodeImage(path: string, ext: string): Promise<Buffer> {
  try {
    const img = sharp(path, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', animated: ext === 'gif' }).rotate();
    if (ext === 'png') return await img.png({ compressionLevel: 9 }).toBuffer();
    if (ext === 'gif') return await img.gif().toBuffer();
    return await img.jpeg({ quality: 90, mozjpeg: true }).toBuffer();
  } catch (err) {
    const message = (err as Error).message ?? '';
    if (/pixel limit/i.test(message)) throw new AppError(400, 'IMAGE_TOO_LARGE', { max: MAX_IMAGE_PIXELS });
    throw new AppError(400, 'IMAGE_INVALID');
  }
}
