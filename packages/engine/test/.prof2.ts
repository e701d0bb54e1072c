import sharp from 'sharp';
const { data, info } = await sharp('test/.output/big-isnet-refined.png')
  .raw()
  .toBuffer({ resolveWithObject: true });
const W = info.width,
  H = info.height;
for (let k = 0; k < 2; k++) {
  for (const [level, af] of [
    [1, false],
    [1, true],
    [2, false],
    [3, false],
    [3, true],
    [6, true],
  ] as const) {
    const t = performance.now();
    const buf = await sharp(data, { raw: { width: W, height: H, channels: 4 } })
      .png({ compressionLevel: level, adaptiveFiltering: af })
      .toBuffer();
    console.log(
      'png',
      level,
      af,
      (performance.now() - t).toFixed(0),
      (buf.length / 1e6).toFixed(1),
      'MB',
    );
  }
  let t = performance.now();
  let buf = await sharp(data, { raw: { width: W, height: H, channels: 4 } })
    .flatten({ background: '#fff' })
    .jpeg({ quality: 90 })
    .toBuffer();
  console.log('jpeg', (performance.now() - t).toFixed(0), (buf.length / 1e6).toFixed(1));
  t = performance.now();
  buf = await sharp(data, { raw: { width: W, height: H, channels: 4 } })
    .webp({ quality: 90, effort: 0 })
    .toBuffer();
  console.log('webp e0', (performance.now() - t).toFixed(0), (buf.length / 1e6).toFixed(1));
}
