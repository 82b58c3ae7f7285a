import { describe, expect, it } from 'vitest';
import { ownImagePath, thumbKey, thumbnailUrlFor } from './media';

describe('thumbnails', () => {
  it('maps our stored images to their WebP copies', () => {
    expect(thumbKey('1700000000_tee.jpg', 320)).toBe('thumbs/320/1700000000_tee.webp');
    expect(thumbnailUrlFor('/media/items/1700000000_tee.jpg')).toBe('/media/thumbs/320/1700000000_tee.webp');
    expect(thumbnailUrlFor('/media/items/1700000000_tee.jpg', 640)).toBe('/media/thumbs/640/1700000000_tee.webp');
  });

  it('leaves other images alone', () => {
    expect(thumbnailUrlFor('https://cdn.example/x.jpg')).toBeNull();
    expect(thumbnailUrlFor('/media/items/../secret.jpg')).toBeNull();
    expect(thumbnailUrlFor(null)).toBeNull();
  });
});

describe('ownImagePath', () => {
  it('keeps the path of our own uploaded image given in full, and any other address as it is', () => {
    const origin = 'https://finder.example';
    expect(ownImagePath('https://finder.example/media/items/1_a_b.jpg', origin)).toBe('/media/items/1_a_b.jpg');
    expect(ownImagePath('/media/items/1_a_b.jpg', origin)).toBe('/media/items/1_a_b.jpg');
    expect(ownImagePath('https://cdn.example/media/items/1_a_b.jpg', origin)).toBe('https://cdn.example/media/items/1_a_b.jpg');
    expect(ownImagePath('https://finder.example.evil/media/items/x.jpg', origin)).toBe('https://finder.example.evil/media/items/x.jpg');
  });
});
