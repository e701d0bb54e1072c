// ONNX Runtime's Linux build (onnxruntime-node 1.30) sends usage telemetry to
// mobile.events.data.microsoft.com a few seconds after its first session is made, unless
// ORT_DISABLE_TELEMETRY is set: a Cutout server looked that host up through the machine's name
// server during every browser test (seen with strace; none with the variable set). Cutout sends
// nothing anywhere the operator did not configure, so the variable is set here, before
// onnxruntime-node is loaded: every module that loads it imports this file first. The native
// library reads the process's environment, which only the main thread's process.env changes
// (a worker thread's is a copy): the engine's entry points run in the main thread first, and
// worker threads inherit the setting. An operator's own value is kept.
process.env.ORT_DISABLE_TELEMETRY ??= '1';

export {};
