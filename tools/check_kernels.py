#!/usr/bin/env python3
"""Checks program/kernels.def against the runtime's prototypes (runtime/fxrt.h, runtime/fxrt_small.h): every row's
function is declared, with as many parameters as the row has operands, and each scalar operand type matches its
parameter's C type (I64 int64_t, I32 int32_t, SIZE size_t, F32 float, F64 double, FLAG bool, pointers for tensors,
views and records). The C backend would catch a mismatch through the prototype's conversion; the LLVM backend and
the interpreter's calls would not (an int64 operand for an int32_t parameter is a wrong call on 32-bit ARM).

    check_kernels.py SOURCE_DIR"""
import re
import sys

SCALAR = {'I64': 'int64_t', 'I32': 'int32_t', 'SIZE': 'size_t', 'F32': 'float', 'F64': 'double', 'FLAG': 'bool',
          'TILE': 'int64_t', 'DTYPE': 'fxrt_dtype', 'DTYPE2': 'fxrt_dtype', 'UNOP': 'fxrt_unary_op',
          'BINOP': 'fxrt_binary_op', 'REDOP': 'fxrt_reduce_op', 'SCANOP': 'fxrt_scan_op', 'PADMODE': 'fxrt_pad_mode'}
SKIP = {'POINTWISE', 'CUSTOM'}  # operands that expand to several parameters (see kernels.def)


def strip_comments(s):
    return re.sub(r'/\*.*?\*/', ' ', s, flags=re.S)


def main(root):
    headers = ''.join(strip_comments(open('%s/runtime/%s' % (root, f)).read()) for f in ('fxrt.h', 'fxrt_small.h'))
    rows = strip_comments(open(root + '/program/kernels.def').read())
    errors, n = [], 0
    for m in re.finditer(r'^FX_KERNEL\((\w+),\s*(\w+),\s*"[^"]*",(.*?)\)\s*$(?=\s*(?:FX_KERNEL|\Z))', rows,
                         flags=re.S | re.M):
        kind, fn, ops = m.group(1), m.group(2), re.findall(r'A\((\w+),\s*\d+,\s*(\w+)\)', m.group(3))
        n += 1
        if any(t in SKIP for t, _ in ops):
            continue
        proto = re.search(r'\b%s\s*\(([^;{)]*)\)\s*[;{]' % fn, headers)
        if not proto:
            errors.append('%s: %s is not declared in runtime/fxrt.h or fxrt_small.h' % (kind, fn))
            continue
        params = [p.strip() for p in proto.group(1).split(',')]
        if len(params) != len(ops):
            errors.append('%s: %s has %d parameters, the row %d operands' % (kind, fn, len(params), len(ops)))
            continue
        for (t, name), p in zip(ops, params):
            want = SCALAR.get(t)
            ptype = re.sub(r'\s+\w+$', '', p)  # the declaration without its name
            if want is not None and ptype != want and not ptype.endswith(' ' + want):
                errors.append('%s: operand %s is %s (%s) but %s declares %s' % (kind, name, t, want, fn, p))
            if want is None and '*' not in p and '[' not in p:
                errors.append('%s: operand %s is %s (a pointer) but %s declares %s' % (kind, name, t, fn, p))
    if n == 0:
        errors.append('no FX_KERNEL row found in program/kernels.def')
    for e in errors:
        print('kernels.def: error: ' + e)
    print('%d kernels checked, %d errors' % (n, len(errors)))
    return 1 if errors else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else '.'))
