import ort from 'onnxruntime-node';
import sharp from 'sharp';

// Bare ISNet inference, written independently of the pipeline the way reference
// implementations (rembg, imgly) do it: the image stretched to 1024² (lanczos3),
// (v − 128) / 256 per channel, one run, the `output` alpha clamped to 0–1 and resized back
// (lanczos3). The engine's tests and `npm run bench:engine` compare the pipeline against it.

const SIZE = 1024;

export async function bareIsnetAlpha(
  session: ort.InferenceSession,
  image: Buffer,
): Promise<{ alpha: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(image)
    .rotate()
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const rgb = await sharp(data, { raw: { width, height, channels: 3 } })
    .resize(SIZE, SIZE, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  const plane = SIZE * SIZE;
  const tensor = new Float32Array(3 * plane);
  for (let i = 0, j = 0; i < plane; i++, j += 3) {
    tensor[i] = (rgb[j]! - 128) / 256;
    tensor[plane + i] = (rgb[j + 1]! - 128) / 256;
    tensor[2 * plane + i] = (rgb[j + 2]! - 128) / 256;
  }
  const input = new ort.Tensor('float32', tensor, [1, 3, SIZE, SIZE]);
  const result = await session.run({ input }, ['output']);
  input.dispose();
  const output = result.output!.data as Float32Array;
  const small = Buffer.alloc(plane);
  for (let i = 0; i < plane; i++) small[i] = Math.round(Math.min(1, Math.max(0, output[i]!)) * 255);
  result.output!.dispose();
  const alpha = await sharp(small, { raw: { width: SIZE, height: SIZE, channels: 1 } })
    .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  return { alpha, width, height };
}
