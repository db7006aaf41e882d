#!/usr/bin/env python3
# check-potfiles.py: every file with strings to translate is listed in po/POTFILES.in.
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: check-potfiles.py SOURCE_ROOT
# A string marked for translation in a file that POTFILES.in forgets never reaches the
# translators, and nothing else would notice: the program just shows it in English.

import os
import re
import sys

C_MARK = re.compile(r'(?<![A-Za-z0-9_])(_|N_|C_|NC_|Q_|ngettext|g_dngettext|g_dpgettext2)\s*\(')
UI_MARK = re.compile(r'translatable\s*=\s*"(yes|true)"')
SCANNED_DIRS = ('src', 'data')
# Data files whose strings are extracted by their ITS rules whatever their content.
DATA_SUFFIXES = ('.desktop.in', '.metainfo.xml.in', '.gschema.xml')


def strip_c_comments_and_strings(text):
    """Removes comments and string literals so that a mark in them does not count."""
    return re.sub(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"', ' ', text, flags=re.S)


def needs_translation(path):
    if path.endswith(DATA_SUFFIXES):
        return True
    if path.endswith(('.c', '.h')):
        with open(path, encoding='utf-8', errors='replace') as source:
            return bool(C_MARK.search(strip_c_comments_and_strings(source.read())))
    if path.endswith(('.ui', '.blp')):
        with open(path, encoding='utf-8', errors='replace') as source:
            return bool(UI_MARK.search(source.read()))
    return False


def listed_files(root):
    with open(os.path.join(root, 'po', 'POTFILES.in'), encoding='utf-8') as listing:
        return [line.strip() for line in listing
                if line.strip() and not line.lstrip().startswith('#')]


def main():
    root = sys.argv[1]
    listed = listed_files(root)
    wanted = []
    for top in SCANNED_DIRS:
        for folder, subfolders, names in os.walk(os.path.join(root, top)):
            subfolders[:] = sorted(d for d in subfolders if not d.startswith('.'))
            for name in sorted(names):
                path = os.path.join(folder, name)
                if needs_translation(path):
                    wanted.append(os.path.relpath(path, root))

    missing = [path for path in wanted if path not in listed]
    vanished = [path for path in listed if not os.path.exists(os.path.join(root, path))]

    print('1..3')
    print(('not ok' if missing else 'ok') + ' 1 - every file with marked strings is listed')
    for path in missing:
        print('#   not in po/POTFILES.in: ' + path)
    print(('not ok' if vanished else 'ok') + ' 2 - every listed file exists')
    for path in vanished:
        print('#   listed but missing: ' + path)
    unsorted = listed != sorted(listed)
    print(('not ok' if unsorted else 'ok') + ' 3 - po/POTFILES.in is sorted')
    return 1 if missing or vanished or unsorted else 0


if __name__ == '__main__':
    sys.exit(main())
