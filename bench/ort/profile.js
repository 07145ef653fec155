// ONNX Runtime's own profile of a model (session option enableProfiling), for fx2c trace-diff and
// bench/profile_bench.py:
//   node bench/ort/profile.js MODEL.onnx INPUT.bin D0,D1,... N PROFILE.json [THREADS]
// INPUT.bin holds the float32 input (little-endian, row-major). N runs (the first one included: the profile then has
// as many runs as fx2c's traces of `--bench N`); ONNX Runtime writes
// its Chrome-trace JSON (an array of events: "session" and "node" categories, one "<node>_kernel_time" event per node
// per run), which is moved to PROFILE.json. Prints "min X ms, median Y ms, max Z ms" over the N runs.
'use strict';
const fs = require('fs');
const path = require('path');
const ort = require('onnxruntime-node');

async function main() {
  const [model, input, dims, n, output, threads] = process.argv.slice(2);
  const shape = dims.split(',').map(Number);
  const buf = fs.readFileSync(input);
  const data = new Float32Array(buf.buffer, buf.byteOffset, buf.byteLength / 4);
  const prefix = path.join(path.dirname(path.resolve(output)), 'ort_profile');
  const t = Number(threads || 1);
  const session = await ort.InferenceSession.create(model, {
    intraOpNumThreads: t, interOpNumThreads: 1, executionMode: 'sequential', graphOptimizationLevel: 'all',
    enableProfiling: true, profileFilePrefix: prefix,
  });
  const feeds = {[session.inputNames[0]]: new ort.Tensor('float32', data, shape)};
  const times = [];
  for (let i = 0; i < Number(n); i++) {
    const t0 = process.hrtime.bigint();
    await session.run(feeds);
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  const written = session.endProfiling();
  const file = written && fs.existsSync(written) ? written : fs.readdirSync(path.dirname(prefix))
    .filter((f) => f.startsWith('ort_profile') && f.endsWith('.json'))
    .map((f) => path.join(path.dirname(prefix), f)).sort().pop();
  if (!file) throw new Error('ONNX Runtime wrote no profile');
  fs.renameSync(file, output);
  times.sort((a, b) => a - b);
  const k = times.length;
  const median = k % 2 ? times[(k - 1) / 2] : (times[k / 2 - 1] + times[k / 2]) / 2;
  console.log(`min ${times[0].toFixed(3)} ms, median ${median.toFixed(3)} ms, max ${times[k - 1].toFixed(3)} ms`);
}

main().catch((e) => {
  console.error(`profile.js: ${e.message}`);
  process.exit(1);
});
