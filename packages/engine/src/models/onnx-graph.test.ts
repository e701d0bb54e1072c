import onnxProto from 'onnx-proto';
import ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import {
  decodeModel,
  encodeModel,
  keepOnlyOutput,
  setSquareInputSize,
  widenFp16ToFp32,
} from './onnx-graph.js';

const { onnx } = onnxProto;
const { FLOAT, FLOAT16, INT64 } = onnx.TensorProto.DataType;

/** 1.5 as an IEEE half float. */
const ONE_AND_A_HALF = 0x3e00;

/**
 * A small graph in ISNet's shape: fp16 weights behind Casts, and a resize whose target is
 * Concat(Slice(Shape(x)), Constant([h, w])), fixed at export for a 4×4 input (to 2×2), plus a
 * second output.
 *   input [1,1,4,4] float → Cast(fp16) → Mul(weight fp16) → Resize(sizes) → Cast(float) → output
 */
function tinyModel(): Uint8Array {
  const int64 = (name: string, values: number[]) =>
    onnx.NodeProto.create({
      opType: 'Constant',
      output: [name],
      attribute: [
        onnx.AttributeProto.create({
          name: 'value',
          type: onnx.AttributeProto.AttributeType.TENSOR,
          t: onnx.TensorProto.create({
            dataType: INT64,
            dims: [values.length],
            rawData: new Uint8Array(BigInt64Array.from(values, BigInt).buffer),
          }),
        }),
      ],
    });
  const valueInfo = (name: string, elemType: number, dims: number[]) =>
    onnx.ValueInfoProto.create({
      name,
      type: onnx.TypeProto.create({
        tensorType: onnx.TypeProto.Tensor.create({
          elemType,
          shape: onnx.TensorShapeProto.create({
            dim: dims.map((d) => onnx.TensorShapeProto.Dimension.create({ dimValue: d })),
          }),
        }),
      }),
    });
  const cast = (input: string, output: string, to: number) =>
    onnx.NodeProto.create({
      opType: 'Cast',
      input: [input],
      output: [output],
      attribute: [
        onnx.AttributeProto.create({
          name: 'to',
          type: onnx.AttributeProto.AttributeType.INT,
          i: to,
        }),
      ],
    });
  const graph = onnx.GraphProto.create({
    name: 'tiny',
    node: [
      cast('input', 'x16', FLOAT16),
      onnx.NodeProto.create({ opType: 'Mul', input: ['x16', 'weight'], output: ['scaled'] }),
      onnx.NodeProto.create({ opType: 'Shape', input: ['scaled'], output: ['shape'] }),
      int64('start', [0]),
      int64('end', [2]),
      onnx.NodeProto.create({ opType: 'Slice', input: ['shape', 'start', 'end'], output: ['nc'] }),
      int64('hw', [2, 2]),
      onnx.NodeProto.create({
        opType: 'Concat',
        input: ['nc', 'hw'],
        output: ['sizes'],
        attribute: [
          onnx.AttributeProto.create({
            name: 'axis',
            type: onnx.AttributeProto.AttributeType.INT,
            i: 0,
          }),
        ],
      }),
      onnx.NodeProto.create({
        opType: 'Resize',
        input: ['scaled', '', '', 'sizes'],
        output: ['up16'],
      }),
      cast('up16', 'output', FLOAT),
      cast('scaled', 'side', FLOAT),
    ],
    initializer: [
      onnx.TensorProto.create({
        name: 'weight',
        dataType: FLOAT16,
        dims: [1, 1, 1, 1],
        rawData: new Uint8Array(Uint16Array.from([ONE_AND_A_HALF]).buffer),
      }),
    ],
    input: [valueInfo('input', FLOAT, [1, 1, 4, 4])],
    output: [valueInfo('output', FLOAT, [1, 1, 2, 2]), valueInfo('side', FLOAT, [1, 1, 4, 4])],
    valueInfo: [valueInfo('scaled', FLOAT16, [1, 1, 4, 4])],
  });
  return onnx.ModelProto.encode(
    onnx.ModelProto.create({
      irVersion: 8,
      opsetImport: [onnx.OperatorSetIdProto.create({ domain: '', version: 17 })],
      graph,
    }),
  ).finish();
}

async function run(bytes: Uint8Array, side: number): Promise<Float32Array> {
  const session = await ort.InferenceSession.create(bytes);
  const input = new ort.Tensor('float32', new Float32Array(side * side).fill(2), [
    1,
    1,
    side,
    side,
  ]);
  const out = await session.run({ input }, ['output']);
  await session.release();
  return out.output!.data as Float32Array;
}

describe('onnx-graph', () => {
  it('widens fp16 weights, Casts and value types to fp32 with the same results', async () => {
    const original = tinyModel();
    const model = decodeModel(original);
    widenFp16ToFp32(model);
    const weight = model.graph!.initializer![0]!;
    expect(weight.dataType).toBe(FLOAT);
    expect(Array.from(new Float32Array(new Uint8Array(weight.rawData!).buffer))).toEqual([1.5]);
    const casts = model.graph!.node!.filter((n) => n.opType === 'Cast');
    expect(casts.map((n) => Number(n.attribute![0]!.i))).toEqual([FLOAT, FLOAT, FLOAT]);
    expect(model.graph!.valueInfo![0]!.type!.tensorType!.elemType).toBe(FLOAT);

    const [before, after] = await Promise.all([run(original, 4), run(encodeModel(model), 4)]);
    expect(after).toEqual(before);
    // 2 × 1.5 everywhere, resized from 4×4 to the exported 2×2.
    expect(Array.from(after)).toEqual([3, 3, 3, 3]);
  });

  it('sets a new square input side and rescales the resize targets with it', async () => {
    const model = decodeModel(tinyModel());
    setSquareInputSize(model, 4, 6);
    expect(
      model.graph!.input![0]!.type!.tensorType!.shape!.dim!.map((d) => Number(d.dimValue)),
    ).toEqual([1, 1, 6, 6]);
    const out = await run(encodeModel(model), 6);
    expect(out.length).toBe(3 * 3);
  });

  it('refuses a side the graph cannot be scaled to evenly', () => {
    const model = decodeModel(tinyModel());
    expect(() => setSquareInputSize(model, 4, 5)).toThrow(/does not divide the graph evenly/);
  });

  it('keeps only the named output', () => {
    const model = decodeModel(tinyModel());
    keepOnlyOutput(model, 'output');
    expect(model.graph!.output!.map((o) => o.name)).toEqual(['output']);
    expect(() => keepOnlyOutput(model, 'missing')).toThrow(/no output named "missing"/);
  });
});
