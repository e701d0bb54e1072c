import sharp from 'sharp';
const [src, out, bg, crop] = process.argv.slice(2);
let img = sharp(src!);
if (bg) img = img.flatten({ background: bg });
if (crop) {
  const [l, t, w, h] = crop.split(',').map(Number);
  img = img
    .extract({ left: l!, top: t!, width: w!, height: h! })
    .resize(w! * 3, h! * 3, { kernel: 'nearest' });
}
await img.png().toFile(out!);
