import sharp from 'sharp';

/**
 * A photo-like picture for the picture tests (issue 42): a gradient ground, fourteen translucent ellipses and turned
 * rectangles placed by `seed`, softened and grained with gaussian noise, as a JPEG. Different seeds give pictures
 * whose perceptual hashes are at least 19 bits apart (decision 0086).
 */
export async function photoLike(seed: number, size = 800): Promise<Buffer> {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const colour = () => `rgb(${Math.floor(next() * 255)},${Math.floor(next() * 255)},${Math.floor(next() * 255)})`;
  const ground =
    `<defs><radialGradient id="g" cx="${next()}" cy="${next()}" r="0.9"><stop offset="0" stop-color="${colour()}"/>` +
    `<stop offset="1" stop-color="${colour()}"/></radialGradient></defs><rect width="${size}" height="${size}" fill="url(#g)"/>`;
  const shapes = Array.from({ length: 14 }, () => {
    const [x, y, r] = [next() * size, next() * size, 30 + next() * 150];
    return next() < 0.5
      ? `<ellipse cx="${x}" cy="${y}" rx="${r}" ry="${r * (0.5 + next())}" fill="${colour()}" opacity="${0.6 + next() * 0.4}"/>`
      : `<rect x="${x - r}" y="${y - r / 2}" width="${r * 2}" height="${r}" fill="${colour()}" ` +
          `transform="rotate(${next() * 90} ${x} ${y})" opacity="${0.6 + next() * 0.4}"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">${ground}${shapes}</svg>`;
  const drawn = await sharp(Buffer.from(svg)).blur(2).raw().toBuffer({ resolveWithObject: true });
  const grain = await sharp({
    create: { width: size, height: size, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 24 } },
  })
    .png()
    .toBuffer();
  return sharp(drawn.data, { raw: drawn.info })
    .composite([{ input: grain, blend: 'soft-light' }])
    .jpeg({ quality: 88 })
    .toBuffer();
}
