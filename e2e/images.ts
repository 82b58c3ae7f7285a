import sharp from 'sharp';

/** A small picture drawn on the spot, as a file for setInputFiles. */
export async function pictureFile(name: string, colour: string, format: 'png' | 'jpeg' | 'webp' = 'png') {
  const image = sharp({ create: { width: 480, height: 360, channels: 3, background: colour } });
  const buffer = await image[format]().toBuffer();
  return { name, mimeType: `image/${format}`, buffer };
}

/** A random colour, so two uploads never look alike. */
export function randomColour(): string {
  return `#${Math.floor(Math.random() * 0xffffff)
    .toString(16)
    .padStart(6, '0')}`;
}
