# bash completion for fx2c (installed as share/bash-completion/completions/fx2c)
_fx2c() {
  local cur prev cmd i
  cur=${COMP_WORDS[COMP_CWORD]}
  prev=${COMP_WORDS[COMP_CWORD-1]}
  cmd=
  for ((i = 1; i < COMP_CWORD; i++)); do
    case ${COMP_WORDS[i]} in
    compile|run|compare|trace-diff) cmd=${COMP_WORDS[i]}; break ;;
    esac
  done
  if [[ -z $cmd ]]; then
    COMPREPLY=($(compgen -W "compile run compare trace-diff --list-ops --help --version" -- "$cur"))
    return
  fi
  case $prev in
  --emit) COMPREPLY=($(compgen -W "graph dot c llvm bc obj exe" -- "$cur")); return ;;
  --backend) COMPREPLY=($(compgen -W "c llvm" -- "$cur")); return ;;
  --requantize) COMPREPLY=($(compgen -W "float fixed" -- "$cur")); return ;;
  --target) COMPREPLY=($(compgen -W "x86_64-linux-gnu aarch64-linux-gnu thumbv7em-none-eabihf riscv32-unknown-elf" -- "$cur")); return ;;
  --cpu) COMPREPLY=($(compgen -W "generic native cortex-m4 cortex-m7 skylake znver3" -- "$cur")); return ;;
  --passes|--print-after) COMPREPLY=($(compgen -W "noop constfold bnfold epilogue padfold prepack winograd nchwc cse ewfuse dce all" -- "$cur")); return ;;
  --by) COMPREPLY=($(compgen -W "name op both" -- "$cur")); return ;;
  --sort) COMPREPLY=($(compgen -W "duration count name control test" -- "$cur")); return ;;
  --keep-build|--dump) COMPREPLY=($(compgen -d -- "$cur")); return ;;
  --prefix|--features|--cflags|--threads|--tol|--top|--ram-limit|--strip-prefix) return ;;
  -o|--modules|--weights|--custom-ops|--input|--trace|--csv|--plot-counts|--plot-durations)
    COMPREPLY=($(compgen -f -- "$cur")); return ;;
  esac
  if [[ $cur == -* ]]; then
    local opts
    case $cmd in
    compile) opts="-o --emit --modules --weights --custom-ops --input --backend --target --cpu --features --prefix
                   --passes --print-after --stats --weights-file --report --ram-limit --requantize --strip-prefix --profile --keep-build --cflags -g
                   -O0 -O1 -O2 -O3 -Os -v --verbose -q --quiet -h --help" ;;
    run) opts="-o --modules --weights --strip-prefix --custom-ops --input --threads --requantize --stats --profile --trace --dump
               -v --verbose -q --quiet -h --help" ;;
    compare) opts="--tol -h --help" ;;
    trace-diff) opts="--test --by --sort --csv --plot-counts --plot-durations --top -h --help" ;;
    esac
    COMPREPLY=($(compgen -W "$opts" -- "$cur"))
    return
  fi
  COMPREPLY=($(compgen -f -- "$cur"))
}
complete -o filenames -o bashdefault -F _fx2c fx2c
