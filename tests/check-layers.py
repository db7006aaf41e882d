#!/usr/bin/env python3
# check-layers.py: every #include of src/ goes down its layers, never up or across.
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: check-layers.py SOURCE_ROOT
#        check-layers.py --self-test
# Reads every .c and .h under src/, finds the folder each quoted header lives in (files
# include by bare name, every folder being on the include path) and fails when a file
# includes a header from a folder its own may not use, a system header its layer may not
# use (GTK, libadwaita or librsvg in the engine or src/net), or a *-private.h of another
# folder outside the engine. The table below is the plan that docs/ARCHITECTURE.md draws;
# a folder it does not know fails too, so a new folder has to take its place in it.

import os
import re
import sys

ENGINE_LAYERS = ('engine/rules', 'engine/words', 'engine/notation', 'engine/game',
                 'engine/players', 'engine/match', 'engine/session')
UI_FOLDERS = ('ui/cards', 'ui/table', 'ui/dialogs', 'ui/window', 'ui/app')

# The folders each folder of src/ may include from, besides its own.
MAY_USE = {
    'engine/rules': (),
    'engine/words': ('engine/rules',),
    'engine/notation': ('engine/rules', 'engine/words'),
    'engine/game': ('engine/rules', 'engine/words'),
    'engine/players': ('engine/rules', 'engine/words', 'engine/game'),
    'engine/match': ('engine/rules', 'engine/words', 'engine/notation', 'engine/game'),
    'engine/session': ENGINE_LAYERS,
    'net': ENGINE_LAYERS,
    'tools': ENGINE_LAYERS + ('net',),
    'ui/cards': ENGINE_LAYERS,
    'ui/table': ENGINE_LAYERS + ('ui/cards',),
    'ui/dialogs': ENGINE_LAYERS + ('ui/cards',),
    'ui/window': ENGINE_LAYERS + ('net', 'ui/cards', 'ui/table', 'ui/dialogs'),
    'ui/app': ENGINE_LAYERS + ('net',) + UI_FOLDERS,
    '': ENGINE_LAYERS + ('ui/app',),  # src/main.c
}

# Headers the build writes, and the folder each belongs to.
GENERATED = {
    'config.h': None,  # the whole project's; anyone may include it
    'crapette-enums.h': 'engine/rules',  # gnome.mkenums of crapette-types.h
    'crapette-net-enums.h': 'net',  # gnome.mkenums of crapette-net-peer.h
    'crapette-cards-resources.h': 'ui/cards',  # the deck, data/cards/meson.build
}

# System headers of the toolkit: never in the engine, nor in network play.
TOOLKIT = re.compile(r'^(gtk/|gdk/|gsk/|adwaita\.h|librsvg/|rsvg)')
NO_TOOLKIT = ENGINE_LAYERS + ('net',)

INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^">]+)[">]', re.M)


def folder_of(relpath):
    """The folder of a path under src/, as written in MAY_USE ('' for src/ itself)."""
    return os.path.dirname(relpath).replace(os.sep, '/')


def scan(src):
    """Every .c and .h under @src: {relative path: text}."""
    files = {}
    for folder, subfolders, names in os.walk(src):
        subfolders[:] = sorted(d for d in subfolders if not d.startswith('.'))
        for name in sorted(names):
            if name.endswith(('.c', '.h')):
                path = os.path.join(folder, name)
                with open(path, encoding='utf-8', errors='replace') as source:
                    files[os.path.relpath(path, src)] = source.read()
    return files


def check(files):
    """The broken rules, one message each, for the files of check()."""
    problems = []
    home = {}
    for relpath in files:
        name = os.path.basename(relpath)
        if relpath.endswith('.h'):
            if name in home:
                problems.append('%s and %s: two headers of one name' % (home[name], relpath))
            home[name] = relpath
    for relpath, text in sorted(files.items()):
        folder = folder_of(relpath)
        if folder not in MAY_USE:
            problems.append('%s: src/%s is in no layer of check-layers.py' % (relpath, folder))
            continue
        for line_number, (quote, header) in lines_of_includes(text):
            where = '%s:%d' % (relpath, line_number)
            if quote == '<':
                if folder in NO_TOOLKIT and TOOLKIT.match(header):
                    problems.append('%s: src/%s never includes the toolkit (<%s>)'
                                    % (where, folder, header))
                continue
            name = os.path.basename(header)
            if name in GENERATED:
                target = GENERATED[name]
            elif name in home:
                target = folder_of(home[name])
            else:
                problems.append('%s: "%s" is no header of src/' % (where, header))
                continue
            if target is None or target == folder:
                continue
            if target not in MAY_USE[folder]:
                problems.append('%s: src/%s may not use src/%s ("%s")'
                                % (where, folder, target, name))
            elif name.endswith('-private.h') and not folder.startswith('engine/'):
                problems.append('%s: "%s" is private to src/%s' % (where, name, target))
    return problems


def lines_of_includes(text):
    for match in INCLUDE.finditer(text):
        yield text.count('\n', 0, match.start()) + 1, (match.group(1), match.group(2))


def self_test():
    """The checker itself: a tree that keeps the rules, then one that breaks each."""
    good = {
        'engine/rules/crapette-card.h': '#include <glib.h>\n#include "crapette-enums.h"\n',
        'engine/rules/crapette-round-private.h': '#include "crapette-card.h"\n',
        'engine/words/crapette-names.h': '#include "crapette-card.h"\n',
        'engine/match/crapette-match.c': ('#include "config.h"\n'
                                          '#include "crapette-round-private.h"\n'),
        'ui/table/crapette-table.h': '#include <gtk/gtk.h>\n#include "crapette-names.h"\n',
        'main.c': '#include "crapette-application.h"\n',
        'ui/app/crapette-application.h': '#include <adwaita.h>\n',
    }
    broken = {
        'the rules include the words': ('engine/rules/crapette-card.c',
                                        '#include "crapette-names.h"\n'),
        'the engine includes GTK': ('engine/match/crapette-save.c', '#include <gtk/gtk.h>\n'),
        'the engine includes the UI': ('engine/session/crapette-s.c',
                                       '#include "crapette-application.h"\n'),
        'net includes the UI': ('net/crapette-peer.c', '#include "crapette-table.h"\n'),
        'net includes librsvg': ('net/crapette-peer.c', '#include <librsvg/rsvg.h>\n'),
        'the UI includes an engine private header': ('ui/table/crapette-marks.c',
                                                     '#include "crapette-round-private.h"\n'),
        'the table includes the window': ('ui/table/crapette-marks.c',
                                          '#include "crapette-application.h"\n'),
        'an unknown folder': ('engine/misc/crapette-x.c', '#include "crapette-card.h"\n'),
        'an unknown header': ('engine/words/crapette-x.c', '#include "crapette-nothing.h"\n'),
    }
    print('1..%d' % (1 + len(broken)))
    failed = False
    problems = check(good)
    print(('not ok' if problems else 'ok') + ' 1 - a tree that keeps the rules passes')
    for problem in problems:
        print('#   ' + problem)
        failed = True
    for number, (title, (path, text)) in enumerate(sorted(broken.items()), 2):
        tree = dict(good)
        tree[path] = text
        problems = check(tree)
        print(('ok' if problems else 'not ok') + ' %d - fails when %s' % (number, title))
        for problem in problems:
            print('#   ' + problem)
        failed = failed or not problems
    return 1 if failed else 0


def main():
    if sys.argv[1:] == ['--self-test']:
        return self_test()
    files = scan(os.path.join(sys.argv[1], 'src'))
    problems = check(files)
    print('1..1')
    print('# %d files, %d #include lines read' % (
        len(files), sum(len(list(lines_of_includes(t))) for t in files.values())))
    print(('not ok' if problems else 'ok') + ' 1 - every #include of src/ keeps to its layer')
    for problem in problems:
        print('#   ' + problem)
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
