// Rewrites an ONNX model stored in float16 into float32: initializers are widened, Casts to
// float16 become Casts to float32 (identities that onnxruntime's CastElimination removes), and
// float16 value types become float32. onnxruntime's CPU provider has few float16 kernels, so a
// float16 graph runs mostly as float32 anyway, with Cast nodes around each operator.
//
// Only the handful of protobuf fields involved are decoded (field numbers from onnx.proto);
// everything else is copied byte for byte.

const FLOAT = 1;
const FLOAT16 = 10;

interface Field {
  field: number;
  wire: number;
  /** Varint value (wire 0). */
  value: number;
  /** Payload bounds (wire 1, 2, 5). */
  start: number;
  end: number;
  /** The whole field including its key, for verbatim copies. */
  rawStart: number;
}

function readVarint(b: Uint8Array, p: number): [number, number] {
  let value = 0;
  let shift = 0;
  let byte: number;
  do {
    byte = b[p++]!;
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  } while (byte & 0x80);
  return [value, p];
}

function* fields(b: Uint8Array, start: number, end: number): Generator<Field> {
  let p = start;
  while (p < end) {
    const rawStart = p;
    const [key, afterKey] = readVarint(b, p);
    p = afterKey;
    const field = Math.floor(key / 8);
    const wire = key & 7;
    if (wire === 0) {
      const [value, next] = readVarint(b, p);
      yield { field, wire, value, start: p, end: next, rawStart };
      p = next;
    } else if (wire === 2) {
      const [length, next] = readVarint(b, p);
      yield { field, wire, value: 0, start: next, end: next + length, rawStart };
      p = next + length;
    } else if (wire === 5 || wire === 1) {
      const size = wire === 5 ? 4 : 8;
      yield { field, wire, value: 0, start: p, end: p + size, rawStart };
      p += size;
    } else {
      throw new Error(`unsupported protobuf wire type ${wire}`);
    }
  }
}

function varint(value: number): number[] {
  const out: number[] = [];
  while (value > 0x7f) {
    out.push((value % 128) | 0x80);
    value = Math.floor(value / 128);
  }
  out.push(value);
  return out;
}

type Chunk = Uint8Array;

function lengthDelimited(field: number, parts: Chunk[]): Chunk[] {
  const length = parts.reduce((sum, part) => sum + part.length, 0);
  return [Uint8Array.from([...varint(field * 8 + 2), ...varint(length)]), ...parts];
}

function varintField(field: number, value: number): Chunk {
  return Uint8Array.from([...varint(field * 8), ...varint(value)]);
}

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

/** TensorProto: data_type 2, int32_data 5 (fp16 may be stored here), raw_data 9. */
function tensor(b: Uint8Array, start: number, end: number): Chunk[] {
  let isHalf = false;
  for (const f of fields(b, start, end)) if (f.field === 2 && f.value === FLOAT16) isHalf = true;
  if (!isHalf) return [b.subarray(start, end)];
  const table = halfToFloatTable();
  const out: Chunk[] = [];
  const halves: number[] = [];
  for (const f of fields(b, start, end)) {
    if (f.field === 2) {
      out.push(varintField(2, FLOAT));
    } else if (f.field === 9) {
      const count = (f.end - f.start) / 2;
      const floats = new Float32Array(count);
      const view = new DataView(b.buffer, b.byteOffset + f.start, f.end - f.start);
      for (let i = 0; i < count; i++) floats[i] = table[view.getUint16(i * 2, true)]!;
      out.push(...lengthDelimited(9, [new Uint8Array(floats.buffer)]));
    } else if (f.field === 5) {
      if (f.wire === 2) {
        for (let p = f.start; p < f.end;) {
          const [v, next] = readVarint(b, p);
          halves.push(v);
          p = next;
        }
      } else {
        halves.push(f.value);
      }
    } else {
      out.push(b.subarray(f.rawStart, f.end));
    }
  }
  if (halves.length > 0) {
    const floats = Float32Array.from(halves, (h) => table[h & 0xffff]!);
    out.push(...lengthDelimited(9, [new Uint8Array(floats.buffer)]));
  }
  return out;
}

/** TypeProto.tensor_type(1).elem_type(1), inside ValueInfoProto.type(2). */
function typeProto(b: Uint8Array, start: number, end: number, depth: number): Chunk[] {
  const out: Chunk[] = [];
  for (const f of fields(b, start, end)) {
    if (depth === 0 && f.field === 2 && f.wire === 2)
      out.push(...lengthDelimited(2, typeProto(b, f.start, f.end, 1)));
    else if (depth === 1 && f.field === 1 && f.wire === 2)
      out.push(...lengthDelimited(1, typeProto(b, f.start, f.end, 2)));
    else if (depth === 2 && f.field === 1 && f.wire === 0 && f.value === FLOAT16)
      out.push(varintField(1, FLOAT));
    else out.push(b.subarray(f.rawStart, f.end));
  }
  return out;
}

/** AttributeProto: i 3 (Cast's "to"), t 5 (a tensor, e.g. Constant's value). */
function attribute(b: Uint8Array, start: number, end: number, isCast: boolean): Chunk[] {
  const out: Chunk[] = [];
  for (const f of fields(b, start, end)) {
    if (isCast && f.field === 3 && f.value === FLOAT16) out.push(varintField(3, FLOAT));
    else if (f.field === 5 && f.wire === 2)
      out.push(...lengthDelimited(5, tensor(b, f.start, f.end)));
    else out.push(b.subarray(f.rawStart, f.end));
  }
  return out;
}

/** NodeProto: op_type 4, attribute 5. */
function node(b: Uint8Array, start: number, end: number): Chunk[] {
  let isCast = false;
  for (const f of fields(b, start, end)) {
    if (f.field === 4 && new TextDecoder().decode(b.subarray(f.start, f.end)) === 'Cast')
      isCast = true;
  }
  const out: Chunk[] = [];
  for (const f of fields(b, start, end)) {
    if (f.field === 5 && f.wire === 2)
      out.push(...lengthDelimited(5, attribute(b, f.start, f.end, isCast)));
    else out.push(b.subarray(f.rawStart, f.end));
  }
  return out;
}

/** GraphProto: node 1, initializer 5, input 11, output 12, value_info 13. */
function graph(b: Uint8Array, start: number, end: number): Chunk[] {
  const out: Chunk[] = [];
  for (const f of fields(b, start, end)) {
    if (f.wire !== 2) out.push(b.subarray(f.rawStart, f.end));
    else if (f.field === 1) out.push(...lengthDelimited(1, node(b, f.start, f.end)));
    else if (f.field === 5) out.push(...lengthDelimited(5, tensor(b, f.start, f.end)));
    else if (f.field === 11 || f.field === 12 || f.field === 13) {
      out.push(...lengthDelimited(f.field, typeProto(b, f.start, f.end, 0)));
    } else out.push(b.subarray(f.rawStart, f.end));
  }
  return out;
}

/** ModelProto: graph 7. */
export function convertFp16ModelToFp32(model: Uint8Array): Uint8Array {
  const chunks: Chunk[] = [];
  for (const f of fields(model, 0, model.length)) {
    if (f.field === 7 && f.wire === 2)
      chunks.push(...lengthDelimited(7, graph(model, f.start, f.end)));
    else chunks.push(model.subarray(f.rawStart, f.end));
  }
  const total = chunks.reduce((sum, c) => sum + c.length, 0);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.length;
  }
  return out;
}
