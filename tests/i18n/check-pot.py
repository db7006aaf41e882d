#!/usr/bin/env python3
# check-pot.py: no translation lags behind the source's strings.
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: check-pot.py SOURCE_ROOT
# Extracts the strings afresh into a temporary template, with the keywords of meson's "glib"
# preset that the crapette-pot target uses, and fails when a language's catalogue lacks one
# of them: a string added to the code since the last `crapette-update-po`.

import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pofile  # noqa: E402

# The same keywords as meson's i18n.gettext(preset: 'glib').
GLIB_PRESET = [
    '--from-code=UTF-8', '--add-comments',
    '--keyword=_', '--keyword=N_', '--keyword=C_:1c,2', '--keyword=NC_:1c,2',
    '--keyword=g_dcgettext:2', '--keyword=g_dngettext:2,3', '--keyword=g_dpgettext2:2c,3',
    '--flag=N_:1:pass-c-format', '--flag=C_:2:pass-c-format', '--flag=NC_:2:pass-c-format',
    '--flag=g_dngettext:2:pass-c-format', '--flag=g_strdup_printf:1:c-format',
    '--flag=g_string_printf:2:c-format', '--flag=g_string_append_printf:2:c-format',
    '--flag=g_error_new:3:c-format', '--flag=g_set_error:4:c-format',
]


def main():
    root = sys.argv[1]
    po_dir = os.path.join(root, 'po')
    with tempfile.TemporaryDirectory() as scratch:
        template = os.path.join(scratch, 'crapette.pot')
        result = subprocess.run(['xgettext', '--package-name=crapette', '--output=' + template,
                                 '--directory=' + root,
                                 '--files-from=' + os.path.join(po_dir, 'POTFILES.in')]
                                + GLIB_PRESET, capture_output=True, text=True)
        if result.returncode != 0:
            print('1..1\nnot ok 1 - xgettext failed')
            for line in result.stderr.splitlines():
                print('#   ' + line)
            return 1
        wanted = {m.key: m for m in pofile.live_messages(template)}

    with open(os.path.join(po_dir, 'LINGUAS'), encoding='utf-8') as listing:
        languages = [w for line in listing for w in line.split('#', 1)[0].split()]

    print('# %d messages in the source' % len(wanted))
    print('1..%d' % len(languages))
    failed = False
    for number, language in enumerate(languages, 1):
        path = os.path.join(po_dir, language + '.po')
        have = {m.key: m for m in pofile.live_messages(path)} if os.path.exists(path) else {}
        missing = [key for key in wanted if key not in have]
        stale_plurals = [key for key in wanted if key in have
                         and (wanted[key].msgid_plural is None) != (have[key].msgid_plural is None)]
        if missing or stale_plurals:
            failed = True
            print('not ok %d - %s lacks %d messages' % (number, language,
                                                          len(missing) + len(stale_plurals)))
            for context, msgid in (missing + stale_plurals)[:20]:
                print('#   %s%s' % ('[%s] ' % context if context else '', msgid[:90]))
            print('#   run: meson compile -C <build> crapette-update-po')
        else:
            print('ok %d - %s has every message' % (number, language))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
