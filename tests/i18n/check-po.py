#!/usr/bin/env python3
# check-po.py: every language in LINGUAS is complete, valid and has the right plural forms.
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: check-po.py PO_DIR
# Runs `msgfmt --check --statistics` on each catalogue and fails on any error, on any fuzzy
# or untranslated message, and on a header whose charset or plural forms are wrong.

import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pofile  # noqa: E402

# The plural rule each language needs; msgfmt cannot know that a rule is wrong for a language.
PLURAL_FORMS = {
    'de': 'nplurals=2; plural=(n != 1);',
    'el': 'nplurals=2; plural=(n != 1);',
    'es': 'nplurals=2; plural=(n != 1);',
    'fa': 'nplurals=2; plural=(n!=1);',
    'fr': 'nplurals=2; plural=(n > 1);',
    'it': 'nplurals=2; plural=(n != 1);',
    'ru': 'nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && '
          '(n%100<10 || n%100>=20) ? 1 : 2);',
}


def squeeze(rule):
    return re.sub(r'\s+', '', rule)


def linguas(po_dir):
    with open(os.path.join(po_dir, 'LINGUAS'), encoding='utf-8') as listing:
        return [word for line in listing
                for word in line.split('#', 1)[0].split()]


def check(po_dir, language):
    """Returns a list of problems with one language's catalogue."""
    path = os.path.join(po_dir, language + '.po')
    if not os.path.exists(path):
        return ['%s.po is missing' % language]

    result = subprocess.run(['msgfmt', '--check', '--statistics', '-o', os.devnull, path],
                            capture_output=True, text=True)
    output = (result.stdout + result.stderr).strip()
    print('# %s: %s' % (language, output.splitlines()[-1] if output else '(no output)'))
    problems = []
    if result.returncode != 0:
        problems.append('msgfmt --check failed:\n' + output)

    counts = {'translated': 0, 'fuzzy': 0, 'untranslated': 0}
    for number, kind in re.findall(r'(\d+) (translated|fuzzy|untranslated)', output):
        counts[kind] = int(number)
    if counts['fuzzy'] or counts['untranslated']:
        problems.append('%d fuzzy and %d untranslated messages'
                        % (counts['fuzzy'], counts['untranslated']))
    if counts['translated'] == 0:
        problems.append('no translated messages')

    fields = pofile.header(path)
    if 'charset=UTF-8' not in fields.get('Content-Type', ''):
        problems.append('the header does not say charset=UTF-8')
    expected = PLURAL_FORMS.get(language)
    if expected and squeeze(fields.get('Plural-Forms', '')) != squeeze(expected):
        problems.append('Plural-Forms is "%s", expected "%s"'
                        % (fields.get('Plural-Forms'), expected))
    if fields.get('Language') != language:
        problems.append('the header names language "%s"' % fields.get('Language'))
    return problems


def main():
    po_dir = sys.argv[1]
    languages = linguas(po_dir)
    print('1..%d' % len(languages))
    failed = 0
    for number, language in enumerate(languages, 1):
        problems = check(po_dir, language)
        if problems:
            failed += 1
            print('not ok %d - %s' % (number, language))
            for problem in problems:
                for line in problem.splitlines():
                    print('#   ' + line)
        else:
            print('ok %d - %s' % (number, language))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
