import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../../common/admin-constants';
import { checkImageFile } from './image-checks';

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1];
const WEBP_HEAD = [...'RIFF']
  .map((c) => c.charCodeAt(0))
  .concat(
    [0, 0, 0, 0],
    [...'WEBP'].map((c) => c.charCodeAt(0)),
  );
const GIF_HEAD = [...'GIF89a'].map((c) => c.charCodeAt(0)).concat([1, 0, 1, 0, 0, 0]);

const file = (head: number[], name: string, type: string, size = 1000) =>
  new File([new Uint8Array(head), new Uint8Array(Math.max(0, size - head.length))], name, { type });

describe('checkImageFile', () => {
  it('accepts JPEG, PNG and WebP by their first bytes', async () => {
    expect(await checkImageFile(file(JPEG_HEAD, 'a.jpg', 'image/jpeg'))).toBeNull();
    expect(await checkImageFile(file(PNG_HEAD, 'b.png', 'image/png'))).toBeNull();
    expect(await checkImageFile(file(WEBP_HEAD, 'c.webp', 'image/webp'))).toBeNull();
    // Some systems declare no type; the name and the bytes decide.
    expect(await checkImageFile(file(PNG_HEAD, 'd.PNG', ''))).toBeNull();
  });

  it('refuses other types whatever the name or declared type says', async () => {
    const message = 'Please select a valid image file (JPEG, PNG, or WebP)';
    expect(await checkImageFile(file(GIF_HEAD, 'spoofed.png', 'image/png'))).toBe(message);
    expect(
      await checkImageFile(
        file(
          [...'hello world!'].map((c) => c.charCodeAt(0)),
          'notes.jpg',
          'image/jpeg',
        ),
      ),
    ).toBe(message);
    expect(await checkImageFile(file(PNG_HEAD, 'doc.pdf', 'application/pdf'))).toBe(message);
    expect(await checkImageFile(new File([], 'empty.png', { type: 'image/png' }))).toBe(message);
  });

  it('refuses more than 5 MB and accepts exactly 5 MB', async () => {
    expect(await checkImageFile(file(PNG_HEAD, 'big.png', 'image/png', MAX_UPLOAD_BYTES + 1))).toBe('Image size must be less than 5MB');
    expect(await checkImageFile(file(PNG_HEAD, 'max.png', 'image/png', MAX_UPLOAD_BYTES))).toBeNull();
  });
});
