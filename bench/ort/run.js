// ONNX Runtime's CPU execution provider on THREADS threads (default 1), timed like fx2c's executables
// (bench/exe_bench.py):
//   node bench/ort/run.js MODEL.onnx INPUT.bin D0,D1,... N OUTPUT.bin [THREADS]
// INPUT.bin holds the float32 input (little-endian, row-major); OUTPUT.bin receives the first output's float32
// values. Prints "min X ms, median Y ms, max Z ms" over N runs after 3 warm-up runs.
'use strict';
const fs = require('fs');
const ort = require('onnxruntime-node');

async function main() {
  const [model, input, dims, n, output, threads] = process.argv.slice(2);
  const shape = dims.split(',').map(Number);
  const buf = fs.readFileSync(input);
  const data = new Float32Array(buf.buffer, buf.byteOffset, buf.byteLength / 4);
  const session = await ort.InferenceSession.create(model, {
    intraOpNumThreads: Number(threads || 1), interOpNumThreads: 1, executionMode: 'sequential',
    graphOptimizationLevel: 'all',
  });
  const feeds = {[session.inputNames[0]]: new ort.Tensor('float32', data, shape)};
  let result;
  for (let i = 0; i < 3; i++) result = await session.run(feeds);
  const times = [];
  for (let i = 0; i < Number(n); i++) {
    const t0 = process.hrtime.bigint();
    result = await session.run(feeds);
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  times.sort((a, b) => a - b);
  const k = times.length;
  const median = k % 2 ? times[(k - 1) / 2] : (times[k / 2 - 1] + times[k / 2]) / 2;
  const y = result[session.outputNames[0]].data;
  fs.writeFileSync(output, Buffer.from(y.buffer, y.byteOffset, y.byteLength));
  console.log(`min ${times[0].toFixed(3)} ms, median ${median.toFixed(3)} ms, max ${times[k - 1].toFixed(3)} ms`);
}

main().catch((e) => {
  console.error(`run.js: ${e.message}`);
  process.exit(1);
});
