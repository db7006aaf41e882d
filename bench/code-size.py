#!/usr/bin/env python3
"""Count the long functions and long files in src/ (issue 15's "smells").

Usage: bench/code-size.py [SRC_DIR] [--list]

A function is what the GNU style writes at column 0: its name followed by "("
on one line, its body from a "{" to a "}" alone at column 0. Its length runs
from the line with its name to its closing brace, both included. class_init
functions are left out: they only list properties and signals. A file counts
when its .c has more than 600 lines.
"""
import pathlib
import re
import sys

FUNCTION_LIMIT = 80
FILE_LIMIT = 600
NAME = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*) \(")


def functions(path):
    lines = path.read_text(encoding="utf-8").splitlines()
    name, start = None, None
    for number, line in enumerate(lines, 1):
        match = NAME.match(line)
        if match and start is None:
            name, name_line = match.group(1), number
        elif line == "{" and name is not None and start is None:
            start = name_line
        elif line == "}" and start is not None:
            yield name, start, number - start + 1
            name, start = None, None
        elif line.endswith(";") and start is None:
            name = None


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    listing = "--list" in sys.argv
    src = pathlib.Path(args[0] if args else pathlib.Path(__file__).parent.parent / "src")
    long_functions, long_files = [], []
    for path in sorted(src.rglob("*.c")):
        size = len(path.read_text(encoding="utf-8").splitlines())
        if size > FILE_LIMIT:
            long_files.append((size, path.relative_to(src)))
        for name, line, length in functions(path):
            if length > FUNCTION_LIMIT and not name.endswith("_class_init"):
                long_functions.append((length, f"{path.relative_to(src)}:{line} {name}"))
    if listing:
        for length, where in sorted(long_functions, reverse=True):
            print(f"  function {length:4} lines  {where}")
        for size, path in sorted(long_files, reverse=True):
            print(f"  file     {size:4} lines  {path}")
    print(f"functions over {FUNCTION_LIMIT} lines (class_init aside): {len(long_functions)}")
    print(f".c files over {FILE_LIMIT} lines: {len(long_files)}")


if __name__ == "__main__":
    main()
