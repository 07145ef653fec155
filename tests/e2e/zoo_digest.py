#!/usr/bin/python3
"""Fingerprints of the outputs that a zoo run left in its cache, to check that a change of fx2c's code changes no bit
of what it computes (the architecture refactor's check: the zoo through the interpreter, the C and the LLVM
executables, before and after).

    /usr/bin/python3 tests/e2e/zoo_digest.py CACHE run   > interp.json    # after zoo.py --backend interp
    /usr/bin/python3 tests/e2e/zoo_digest.py CACHE run_c > c.json         # after zoo.py --backend llvm: the C exe
    /usr/bin/python3 tests/e2e/zoo_digest.py CACHE run   > llvm.json      #   ... and the LLVM exe
    /usr/bin/python3 tests/e2e/zoo_digest.py --compare before.json after.json

A case's fingerprint is the SHA-256 of its output files (output*.npy, in name order), bytes and names. --compare
prints the cases whose fingerprints differ or that only one side has, and `N passed, M failed`.
"""
import hashlib
import json
import os
import sys


def digest(cache, sub):
    out = {}
    for case in sorted(os.listdir(cache)):
        d = os.path.join(cache, case, sub)
        if not os.path.isdir(d):
            continue
        files = sorted(f for f in os.listdir(d) if f.endswith(".npy"))
        if not files:
            continue
        h = hashlib.sha256()
        for f in files:
            h.update(f.encode() + b"\0")
            with open(os.path.join(d, f), "rb") as fh:
                h.update(fh.read())
        out[case] = h.hexdigest()
    return out


def compare(a_path, b_path):
    with open(a_path) as f:
        a = json.load(f)
    with open(b_path) as f:
        b = json.load(f)
    passed = failed = 0
    for case in sorted(set(a) | set(b)):
        if case not in a or case not in b:
            print(f"{case}: only in {a_path if case in a else b_path}")
            failed += 1
        elif a[case] != b[case]:
            print(f"{case}: outputs differ")
            failed += 1
        else:
            passed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "--compare":
        return compare(sys.argv[2], sys.argv[3])
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    json.dump(digest(sys.argv[1], sys.argv[2]), sys.stdout, indent=1, sort_keys=True)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
