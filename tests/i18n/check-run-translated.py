#!/usr/bin/env python3
# check-run-translated.py: the game started as `make run` starts it speaks the player's language.
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: check-run-translated.py MESON BUILD_DIR PO_DIR LANGUAGE...
# Runs `MESON devenv -C BUILD_DIR ./src/crapette --print-status`, the command of `make run`, once
# per language with LANG=C.UTF-8 and LANGUAGE set, and checks that the window title and the two
# status lines it prints are the ones the language's catalogue gives. To prove that the check can
# fail, it first runs the built program with its catalogue folder pointing at an empty folder,
# where the same check must find English.

import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pofile  # noqa: E402


def translations(po_dir, language):
    """Returns the catalogue of @language as a dictionary from msgid to its first msgstr."""
    path = os.path.join(po_dir, language + '.po')
    return {m.msgid: m.msgstr.get(0, '') for m in pofile.live_messages(path)
            if m.context is None}


def environment(language, lang='C.UTF-8'):
    env = dict(os.environ)
    if lang is None:
        env.pop('LANG', None)
    else:
        env['LANG'] = lang
    env['LANGUAGE'] = language
    env.pop('LC_ALL', None)
    env.pop('LC_MESSAGES', None)
    # Without a session bus (a bare Xvfb), the accessibility bridge would warn and the
    # suite's G_DEBUG=fatal-warnings would turn that into a crash.
    if 'DBUS_SESSION_BUS_ADDRESS' not in env:
        env['GTK_A11Y'] = 'none'
    return env


def print_status(command, env):
    """Runs @command and returns the three lines it prints: the title and two status lines."""
    result = subprocess.run(command, env=env, capture_output=True, text=True, timeout=60)
    if result.returncode != 0:
        raise RuntimeError('%s exited with %d: %s' % (' '.join(command), result.returncode,
                                                      result.stderr.strip()))
    lines = result.stdout.splitlines()
    if len(lines) != 3:
        raise RuntimeError('expected three lines, got: %r' % result.stdout)
    return lines


def problems(lines, catalogue):
    """Says what in @lines is not in the language of @catalogue; empty when all is."""
    found = []
    title, north, south = lines
    to_play = catalogue['%s to play']
    if title != catalogue['Crapette']:
        found.append('the title is %r, not %r' % (title, catalogue['Crapette']))
    for line, seat in ((north, 'North'), (south, 'South')):
        if catalogue[seat] not in line:
            found.append('%r does not name %r' % (line, catalogue[seat]))
    if not any(to_play.replace('%s', catalogue[seat]) in line
               for line, seat in ((north, 'North'), (south, 'South'))):
        found.append('no status line says whose turn it is as %r does' % to_play)
    return found


def main():
    meson, build_dir, po_dir, *languages = sys.argv[1:]
    program = os.path.join(build_dir, 'src', 'crapette')
    test = 0

    print('1..%d' % (len(languages) + 2))

    # The control: the same check on a program that cannot find its catalogue must fail.
    test += 1
    with tempfile.TemporaryDirectory() as empty:
        env = environment(languages[0])
        env['CRAPETTE_LOCALEDIR'] = empty
        lines = print_status([program, '--print-status'], env)
    if problems(lines, translations(po_dir, languages[0])):
        print('ok %d - without its catalogue the program speaks English: %s' % (test, lines[2]))
    else:
        print('not ok %d - the check found %s although the catalogue was hidden: %r'
              % (test, languages[0], lines))

    for language in languages:
        test += 1
        command = [meson, 'devenv', '-C', build_dir, './src/crapette', '--print-status']
        try:
            lines = print_status(command, environment(language))
            found = problems(lines, translations(po_dir, language))
        except (RuntimeError, subprocess.TimeoutExpired) as error:
            found = [str(error)]
        if found:
            print('not ok %d - %s: %s' % (test, language, '; '.join(found)))
        else:
            print('ok %d - %s: %s' % (test, language, ' / '.join(lines)))

    # A session with no LANG at all is in the "C" locale, where gettext alone would ignore
    # LANGUAGE: the program still speaks the language asked for.
    test += 1
    command = [meson, 'devenv', '-C', build_dir, './src/crapette', '--print-status']
    try:
        lines = print_status(command, environment(languages[0], lang=None))
        found = problems(lines, translations(po_dir, languages[0]))
    except (RuntimeError, subprocess.TimeoutExpired) as error:
        found = [str(error)]
    if found:
        print('not ok %d - %s without LANG: %s' % (test, languages[0], '; '.join(found)))
    else:
        print('ok %d - %s without LANG: %s' % (test, languages[0], ' / '.join(lines)))


if __name__ == '__main__':
    main()
