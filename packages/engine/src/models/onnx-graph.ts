import onnxProto from 'onnx-proto';

// Two edits to a shipped ONNX graph, made once when a worker loads the model, with the ONNX
// protobuf schema from `onnx-proto` (protobufjs) rather than by hand:
// - widening fp16 weights to fp32: onnxruntime's CPU provider has few float16 kernels, so a
//   float16 graph runs as float32 anyway, behind a Cast around every operator (0015);
// - changing a square input side: ISNet's graph computes every upsampling target from a
//   constant sized for 1024², so those constants are rescaled with the input (0066).

const { onnx } = onnxProto;
type Model = onnxProto.onnx.ModelProto;
type Tensor = onnxProto.onnx.ITensorProto;
type Graph = onnxProto.onnx.IGraphProto;
type ValueInfo = onnxProto.onnx.IValueInfoProto;

const { FLOAT, FLOAT16, INT64 } = onnx.TensorProto.DataType;

let halfTable: Float32Array | undefined;

function halfToFloatTable(): Float32Array {
  if (halfTable) return halfTable;
  halfTable = new Float32Array(65536);
  for (let h = 0; h < 65536; h++) {
    const sign = h & 0x8000 ? -1 : 1;
    const exponent = (h >> 10) & 0x1f;
    const mantissa = h & 0x3ff;
    halfTable[h] =
      exponent === 0
        ? sign * 2 ** -14 * (mantissa / 1024)
        : exponent === 31
          ? mantissa
            ? Number.NaN
            : sign * Number.POSITIVE_INFINITY
          : sign * 2 ** (exponent - 15) * (1 + mantissa / 1024);
  }
  return halfTable;
}

function widenTensor(tensor: Tensor | null | undefined): void {
  if (!tensor || tensor.dataType !== FLOAT16) return;
  const table = halfToFloatTable();
  let halves: Uint16Array;
  if (tensor.rawData && tensor.rawData.length > 0) {
    // Copied to a buffer of its own: protobufjs hands out Node Buffers viewing the model's
    // bytes (whose slice() is a view too), at any alignment.
    const raw = new Uint8Array(tensor.rawData);
    halves = new Uint16Array(raw.buffer, 0, raw.length / 2);
  } else {
    // fp16 may also be stored one value per int32_data entry.
    halves = Uint16Array.from(tensor.int32Data ?? [], (v) => v & 0xffff);
    tensor.int32Data = [];
  }
  const floats = new Float32Array(halves.length);
  for (let i = 0; i < halves.length; i++) floats[i] = table[halves[i]!]!;
  tensor.rawData = new Uint8Array(floats.buffer);
  tensor.dataType = FLOAT;
}

function widenValueTypes(values: ValueInfo[] | null | undefined): void {
  for (const value of values ?? []) {
    const tensorType = value.type?.tensorType;
    if (tensorType && tensorType.elemType === FLOAT16) tensorType.elemType = FLOAT;
  }
}

/** Rewrites a float16 model as float32: initializers, constants, Casts and value types. */
function graphOf(model: Model): Graph {
  if (!model.graph) throw new Error('the model has no graph');
  return model.graph;
}

export function widenFp16ToFp32(model: Model): void {
  const graph = graphOf(model);
  for (const tensor of graph.initializer ?? []) widenTensor(tensor);
  for (const node of graph.node ?? []) {
    for (const attribute of node.attribute ?? []) {
      widenTensor(attribute.t);
      // A Cast to float16 becomes a Cast to float32: an identity onnxruntime removes.
      // (Cast's `to` holds a TensorProto.DataType.)
      if (
        node.opType === 'Cast' &&
        attribute.name === 'to' &&
        Number(attribute.i) === Number(FLOAT16)
      ) {
        attribute.i = FLOAT;
      }
    }
  }
  widenValueTypes(graph.input);
  widenValueTypes(graph.output);
  widenValueTypes(graph.valueInfo);
}

function int64Values(tensor: Tensor): number[] {
  if (tensor.rawData && tensor.rawData.length > 0) {
    const raw = new Uint8Array(tensor.rawData); // a copy: see widenTensor
    return Array.from(new BigInt64Array(raw.buffer, 0, raw.length / 8), Number);
  }
  return (tensor.int64Data ?? []).map(Number);
}

/**
 * Sets the model's square input side to `size` (it was `from`) and rescales each Resize's
 * constant target size with it. Only whole-number targets are accepted: a side the graph cannot
 * be evenly scaled to is refused rather than silently misaligned.
 */
export function setSquareInputSize(model: Model, from: number, size: number): void {
  const graph = graphOf(model);
  if (size === from) return;
  const nodes = graph.node ?? [];
  const producer = new Map<string, onnxProto.onnx.INodeProto>();
  for (const node of nodes) for (const output of node.output ?? []) producer.set(output, node);

  for (const node of nodes) {
    if (node.opType !== 'Resize') continue;
    // sizes = Concat(Slice(Shape(x), 0, 2), Constant([h, w])): batch and channels from the
    // tensor, height and width fixed at export time.
    const concat = producer.get(node.input?.[3] ?? '');
    const constant =
      concat?.opType === 'Concat' ? producer.get(concat.input?.[1] ?? '') : undefined;
    const tensor = constant?.opType === 'Constant' ? constant.attribute?.[0]?.t : undefined;
    if (!tensor || tensor.dataType !== INT64) {
      throw new Error(`Resize ${node.name} does not take its size from a constant`);
    }
    const scaled = int64Values(tensor).map((v) => (v * size) / from);
    if (!scaled.every(Number.isInteger)) {
      throw new Error(`an input side of ${size} does not divide the graph evenly`);
    }
    tensor.rawData = new Uint8Array(BigInt64Array.from(scaled, BigInt).buffer);
    tensor.int64Data = [];
  }
  const dims = graph.input?.[0]?.type?.tensorType?.shape?.dim;
  if (!dims || dims.length !== 4) throw new Error('the model input is not NCHW');
  dims[2] = onnx.TensorShapeProto.Dimension.create({ dimValue: size });
  dims[3] = onnx.TensorShapeProto.Dimension.create({ dimValue: size });
  // Recorded shapes of intermediate values and outputs are for the old size: onnxruntime
  // infers them again.
  graph.valueInfo = [];
  for (const output of graph.output ?? []) {
    if (output.type?.tensorType) output.type.tensorType.shape = null;
  }
}

/**
 * Drops every graph output but `keep`. ISNet exports its five side outputs and six feature
 * maps as outputs too; once they are not outputs, onnxruntime removes the nodes only they need.
 */
export function keepOnlyOutput(model: Model, keep: string): void {
  const graph = graphOf(model);
  graph.output ??= [];
  if (!graph.output.some((output) => output.name === keep)) {
    throw new Error(`the model has no output named "${keep}"`);
  }
  graph.output = graph.output.filter((output) => output.name === keep);
}

export function decodeModel(bytes: Uint8Array): Model {
  return onnx.ModelProto.decode(bytes);
}

export function encodeModel(model: Model): Uint8Array {
  return onnx.ModelProto.encode(model).finish();
}

/** The fp16 model's bytes widened to fp32 (for benchmarks that compare the two). */
export function widenedModelBytes(fp16: Uint8Array): Uint8Array {
  const model = decodeModel(fp16);
  widenFp16ToFp32(model);
  return encodeModel(model);
}
