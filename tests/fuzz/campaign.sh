#!/usr/bin/env bash
# A fuzzing campaign (issue 15, point 3): each libFuzzer target of a clang build with -DFX2C_FUZZ=ON runs for SECONDS
# of CPU time (libFuzzer counts wall time: the run is repeated until the process's user+system time reaches SECONDS),
# seeded with the committed corpus tests/fuzz/campaign/TARGET/ and the target's seeds. Afterwards the corpus is
# minimized (-merge=1) back into tests/fuzz/campaign/TARGET/, which ctest replays under the sanitizers; a crash,
# leak, timeout or out-of-memory input lands in OUT/TARGET/ as crash-*, leak-*, timeout-* or oom-*. OUT/TARGET.log is
# libFuzzer's output, OUT/summary.txt a line per target (CPU seconds, runs, coverage, corpus, findings).
#   tests/fuzz/campaign.sh BUILD_DIR SECONDS OUT_DIR TARGET...   (targets: graph modules weights input_spec exe_npy)
set -u
build=$(cd "$1" && pwd) seconds=$2 out=$3
shift 3
here=$(cd "$(dirname "$0")" && pwd)
tests=$(cd "$here/.." && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
seeds() { # the seed folders of a target, as tests/CMakeLists.txt gives them to its replay test
  case $1 in
  graph) echo "$tests/errors $tests/golden $tests/graphs/seed $tests/graphs/misc $tests/graphs/aten $tests/graphs/torchvision $tests/graphs/tabular $tests/fuzz/corpus" ;;
  modules) echo "$tests/modules $tests/graphs/seed" ;;
  weights) echo "$tests/weights $tests/cli/npy" ;;
  input_spec) echo "$tests/fuzz/specs" ;;
  exe_npy) echo "$tests/fuzz/exe_npy" ;;
  esac
}
maxlen() { case $1 in weights) echo 65536 ;; *) echo 4096 ;; esac; }
for t in "$@"; do
  bin=$build/tests/fx2c_fuzz_$t
  [ -x "$bin" ] || { echo "campaign: no $bin" >&2; exit 2; }
  corpus=$here/campaign/$t work=$out/$t
  mkdir -p "$corpus" "$work/corpus"
  cp -n "$corpus"/* "$work/corpus/" 2>/dev/null
  : >"$out/$t.log"
  used=0 runs=0 round=0
  while [ "$used" -lt "$seconds" ]; do
    left=$((seconds - used))
    # shellcheck disable=SC2046
    /usr/bin/time -f "%U %S" -o "$work/time" "$bin" -seed=$((round + 1)) -max_len="$(maxlen "$t")" -timeout=10 \
      -rss_limit_mb=2048 -max_total_time="$left" -print_final_stats=1 -artifact_prefix="$work/" \
      "$work/corpus" $(seeds "$t") >>"$out/$t.log" 2>&1
    cpu=$(awk '{printf "%d", $1 + $2}' "$work/time")
    used=$((used + (cpu > 0 ? cpu : 1)))
    runs=$((runs + $(grep -o 'stat::number_of_executed_units: [0-9]*' "$out/$t.log" | tail -1 | awk '{print $2}')))
    round=$((round + 1))
    if ls "$work"/crash-* "$work"/leak-* "$work"/timeout-* "$work"/oom-* >/dev/null 2>&1; then break; fi
  done
  # the corpus, minimized: the inputs that keep the coverage reached, replacing the committed one
  mkdir -p "$work/min"
  "$bin" -merge=1 -max_len="$(maxlen "$t")" -timeout=10 -rss_limit_mb=2048 "$work/min" "$work/corpus" \
    >>"$out/$t.log" 2>&1
  rm -rf "$corpus"
  mkdir -p "$corpus"
  cp "$work/min"/* "$corpus/" 2>/dev/null
  cov=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$out/$t.log" | tail -1)
  findings=$(ls "$work"/crash-* "$work"/leak-* "$work"/timeout-* "$work"/oom-* 2>/dev/null | wc -l)
  printf '%s: %d CPU s in %d rounds, %d runs, %s, corpus %d files %s, findings %d\n' "$t" "$used" "$round" "$runs" \
    "$cov" "$(ls "$corpus" | wc -l)" "$(du -sh "$corpus" | cut -f1)" "$findings" | tee -a "$out/summary.txt"
done
